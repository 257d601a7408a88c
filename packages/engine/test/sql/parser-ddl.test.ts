import { describe, expect, it } from 'vitest';
import { parse } from '../../src/sql';
import { expectSyntaxError, id, parseAs } from './helpers';

describe('database DDL', () => {
  it('parses CREATE DATABASE with every option typed', () => {
    const s = parseAs(
      `create database if not exists power vgroups 4 precision 'us' replica 3 buffer 512 pages 128 pagesize 8
       tsdb_pagesize 16 cachemodel 'both' cachesize 32 comp 1 duration 14400m keep 365d,730d,3650d keep_time_offset 2
       minrows 50 maxrows 5000 wal_level 2 wal_fsync_period 1000 wal_retention_period -1 wal_retention_size 0
       stt_trigger 4 single_stable 1 table_prefix -2 table_suffix 3 retentions '-:7d,1m:21d'
       dnodes '1,2' encrypt_algorithm 'sm4' compact_interval 1d compact_time_range 10d,20d compact_time_offset 2h`,
      'createDatabase',
    );
    expect(s.ifNotExists).toBe(true);
    expect(s.name).toEqual(id('power'));
    const byName = Object.fromEntries(s.options.map((o) => [o.name, o.value]));
    expect(byName).toMatchObject({
      VGROUPS: 4,
      PRECISION: 'us',
      REPLICA: 3,
      BUFFER: 512,
      PAGES: 128,
      PAGESIZE: 8,
      TSDB_PAGESIZE: 16,
      CACHEMODEL: 'both',
      CACHESIZE: 32,
      COMP: 1,
      DURATION: { value: 14400, unit: 'm' },
      KEEP: [{ value: 365, unit: 'd' }, { value: 730, unit: 'd' }, { value: 3650, unit: 'd' }],
      KEEP_TIME_OFFSET: 2,
      MINROWS: 50,
      MAXROWS: 5000,
      WAL_LEVEL: 2,
      WAL_FSYNC_PERIOD: 1000,
      WAL_RETENTION_PERIOD: -1,
      WAL_RETENTION_SIZE: 0,
      STT_TRIGGER: 4,
      SINGLE_STABLE: 1,
      TABLE_PREFIX: -2,
      TABLE_SUFFIX: 3,
      RETENTIONS: '-:7d,1m:21d',
      DNODES: '1,2',
      ENCRYPT_ALGORITHM: 'sm4',
      COMPACT_INTERVAL: { value: 1, unit: 'd' },
      COMPACT_TIME_RANGE: [{ value: 10 }, { value: 20 }],
      COMPACT_TIME_OFFSET: { value: 2, unit: 'h' },
    });
    expect(parseAs('create database d s3_keeplocal 2d s3_chunkpages 100 s3_compact 1 wal_roll_period 10 wal_segment_size 5', 'createDatabase').options).toEqual([
      { name: 'S3_KEEPLOCAL', value: { value: 2, unit: 'd', text: '2d' } },
      { name: 'S3_CHUNKPAGES', value: 100 },
      { name: 'S3_COMPACT', value: 1 },
      { name: 'WAL_ROLL_PERIOD', value: 10 },
      { name: 'WAL_SEGMENT_SIZE', value: 5 },
    ]);
    // STRICT is gone from TDengine 3.3.7.5's grammar: the options stop there and the rest is a syntax error
    expect(() => parse("create database d strict 'off'")).toThrow(expect.objectContaining({ code: 0x2600, message: 'syntax error near "strict \'off\'"' }));
    expect(parseAs('create database d keep 3650 duration 10', 'createDatabase').options).toEqual([
      { name: 'KEEP', value: [{ value: 3650, unit: null, text: '3650' }] },
      { name: 'DURATION', value: { value: 10, unit: null, text: '10' } },
    ]);
  });

  it('parses ALTER DATABASE and rejects immutable options as a syntax error', () => {
    const s = parseAs("alter database power cachemodel 'last_row' keep 100d wal_level 1 buffer 64", 'alterDatabase');
    expect(s.options.map((o) => o.name)).toEqual(['CACHEMODEL', 'KEEP', 'WAL_LEVEL', 'BUFFER']);
    expectSyntaxError("alter database power precision 'us'", "precision 'us'");
    expectSyntaxError('alter database power vgroups 4', 'vgroups 4');
  });

  it('parses DROP DATABASE, USE, FLUSH, TRIM, COMPACT', () => {
    expect(parse('drop database if exists power')).toEqual({ kind: 'dropDatabase', ifExists: true, name: id('power') });
    expect(parse('drop database `Power`')).toEqual({ kind: 'dropDatabase', ifExists: false, name: { name: 'Power', quoted: true } });
    expect(parse('USE Power')).toEqual({ kind: 'use', name: id('power') });
    expect(parse('flush database power')).toEqual({ kind: 'flushDatabase', name: id('power') });
    expect(parse('trim database power')).toEqual({ kind: 'trimDatabase', name: id('power') });
    expect(parse('compact database power')).toEqual({ kind: 'compactDatabase', name: id('power') });
    expect(parse("compact database power start with '2024-01-01' end with now")).toMatchObject({
      start: { type: 'string' },
      end: { type: 'timeKeyword' },
    });
  });
});

