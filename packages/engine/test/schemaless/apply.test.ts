import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultSet } from '../../src/format/result';
import { TdError } from '../../src/errors';
import { parseLines } from '../../src/schemaless/line-protocol/parse';
import { parseOpenTsdbJson } from '../../src/schemaless/opentsdb/json';
import { parseTelnet } from '../../src/schemaless/opentsdb/telnet';
import { openTestEngine, type TestEngine } from '../engine/helpers';

let t: TestEngine;
const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

beforeAll(async () => {
  t = await openTestEngine();
  await t.run("CREATE DATABASE sml PRECISION 'ms'");
  await t.run("CREATE DATABASE smlns PRECISION 'ns'");
});

afterAll(async () => {
  await t.close();
});

const write = (body: string, opts: { db?: string; precision?: string; key?: string; user?: string } = {}) =>
  t.engine.writePoints(opts.user ?? 'root', opts.db ?? 'sml', parseLines(body, opts.precision ?? 'ms'), opts.key);

async function select(sql: string): Promise<unknown[][]> {
  const r = (await t.run(sql)) as ResultSet;
  return r.rows;
}

/** DESCRIBE rows as [name, type, length, note]. */
async function describeTable(name: string): Promise<unknown[][]> {
  return (await select(`DESCRIBE ${name}`)).map((r) => r.slice(0, 4));
}

async function failure(fn: () => Promise<unknown>): Promise<TdError> {
  try {
    await fn();
  } catch (e) {
    return e as TdError;
  }
  throw new Error('expected the write to fail');
}

const NOW = Date.now();

