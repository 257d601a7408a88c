import { describe, expect, it } from 'vitest';
import { databaseReferences, parse, renameDatabases } from '../../src/sql';

/**
 * Every database a statement names, with where it was written (sql/database-references.ts; the console's tenant
 * SQL guard on a shared TDengine cluster maps each one, docs/clusters.md): the names as the AST holds them, and the
 * source text at each span, which is what a rewrite replaces.
 */
function references(sql: string): Array<[string, string]> {
  return databaseReferences(parse(sql, { spans: true })).map((id) => [id.name, sql.slice(id.span!.start, id.span!.end)]);
}

describe('the databases a statement names', () => {
  it('in queries: FROM, joins, subqueries, unions; system tables too', () => {
    expect(references('select * from power.meters')).toEqual([['power', 'power']]);
    expect(references('select a.ts from Power.d1 a join `Other`.d2 b on a.ts = b.ts')).toEqual([
      ['power', 'Power'],
      ['Other', '`Other`'],
    ]);
    expect(references('select count(*) from (select * from x.t where v > 1) a join y.t b on a.ts = b.ts')).toEqual([
      ['x', 'x'],
      ['y', 'y'],
    ]);
    expect(references('select ts from a.t union all select ts from b.t')).toEqual([
      ['a', 'a'],
      ['b', 'b'],
    ]);
    expect(references("select * from information_schema.ins_tables where db_name = 'power'")).toEqual([['information_schema', 'information_schema']]);
    expect(references('select * from meters')).toEqual([]);
    expect(references('select 1')).toEqual([]);
  });

  it('in writes and deletes: INSERT into several tables, USING a super table of another database, DELETE', () => {
    expect(references("insert into p.d1 using q.meters tags ('x') values (now, 1) r.d2 values (now, 2)")).toEqual([
      ['p', 'p'],
      ['q', 'q'],
      ['r', 'r'],
    ]);
    expect(references('delete from power.d1 where ts < now')).toEqual([['power', 'power']]);
  });

  it('in statements about a database and in DDL', () => {
    expect(references('create database if not exists power vgroups 2')).toEqual([['power', 'power']]);
    expect(references('alter database power keep 3650')).toEqual([['power', 'power']]);
    expect(references('drop database if exists `Power`')).toEqual([['Power', '`Power`']]);
    expect(references('use power')).toEqual([['power', 'power']]);
    expect(references('flush database power')).toEqual([['power', 'power']]);
    expect(references('compact database power')).toEqual([['power', 'power']]);
    expect(references('create stable power.meters (ts timestamp, v int) tags (g int)')).toEqual([['power', 'power']]);
    expect(references('create table power.d1 using power.meters tags (1)')).toEqual([
      ['power', 'power'],
      ['power', 'power'],
    ]);
    expect(references('drop table if exists a.t1, b.t2')).toEqual([
      ['a', 'a'],
      ['b', 'b'],
    ]);
    expect(references('alter table power.meters add column c int')).toEqual([['power', 'power']]);
    expect(references('describe power.meters')).toEqual([['power', 'power']]);
    expect(references('create view power.v as select * from other.t')).toEqual([
      ['power', 'power'],
      ['other', 'other'],
    ]);
  });

  it('in SHOW statements', () => {
    expect(references('show power.stables')).toEqual([['power', 'power']]);
    expect(references("show power.tables like 'd%'")).toEqual([['power', 'power']]);
    expect(references('show power.vgroups')).toEqual([['power', 'power']]);
    expect(references('show create database power')).toEqual([['power', 'power']]);
    expect(references('show create table power.meters')).toEqual([['power', 'power']]);
    expect(references('show tags from d1 from power')).toEqual([['power', 'power']]);
    expect(references('show databases')).toEqual([]);
  });

  it('in topics, streams and grants; the wildcard of a grant is no name', () => {
    expect(references('create topic tp as database power')).toEqual([['power', 'power']]);
    expect(references('create topic tp as stable power.meters')).toEqual([['power', 'power']]);
    expect(references('create topic tp as select ts, v from power.meters')).toEqual([['power', 'power']]);
    expect(references('create stream s into out.avg_v as select _wstart, avg(v) from power.meters interval(1m)')).toEqual([
      ['out', 'out'],
      ['power', 'power'],
    ]);
    expect(references('grant read on power.* to u1')).toEqual([['power', 'power']]);
    expect(references('grant write on power.meters to u1')).toEqual([['power', 'power']]);
    expect(references('grant all on *.* to u1')).toEqual([]);
  });

  it("in a 3.3.7 stream: its name's database, FROM, INTO, the query; DROP/START/STOP/RECALCULATE db.s, SHOW db.STREAMS", () => {
    expect(
      references(
        'create stream `Power`.s1 interval(1m) sliding(1m) from src.meters partition by tbname stream_options(pre_filter(v > 0)) into dst.out tags (g int as %%1) as select _twstart, count(*) from %%trows t join other.d1 b on t.ts = b.ts',
      ),
    ).toEqual([
      ['Power', '`Power`'],
      ['src', 'src'],
      ['dst', 'dst'],
      ['other', 'other'],
    ]);
    // the stream's own name and the placeholders are no databases
    expect(references('create stream s period(1m) into o as select _tlocaltime, count(*) from %%tbname')).toEqual([]);
    expect(references('create stream s period(1m) as select count(*) from power.meters')).toEqual([['power', 'power']]);
    expect(references('drop stream if exists power.s1')).toEqual([['power', 'power']]);
    expect(references('start stream power.s1')).toEqual([['power', 'power']]);
    expect(references('stop stream if exists `P`.s1')).toEqual([['P', '`P`']]);
    expect(references("recalculate stream power.s1 from '2025-01-01'")).toEqual([['power', 'power']]);
    expect(references('show power.streams')).toEqual([['power', 'power']]);
    expect(references('drop stream s1')).toEqual([]);
    expect(renameDatabases('create stream power.s interval(1m) sliding(1m) from power.meters into power.out as select _twstart, avg(v) from %%trows', (name) => `ns_${name}`)).toBe(
      'create stream ns_power.s interval(1m) sliding(1m) from ns_power.meters into ns_power.out as select _twstart, avg(v) from %%trows',
    );
  });

  it('leaves identifiers without spans unless asked', () => {
    expect(databaseReferences(parse('select * from power.meters'))[0]).toEqual({ name: 'power', quoted: false });
  });

  it('renames each where it stands, keeping the rest of the text and the quoting', () => {
    const ns = (name: string) => `ns1a2b3c4d_${name}`;
    expect(renameDatabases('select * from power.meters where v > 1', ns)).toBe('select * from ns1a2b3c4d_power.meters where v > 1');
    expect(renameDatabases('SELECT a.ts FROM Power.d1 a JOIN `Other`.d2 b ON a.ts = b.ts', ns)).toBe(
      'SELECT a.ts FROM ns1a2b3c4d_power.d1 a JOIN `ns1a2b3c4d_Other`.d2 b ON a.ts = b.ts',
    );
    expect(renameDatabases("insert into p.d1 using p.meters tags ('p.x') values (now, 1)", ns)).toBe(
      "insert into ns1a2b3c4d_p.d1 using ns1a2b3c4d_p.meters tags ('p.x') values (now, 1)",
    );
    expect(renameDatabases('create stream s into out.avg_v as select _wstart, avg(v) from power.meters interval(1m)', ns)).toBe(
      'create stream s into ns1a2b3c4d_out.avg_v as select _wstart, avg(v) from ns1a2b3c4d_power.meters interval(1m)',
    );
    expect(renameDatabases('use power', (name) => `tenant-x_${name}`)).toBe('use `tenant-x_power`');
    expect(renameDatabases('select * from meters', ns)).toBe('select * from meters');
    // What the parser refuses is refused here too, with TDengine's code.
    expect(() => renameDatabases('select * from', ns)).toThrow(expect.objectContaining({ code: 0x2601 }));
  });
});