describe('table DDL', () => {
  it('parses CREATE STABLE with column options, tags and table options', () => {
    const s = parseAs(
      `create stable if not exists power.meters (ts timestamp, id int primary key, current float encode 'delta-d' compress 'lz4' level 'high',
        voltage int unsigned, name nchar(10), d decimal(20, 4), g geometry(64), b varbinary(16))
       tags (groupid int, location binary(24)) comment 'meters' sma(current) keep 100d`,
      'createStable',
    );
    expect(s.name).toEqual({ db: id('power'), name: id('meters') });
    expect(s.columns).toEqual([
      { name: id('ts'), type: { name: 'TIMESTAMP' } },
      { name: id('id'), type: { name: 'INT' }, primaryKey: true },
      { name: id('current'), type: { name: 'FLOAT' }, encode: 'delta-d', compress: 'lz4', level: 'high' },
      { name: id('voltage'), type: { name: 'INT UNSIGNED' } },
      { name: id('name'), type: { name: 'NCHAR', length: 10 } },
      { name: id('d'), type: { name: 'DECIMAL', precision: 20, scale: 4 } },
      { name: id('g'), type: { name: 'GEOMETRY', length: 64 } },
      { name: id('b'), type: { name: 'VARBINARY', length: 16 } },
    ]);
    expect(s.tags).toEqual([
      { name: id('groupid'), type: { name: 'INT' } },
      { name: id('location'), type: { name: 'VARCHAR', length: 24 } },
    ]);
    expect(s.options).toEqual({ comment: 'meters', sma: [id('current')], keep: { value: 100, unit: 'd', text: '100d' } });
  });

  it('parses CREATE TABLE: normal, super (with TAGS), child and multi-create', () => {
    expect(parseAs('create table t (ts timestamp, v double) ttl 7 comment "x"', 'createTable')).toMatchObject({
      columns: [{}, { type: { name: 'DOUBLE' } }],
      options: { ttl: 7, comment: 'x' },
    });
    expect(parseAs('create table st (ts timestamp, v int) tags (t json)', 'createStable').tags).toEqual([
      { name: id('t'), type: { name: 'JSON' } },
    ]);
    const m = parseAs(
      "create table if not exists d1 using meters tags (1, 'a') d2 using meters (location) tags ('b') ttl 3 if not exists db.d3 using db.meters tags (now, -1.5, null)",
      'createChildTables',
    );
    expect(m.tables).toHaveLength(3);
    expect(m.tables[0]).toMatchObject({ ifNotExists: true, name: { name: id('d1') }, using: { name: id('meters') }, tags: [{ value: '1' }, { value: 'a' }] });
    expect(m.tables[1]).toMatchObject({ ifNotExists: false, tagColumns: [id('location')], options: { ttl: 3 } });
    expect(m.tables[2]).toMatchObject({ ifNotExists: true, name: { db: id('db') }, tags: [{ type: 'timeKeyword' }, { type: 'unary' }, { type: 'null' }] });
  });

  it('parses every ALTER STABLE / ALTER TABLE form', () => {
    const action = (sql: string) => (parse(sql) as { action: unknown }).action;
    expect(action('alter stable meters add column c2 varchar(10)')).toEqual({ type: 'addColumn', column: { name: id('c2'), type: { name: 'VARCHAR', length: 10 } } });
    expect(action('alter stable meters drop column c2')).toEqual({ type: 'dropColumn', name: id('c2') });
    expect(action('alter stable meters modify column c2 varchar(20)')).toEqual({ type: 'modifyColumn', name: id('c2'), dataType: { name: 'VARCHAR', length: 20 } });
    expect(action('alter stable meters add tag t2 nchar(8)')).toEqual({ type: 'addTag', tag: { name: id('t2'), type: { name: 'NCHAR', length: 8 } } });
    expect(action('alter stable meters drop tag t2')).toEqual({ type: 'dropTag', name: id('t2') });
    expect(action('alter stable meters modify tag t2 nchar(16)')).toEqual({ type: 'modifyTag', name: id('t2'), dataType: { name: 'NCHAR', length: 16 } });
    expect(action('alter stable meters rename tag t2 t3')).toEqual({ type: 'renameTag', from: id('t2'), to: id('t3') });
    expect(action("alter stable meters comment 'c'")).toEqual({ type: 'options', options: { comment: 'c' } });
    expect(action('alter stable meters keep 30d')).toMatchObject({ type: 'options', options: { keep: { value: 30 } } });
    expect(action('alter table t rename column a b')).toEqual({ type: 'renameColumn', from: id('a'), to: id('b') });
    expect(action('alter table t ttl 10')).toEqual({ type: 'options', options: { ttl: 10 } });
    expect(action("alter table t modify column v encode 'simple8b' compress 'zstd' level 'l'")).toEqual({
      type: 'modifyColumnCompression',
      name: id('v'),
      encode: 'simple8b',
      compress: 'zstd',
      level: 'l',
    });
    expect(action("alter table t modify column v compress 'xz'")).toEqual({ type: 'modifyColumnCompression', name: id('v'), compress: 'xz' });
    expect(action("alter table d1 set tag location = 'x'")).toMatchObject({ type: 'setTag', assignments: [{ name: id('location'), value: { value: 'x' } }] });
    expect(action("alter table d1 set tag a = 1, b = 'x', tag c = null")).toMatchObject({ type: 'setTag', assignments: [{}, {}, { name: id('c') }] });
    expect(parse('alter table db.t add column c int')).toMatchObject({ kind: 'alterTable', name: { db: id('db'), name: id('t') } });
    expectSyntaxError('alter table t frobnicate', 'frobnicate');
  });

  it('parses DROP TABLE lists, DROP STABLE, views and DESCRIBE', () => {
    expect(parse('drop table if exists a, db.b, if exists c')).toEqual({
      kind: 'dropTable',
      tables: [
        { ifExists: true, name: { name: id('a') } },
        { ifExists: false, name: { db: id('db'), name: id('b') } },
        { ifExists: true, name: { name: id('c') } },
      ],
    });
    expect(parse('drop stable if exists meters')).toEqual({ kind: 'dropStable', ifExists: true, name: { name: id('meters') } });
    const v = parseAs('create or replace view db.v1 as select ts, current from meters where voltage > 200', 'createView');
    expect(v).toMatchObject({ orReplace: true, name: { db: id('db'), name: id('v1') }, query: { kind: 'select' } });
    expect(v.queryText).toBe('select ts, current from meters where voltage > 200');
    expect(parseAs('create view v2 as select 1', 'createView').orReplace).toBe(false);
    expect(parse('drop view if exists v1')).toEqual({ kind: 'dropView', ifExists: true, name: { name: id('v1') } });
    expect(parse('describe power.meters')).toEqual({ kind: 'describe', name: { db: id('power'), name: id('meters') } });
    expect(parse('desc d1001')).toEqual({ kind: 'describe', name: { name: id('d1001') } });
  });

  it('parses DELETE', () => {
    expect(parse('delete from power.d1 where ts >= now - 1d and ts < now')).toMatchObject({
      kind: 'delete',
      table: { db: id('power'), name: id('d1') },
      where: { op: 'AND' },
    });
    expect(parse('delete from t')).toEqual({ kind: 'delete', table: { name: id('t') } });
  });

  it('rejects keywords as unquoted names and accepts them back-quoted', () => {
    expectSyntaxError('create table t (ts timestamp, value int)', 'value int)');
    expect(parseAs('create table t (ts timestamp, `value` int)', 'createTable').columns[1].name).toEqual({ name: 'value', quoted: true });
    expectSyntaxError('select name, precision from information_schema.ins_databases', 'precision from information_schema.ins_databases');
  });

  it('reads `type` as a name, as TDengine 3.3.7.5 does (ins_tables.type selected and filtered unquoted)', () => {
    const q = parseAs("select table_name, type from information_schema.ins_tables where type = 'CHILD_TABLE'", 'select');
    expect(q.items[1]).toMatchObject({ expr: { type: 'column', name: { name: 'type', quoted: false } } });
    expect(q.where).toMatchObject({ left: { type: 'column', name: { name: 'type' } } });
  });
});