describe('schemaless writes through the engine', () => {
  it('creates the super table with _ts, typed fields and NCHAR tags, and the rows read back', async () => {
    const body = [
      `all_types,site=north,rack=r1 d=1.5,f=2.5f32,i8=-8i8,i16=16i16,i32=32i32,i64=64i,u8=8u8,u16=16u16,u32=32u32,u64=64u,s="hello",n=L"电表",b=t ${NOW}`,
      `all_types,site=north,rack=r1 d=-3,f=0f32,i8=127i8,i16=-1i16,i32=0i32,i64=-9223372036854775808i64,u8=255u8,u16=0u16,u32=4294967295u32,u64=18446744073709551615u64,s="a \\"q\\" \\\\",n=L"",b=false ${NOW + 1}`,
    ].join('\n');
    expect(await write(body)).toBe(2);
    expect(await describeTable('sml.all_types')).toEqual([
      ['_ts', 'TIMESTAMP', 8, ''],
      ['d', 'DOUBLE', 8, ''],
      ['f', 'FLOAT', 4, ''],
      ['i8', 'TINYINT', 1, ''],
      ['i16', 'SMALLINT', 2, ''],
      ['i32', 'INT', 4, ''],
      ['i64', 'BIGINT', 8, ''],
      ['u8', 'TINYINT UNSIGNED', 1, ''],
      ['u16', 'SMALLINT UNSIGNED', 2, ''],
      ['u32', 'INT UNSIGNED', 4, ''],
      ['u64', 'BIGINT UNSIGNED', 8, ''],
      ['s', 'VARCHAR', 8, ''],
      ['n', 'NCHAR', 4, ''],
      ['b', 'BOOL', 1, ''],
      ['site', 'NCHAR', 8, 'TAG'],
      ['rack', 'NCHAR', 4, 'TAG'],
    ]);
    const rows = await select('SELECT * FROM sml.all_types ORDER BY `_ts`');
    // 64-bit integers may come back as bigint or number: compare them as text
    const text = (r: unknown[]) => r.map((v) => (typeof v === 'bigint' || typeof v === 'number' ? String(v) : v));
    expect(rows.map(text)).toEqual(
      [
        [NOW, 1.5, 2.5, -8, 16, 32, 64, 8, 16, 32, 64, 'hello', '电表', true, 'north', 'r1'],
        [NOW + 1, -3, 0, 127, -1, 0, -9223372036854775808n, 255, 0, 4294967295, 18446744073709551615n, 'a "q" \\', '', false, 'north', 'r1'],
      ].map(text),
    );
  });

  it('stores VARBINARY and GEOMETRY literals as bytes', async () => {
    await write(`bytes,a=1 vb=B"\\x98f46e",g=G"POINT(1 2)" ${NOW}`);
    expect((await describeTable('sml.bytes')).slice(1, 3)).toEqual([
      ['vb', 'VARBINARY', 4, ''],
      ['g', 'GEOMETRY', 32, ''],
    ]);
    const [[vb, g]] = await select('SELECT vb, g FROM sml.bytes');
    expect(Buffer.from(vb as Uint8Array).toString('hex')).toBe('98f46e');
    expect(Buffer.from(g as Uint8Array).toString('hex')).toBe('0101000000000000000000f03f0000000000000040');
  });

  it('names child tables t_ + md5 of the sorted tag set, one child per tag set', async () => {
    await write(`cpu,host=b,dc=x usage=1 ${NOW}\ncpu,dc=x,host=b usage=2 ${NOW + 1}\ncpu,host=c,dc=x usage=3 ${NOW}`);
    const names = (await select('SELECT DISTINCT tbname FROM sml.cpu')).map((r) => r[0]).sort();
    expect(names).toEqual([`t_${md5('cpu,dc=x,host=b')}`, `t_${md5('cpu,dc=x,host=c')}`].sort());
    expect(await select(`SELECT usage FROM sml.t_${md5('cpu,dc=x,host=b')} ORDER BY \`_ts\``)).toEqual([[1], [2]]);
  });

  it('names the child table by the table_name_key tag, which is not stored as a tag', async () => {
    await write(`dev,tname=d1001,loc=SF v=1 ${NOW}\ndev,tname=d1002,loc=LA v=2 ${NOW}`, { key: 'tname' });
    expect(await select('SELECT tbname, loc, v FROM sml.dev ORDER BY tbname')).toEqual([
      ['d1001', 'SF', 1],
      ['d1002', 'LA', 2],
    ]);
    expect((await describeTable('sml.dev')).map((r) => r[0])).toEqual(['_ts', 'v', 'loc']);
  });

  it('accepts a measurement without tags (a _tag_null tag is created)', async () => {
    await write(`notags v=1 ${NOW}\nnotags v=2 ${NOW + 1}`);
    expect(await select('SELECT tbname, v, `_tag_null` FROM sml.notags ORDER BY `_ts`')).toEqual([
      [`t_${md5('notags')}`, 1, null],
      [`t_${md5('notags')}`, 2, null],
    ]);
  });

  it('evolves the schema: new fields and tags are added, longer strings widen the column', async () => {
    await write(`evo,a=1 x=1,s="abc" ${NOW}`);
    await write(`evo,a=1 x=2,y=5i,s="abcdefghijklmnopq" ${NOW + 1}`);
    await write(`evo,a=1,b=longer-tag-value-here x=3 ${NOW + 2}`);
    expect(await describeTable('sml.evo')).toEqual([
      ['_ts', 'TIMESTAMP', 8, ''],
      ['x', 'DOUBLE', 8, ''],
      ['s', 'VARCHAR', 32, ''],
      ['y', 'BIGINT', 8, ''],
      ['a', 'NCHAR', 2, 'TAG'],
      ['b', 'NCHAR', 32, 'TAG'],
    ]);
    const rows = await select('SELECT x, s, y, a, b, tbname FROM sml.evo ORDER BY `_ts`');
    expect(rows.map((r) => r.slice(0, 5))).toEqual([
      [1, 'abc', null, '1', null],
      [2, 'abcdefghijklmnopq', 5n, '1', null],
      [3, null, null, '1', 'longer-tag-value-here'],
    ].map((r) => r.map((v) => (typeof v === 'bigint' ? expect.anything() : v))));
    // a new tag set is a new child table
    expect(new Set(rows.map((r) => r[5])).size).toBe(2);
  });

  it('refuses a type conflict naming the line, and writes nothing of that request', async () => {
    await write(`conflict,a=1 v=1.5 ${NOW}`);
    const e = await failure(() => write(`conflict,a=1 w=2.5 ${NOW + 1}\nconflict,a=1 v=1i ${NOW + 2}`));
    expect(e.code).toBe(0x3002);
    expect(e.message).toContain(`line 2 "conflict,a=1 v=1i ${NOW + 2}"`);
    expect(e.message).toMatch(/BIGINT.*DOUBLE/);
    expect(await select('SELECT v FROM sml.conflict')).toEqual([[1.5]]);
  });

  it('refuses two types for one field inside a request', async () => {
    const e = await failure(() => write(`mixed v=1i ${NOW}\nmixed v="x" ${NOW}`));
    expect(e.code).toBe(0x3004);
    expect(e.message).toContain(`line 2 "mixed v="x" ${NOW}"`);
    expect(t.engine.catalog.database('sml').stables.mixed).toBeUndefined();
  });

  it('converts the request precision to the database precision', async () => {
    const sec = Math.floor(NOW / 1000);
    await write(`prec,p=s v=1 ${sec}`, { precision: 's' });
    await write(`prec,p=ns v=1 ${BigInt(NOW) * 1_000_000n + 999_999n}`, { precision: 'ns' });
    await write(`prec,p=u v=1 ${BigInt(NOW) * 1000n + 5n}`, { precision: 'u' });
    await write(`prec,p=ns v=1 ${BigInt(NOW) * 1_000_000n + 123_456n}`, { db: 'smlns', precision: 'ns' });
    await write(`prec,p=ms v=1 ${NOW}`, { db: 'smlns', precision: 'ms' });
    const rows = (sql: string) => select(sql).then((r) => r.map(([ts, p]) => [BigInt(ts as bigint), p]));
    expect(await rows('SELECT CAST(`_ts` AS BIGINT), p FROM sml.prec ORDER BY p')).toEqual([
      [BigInt(NOW), 'ns'],
      [BigInt(sec * 1000), 's'],
      [BigInt(NOW), 'u'],
    ]);
    expect(await rows('SELECT CAST(`_ts` AS BIGINT), p FROM smlns.prec ORDER BY p')).toEqual([
      [BigInt(NOW) * 1_000_000n, 'ms'],
      [BigInt(NOW) * 1_000_000n + 123_456n, 'ns'],
    ]);
  });

  it('stamps lines without a timestamp with the current time', async () => {
    const before = Date.now();
    await write('nots,a=1 v=1');
    const [[ts]] = await select('SELECT CAST(`_ts` AS BIGINT) FROM sml.nots');
    expect(Number(ts)).toBeGreaterThanOrEqual(before);
    expect(Number(ts)).toBeLessThanOrEqual(Date.now());
  });

  it('replaces a row written twice with the same timestamp', async () => {
    await write(`dup,a=1 v=1 ${NOW}`);
    await write(`dup,a=1 v=2 ${NOW}\ndup,a=1 v=3 ${NOW}`);
    expect(await select('SELECT v FROM sml.dup')).toEqual([[3]]);
  });

  it('refuses rows older than KEEP with 0x060B', async () => {
    await t.run("CREATE DATABASE smlkeep PRECISION 'ms' DURATION 1d KEEP 3d");
    const e = await failure(() => write(`old,a=1 v=1 ${NOW - 5 * 86_400_000}`, { db: 'smlkeep' }));
    expect(e.code).toBe(0x060b);
    expect(e.message).toContain('line 1');
  });

  it('refuses a measurement that is a normal table, a missing database and a user without write access', async () => {
    await t.run('CREATE TABLE sml.plain (ts TIMESTAMP, v DOUBLE)');
    expect((await failure(() => write(`plain,a=1 v=1 ${NOW}`))).code).toBe(0x0603);
    expect((await failure(() => write(`m v=1 ${NOW}`, { db: 'nosuchdb' }))).code).toBe(0x0388);
    await t.run("CREATE USER sml_reader PASS 'Reader_123'");
    await t.run('GRANT READ ON sml.* TO sml_reader');
    expect((await failure(() => write(`m v=1 ${NOW}`, { user: 'sml_reader' }))).code).toBe(0x2644);
  });

  it('lets concurrent requests create the same super table and child tables once', async () => {
    const bodies = [0, 1, 2, 3].map((k) => `race,a=${k % 2} v${k}=${k} ${NOW + k}\nrace,a=9 v=${k} ${NOW + k}`);
    expect(await Promise.all(bodies.map((b) => write(b)))).toEqual([2, 2, 2, 2]);
    expect((await describeTable('sml.race')).map((r) => r[0]).sort()).toEqual(['_ts', 'a', 'v', 'v0', 'v1', 'v2', 'v3'].sort());
    expect(Number((await select('SELECT count(*) FROM sml.race'))[0][0])).toBe(8);
    expect((await select('SELECT DISTINCT tbname FROM sml.race')).length).toBe(3);
  });

  it('refuses a table_name_key naming a table of another kind or super table, naming the line', async () => {
    await write(`owner_a,tname=shared v=1 ${NOW}`, { key: 'tname' });
    const e = await failure(() => write(`owner_b,tname=shared v=1 ${NOW}`, { key: 'tname' }));
    expect(e.code).toBe(0x061d);
    expect(e.message).toContain(`line 1 "owner_b,tname=shared v=1 ${NOW}"`);
    await t.run('CREATE TABLE sml.plain_named (ts TIMESTAMP, v DOUBLE)');
    expect((await failure(() => write(`owner_b,tname=plain_named v=1 ${NOW}`, { key: 'tname' }))).code).toBe(0x061d);
  });

  it('lets a WRITE user fill existing measurements and create new ones (CREATE STABLE needs write on the database, as in TDengine), a READ user neither (writes nothing)', async () => {
    await t.run("CREATE USER writer PASS 'Writer_123'");
    await t.run('GRANT WRITE ON sml.* TO writer');
    expect(await write(`cpu,host=b,dc=x usage=9 ${NOW + 5}`, { user: 'writer' })).toBe(1);
    expect(await write(`brand_new v=1 ${NOW}`, { user: 'writer' })).toBe(1);
    // sml_reader holds READ on sml.* (the test above).
    expect((await failure(() => write(`cpu,host=b,dc=x usage=9 ${NOW + 6}`, { user: 'sml_reader' }))).code).toBe(0x2644);
    expect((await failure(() => write(`brand_newer v=1 ${NOW}`, { user: 'sml_reader' }))).code).toBe(0x2644);
  });

  it('writes OpenTSDB telnet and JSON points into metric super tables with _ts and _value', async () => {
    const sec = Math.floor(NOW / 1000);
    await t.engine.writePoints('root', 'sml', parseTelnet(`put sys.cpu ${sec} 10.5 host=web01\nsys.cpu ${sec + 1} 11 host=web01`));
    await t.engine.writePoints(
      'root',
      'sml',
      parseOpenTsdbJson(JSON.stringify([{ metric: 'sys.cpu', timestamp: (sec + 2) * 1000, value: 12, tags: { host: 'web01' } }])),
    );
    expect((await describeTable('sml.sys_cpu')).map((r) => r.slice(0, 2))).toEqual([
      ['_ts', 'TIMESTAMP'],
      ['_value', 'DOUBLE'],
      ['host', 'NCHAR'],
    ]);
    expect(await select('SELECT CAST(`_ts` AS BIGINT), `_value`, `host`, tbname FROM sml.sys_cpu ORDER BY `_ts`')).toEqual([
      [sec * 1000, 10.5, 'web01', `t_${md5('sys_cpu,host=web01')}`],
      [(sec + 1) * 1000, 11, 'web01', `t_${md5('sys_cpu,host=web01')}`],
      [(sec + 2) * 1000, 12, 'web01', `t_${md5('sys_cpu,host=web01')}`],
    ].map(([ts, ...rest]) => [expect.toSatisfy((v: unknown) => Number(v) === ts), ...rest]));
  });
});
