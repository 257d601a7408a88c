import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultSet } from '../../src/format/result';
import { TdError } from '../../src/errors';
import { ColumnarParser } from '../../src/schemaless/line-protocol/columnar';
import { parseLines } from '../../src/schemaless/line-protocol/parse';
import { openTestEngine, type TestEngine } from '../engine/helpers';

/**
 * The column-major fast path (line-protocol/columnar.ts, apply-lines.ts) against the row-by-row path: the same body
 * written both ways into twin databases must read back the same (schema, child tables, tags, rows), and what the
 * fast path does not take must fall back with the row-by-row path's errors.
 */

let t: TestEngine;
const NOW = Date.now();

/** The fast path reads the request's bytes: a body written here as text is sent as UTF-8. */
const parser = new ColumnarParser();
const parseColumnar = (body: string, precision?: string) => parser.parse(Buffer.from(body), precision);

beforeAll(async () => {
  t = await openTestEngine();
  for (const db of ['fast', 'slow']) await t.run(`CREATE DATABASE ${db} PRECISION 'ms'`);
  for (const db of ['fastns', 'slowns']) await t.run(`CREATE DATABASE ${db} PRECISION 'ns'`);
});

afterAll(async () => {
  await t.close();
});

interface Opts {
  precision?: string;
  key?: string;
  ns?: boolean;
}

/** Writes `body` through the fast path (which must take it) and through the row-by-row path. */
async function writeBoth(body: string, opts: Opts = {}): Promise<void> {
  const precision = opts.precision ?? 'ms';
  const batch = parseColumnar(body, precision);
  expect(batch, 'the fast path takes the body').toBeDefined();
  const before = t.engine.lineBatches.fast;
  const [fast, slow] = opts.ns ? ['fastns', 'slowns'] : ['fast', 'slow'];
  const a = await t.engine.writePoints('root', fast, batch!, opts.key);
  if (batch!.rows > 0) expect(t.engine.lineBatches.fast).toBe(before + 1);
  const b = await t.engine.writePoints('root', slow, parseLines(body, precision), opts.key);
  expect(a).toBe(b);
}

async function rows(sql: string): Promise<unknown[][]> {
  return ((await t.run(sql)) as ResultSet).rows;
}

/** DESCRIBE, child tables with tags, and every row of `stable`, in both twin databases: they must be equal. */
async function expectSame(stable: string, ns = false): Promise<unknown[][]> {
  const [fast, slow] = ns ? ['fastns', 'slowns'] : ['fast', 'slow'];
  const read = async (db: string) => ({
    // back-quoted: an unquoted non-ASCII name (温度) is no table name in TDengine's grammar (9728)
    describe: await rows(`DESCRIBE ${db}.\`${stable}\``),
    tags: await rows(`SELECT * FROM information_schema.ins_tags WHERE db_name = '${db}' AND stable_name = '${stable}' ORDER BY table_name, tag_name`).then((r) =>
      r.map((row) => row.filter((v) => v !== db)),
    ),
    data: await rows(`SELECT tbname, * FROM ${db}.\`${stable}\` ORDER BY tbname, _ts`),
  });
  const f = await read(fast);
  expect(f).toEqual(await read(slow));
  return f.data;
}

describe('line protocol column-major parse', () => {
  it('reads plain lines into one block per series key, values column by column', () => {
    const batch = parseColumnar(['m,t=a x=1.5,y=2i 1000', '# note', '', 'm,t=b x=2,y=-3i 1001\r', 'm,t=a x=3e2,y=4i 1002'].join('\n'), 'ms')!;
    expect(batch.rows).toBe(3);
    // DOUBLE, safe BIGINT values and short timestamps come packed (no boxed number per value)
    const plain = (col: ArrayLike<unknown>) => (col instanceof Float64Array ? ['packed', ...col] : col);
    expect(batch.blocks.map((b) => [b.series.tags, b.keys, b.types, b.values.map(plain), plain(b.ts), b.line])).toEqual([
      [[['t', 'a']], ['x', 'y'], ['DOUBLE', 'BIGINT'], [['packed', 1.5, 300], ['packed', 2, 4]], ['packed', 1000, 1002], 1],
      [[['t', 'b']], ['x', 'y'], ['DOUBLE', 'BIGINT'], [['packed', 2], ['packed', -3]], ['packed', 1001], 4],
    ]);
  });

  it('unpacks a BIGINT column at a value beyond 2^53 and a timestamp column at a long timestamp', () => {
    const batch = parseColumnar(['m y=1i 1000', 'm y=9007199254740993i 1001', 'm y=2i 1700000000000000000'].join('\n'), 'ms')!;
    expect(batch.blocks[0].values).toEqual([[1n, 9007199254740993n, 2n]]);
    expect(batch.blocks[0].ts).toEqual([1000, 1001, 1700000000000000000n]);
  });

  it('reads other suffixes and booleans through the field literal parser, and long timestamps as bigints', () => {
    const batch = parseColumnar('m a=1i8,b=2u,c=1.5f32,d=t,e=9223372036854775807i 1700000000000000000', 'ns')!;
    expect(batch.blocks[0].types).toEqual(['TINYINT', 'BIGINT UNSIGNED', 'FLOAT', 'BOOL', 'BIGINT']);
    expect(batch.blocks[0].values.map((col) => Array.from(col))).toEqual([[1], [2n], [1.5], [true], [9223372036854775807n]]);
    expect(batch.blocks[0].values[2]).toBeInstanceOf(Float64Array);
    expect(batch.blocks[0].ts).toEqual([1700000000000000000n]);
  });

  it('reads decimal numbers in place to exactly what Number() gives', () => {
    const samples = ['0', '-0', '-0.0', '1.', '.5', '+1.25', '000.100', '123456789012345', '1234567.89012345', '0.000000000000001', '-.5', '1e3', '1.5E-7', '12345678901234567.5'];
    // deterministic pseudo-random decimals of 1–17 digits with the point anywhere
    let x = 12345;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 20000; i++) {
      const d = (next() % 17) + 1;
      let digits = '';
      for (let j = 0; j < d; j++) digits += next() % 10;
      const at = next() % (d + 1);
      samples.push(`${next() % 2 ? '-' : ''}${digits.slice(0, at)}${at < d ? '.' : ''}${digits.slice(at)}`);
    }
    const body = samples.map((v, i) => `m x=${v} ${i + 1}`).join('\n');
    const values = parseColumnar(body, 'ms')!.blocks[0].values[0];
    samples.forEach((v, i) => expect(Object.is(values[i], Number(v)), v).toBe(true));
  });

  it.each([
    ['a backslash', 'm,t=a\\ b x=1 1'],
    ['a quoted string', 'm s="x" 1'],
    ['no timestamp', 'm x=1'],
    ['a negative timestamp', 'm x=1 -5'],
    ['two spaces', 'm  x=1 1'],
    ['leading white space', ' m x=1 1'],
    ['fields that change within a series', 'm x=1 1\nm y=1 2'],
    ['a type that changes within a series', 'm x=1 1\nm x=1i 2'],
    ['an extra field on a later line', 'm x=1 1\nm x=1,y=2 2'],
    ['a malformed value', 'm x=abc 1'],
    ['an out of range integer', 'm x=128i8 1'],
    ['a duplicated key', 'm,t=a t=1 1'],
    ['a trailing comma', 'm x=1, 1'],
    ['an empty measurement', ',t=a x=1 1'],
    ['a tag without value', 'm,t= x=1 1'],
    ['trailing white space', 'm x=1 1\t'],
    ['a trailing non-ASCII space', 'm x=1 1\u00a0'],
    ['a leading non-ASCII space', '\u00a0m x=1 1'],
    ['a field key that is a prefix of the series\' next one', 'm x=1,yy=2 1\nm x=1,y=2 2'],
    ['a value running into the timestamp', 'm x=1 1\nm x=12'],
    ['a stray carriage return', 'm x=1 1\rm x=2 2'],
  ])('leaves %s to the row-by-row path', (_, body) => {
    expect(parseColumnar(body, 'ms')).toBeUndefined();
  });

  it('leaves an unknown precision to the row-by-row path (its error)', () => {
    expect(parseColumnar('m x=1 1', 'fortnight')).toBeUndefined();
  });
});

describe('line protocol fast path writes what the row-by-row path writes', () => {
  it('the meters demo with a table-name tag, rows out of order and a repeated timestamp', async () => {
    const lines = [];
    for (let i = 0; i < 50; i++) lines.push(`meters,groupid=${(i % 4) + 1},location=Cal.SF,tname=d${i % 4} current=${10 + i / 7},voltage=${200 + i}i,phase=0.${i} ${NOW - 1000 + ((i * 7) % 50)}`);
    lines.push(`meters,groupid=2,location=Cal.SF,tname=d1 current=99,voltage=1i,phase=0.5 ${NOW - 1000 + 7}`);
    await writeBoth(lines.join('\n'), { key: 'tname' });
    const data = await expectSame('meters');
    expect(data.length).toBeGreaterThan(40);
    expect(data.some((r) => r[0] === 'd1' && r[2] === 99)).toBe(true);
  });

  it('the meters demo typed as its super table (f32, i32): packed, the same rows as the row-by-row path', async () => {
    const lines = [];
    for (let i = 0; i < 40; i++) lines.push(`tmeters,groupid=1,location=Cal.SF,tname=t${i % 2} current=${10 + i / 8}f32,voltage=${i % 3 ? 200 + i : -2147483648 + i}i32,phase=-0.${i}f32 ${NOW - 1000 + i}`);
    // edges: INT limits, a FLOAT beyond float precision, an exponent (read the generic way), a signed value
    lines.push(`tmeters,groupid=1,location=Cal.SF,tname=t0 current=3.4e38f32,voltage=2147483647i32,phase=+1.000000119f32 ${NOW - 500}`);
    const batch = parseColumnar(lines.join('\n'), 'ms')!;
    expect(batch.blocks[0].types).toEqual(['FLOAT', 'INT', 'FLOAT']);
    expect(batch.blocks[0].values.every((col) => col instanceof Float64Array)).toBe(true);
    await writeBoth(lines.join('\n'), { key: 'tname' });
    const data = await expectSame('tmeters');
    expect(data.some((r) => r[3] === 2147483647 && r[2] === Math.fround(3.4e38))).toBe(true);
  });

  it('an i32 or f32 value out of its range is not taken: the row-by-row path refuses it, naming the line', () => {
    for (const bad of ['current=1f32,voltage=2147483648i32', 'current=1f32,voltage=-2147483649i32', 'current=3.5e38f32,voltage=1i32', 'current=-4e38f32,voltage=1i32']) {
      const body = `m,t=a current=1f32,voltage=1i32 ${NOW}\nm,t=a ${bad} ${NOW + 1}`;
      expect(parseColumnar(body, 'ms'), bad).toBeUndefined();
      expect(() => parseLines(body, 'ms'), bad).toThrow(/line 2/);
    }
  });

  it('non-ASCII series keys and field keys, interleaved series, CRLF and keys that are prefixes of each other', async () => {
    const body = [
      `温度,城市=北京,t=a 值=1.5,x=1i ${NOW}`,
      `温度,城市=上海,t=a 值=2.5,x=2i ${NOW}`,
      `温度,城市=北京,t=a 值=3.5,x=3i ${NOW + 1}\r`,
      `温度,城市=北京,t=ab 值=4.5,x=4i ${NOW + 1}`,
      `温度,城市=北京,t=a 值=5.5,x=5i ${NOW + 2}`,
      `温度,城市=上海,t=a 值=6.5,x=6i ${NOW + 1}`,
    ].join('\n');
    const batch = parseColumnar(body, 'ms')!;
    expect(batch.blocks.map((b) => [b.series.tags, b.keys, Array.from(b.ts)])).toEqual([
      [[['城市', '北京'], ['t', 'a']], ['值', 'x'], [NOW, NOW + 1, NOW + 2]],
      [[['城市', '上海'], ['t', 'a']], ['值', 'x'], [NOW, NOW + 1]],
      [[['城市', '北京'], ['t', 'ab']], ['值', 'x'], [NOW + 1]],
    ]);
    await writeBoth(body);
    expect(await expectSame('温度')).toHaveLength(6);
  });

  it('hashed child table names, several measurements (dots to underscores) and every numeric suffix', async () => {
    const body = [
      `cpu.load,host=a,dc=x u=1.5,idle=2i,s8=-3i8,s16=4i16,s32=5i32,big=6i64,ub=7u8,us=8u16,ui=9u32,ul=10u64,f=1.25f32,b=t ${NOW}`,
      `cpu.load,dc=x,host=b u=2.5,idle=3i,s8=3i8,s16=-4i16,s32=-5i32,big=-6i64,ub=0u8,us=0u16,ui=0u32,ul=0u,f=-1.5f32,b=false ${NOW + 1}`,
      `disk,host=a free=10i ${NOW}`,
      `disk free=11i ${NOW + 2}`,
    ].join('\n');
    await writeBoth(body);
    await expectSame('cpu_load');
    await expectSame('disk');
  });

  it('schema evolution across requests: a new field, a new tag and a longer tag value widen the table', async () => {
    await writeBoth(`evo,host=a x=1 ${NOW}`);
    await writeBoth(`evo,host=abcdefghijkl,rack=r1 x=2,y=3i ${NOW + 1}\nevo,host=a x=4 ${NOW + 2}`);
    const data = await expectSame('evo');
    expect(data).toHaveLength(3);
  });

  it('converts request precisions to the database precision (s into ms, ns into ms, ms into ns, 19-digit ns)', async () => {
    await writeBoth(`prec,p=s v=1 ${Math.floor(NOW / 1000)}`, { precision: 's' });
    await writeBoth(`prec,p=ns v=2 ${BigInt(NOW) * 1_000_000n + 123_456n}`, { precision: 'ns' });
    await writeBoth(`prec,p=ms v=3 ${NOW}`, { ns: true });
    await writeBoth(`prec,p=ns v=4 ${BigInt(NOW) * 1_000_000n + 123_456n}`, { precision: 'ns', ns: true });
    await expectSame('prec');
    await expectSame('prec', true);
  });

  it('a later request for the same series appends to its child table (replacing equal timestamps)', async () => {
    await writeBoth(`again,k=1 v=1 ${NOW}\nagain,k=1 v=2 ${NOW + 1}`);
    await writeBoth(`again,k=1 v=3 ${NOW + 1}\nagain,k=1 v=4 ${NOW + 2}`);
    expect((await expectSame('again')).map((r) => r[2])).toEqual([1, 3, 4]);
  });
});

describe('line protocol fast path falls back with the row-by-row errors', () => {
  async function bothFail(body: string, db = 'fast', slowDb = 'slow'): Promise<TdError> {
    const batch = parseColumnar(body, 'ms');
    expect(batch).toBeDefined();
    const fast = await t.engine.writePoints('root', db, batch!).then(
      () => undefined,
      (e: TdError) => e,
    );
    const slow = await t.engine.writePoints('root', slowDb, parseLines(body, 'ms')).then(
      () => undefined,
      (e: TdError) => e,
    );
    expect(fast).toBeInstanceOf(TdError);
    expect([fast!.code, fast!.message]).toEqual([slow!.code, slow!.message]);
    return fast!;
  }

  it('a field whose type differs from its column names the line', async () => {
    await writeBoth(`clash x=1 ${NOW}`);
    const e = await bothFail(`clash,h=y x=1 ${NOW + 1}\nclash,h=z x=2i ${NOW + 2}`);
    expect(e.message).toMatch(/line/);
    const e2 = await bothFail(`clash,h=z x=2i ${NOW + 2}`);
    expect(e2.message).toMatch(/line 1/);
  });

  it('a timestamp older than KEEP', async () => {
    const e = await bothFail(`old x=1 ${NOW - 10 * 365 * 86400_000 - 86400_000}`);
    expect(e.message).toMatch(/KEEP/);
  });

  it('a measurement that is a normal table, and a table-name tag naming a table of another super table', async () => {
    for (const db of ['fast', 'slow']) await t.run(`CREATE TABLE ${db}.plain (ts TIMESTAMP, x DOUBLE)`);
    await bothFail(`plain x=1 ${NOW}`);
    await writeBoth(`owner,tname=shared x=1 ${NOW}`, { key: 'tname' });
    const body = `other,tname=shared x=1 ${NOW}`;
    const fast = await t.engine.writePoints('root', 'fast', parseColumnar(body, 'ms')!, 'tname').catch((e: TdError) => e);
    const slow = await t.engine.writePoints('root', 'slow', parseLines(body, 'ms'), 'tname').catch((e: TdError) => e);
    expect((fast as TdError).message).toBe((slow as TdError).message);
  });

  it('two series keys naming one child table go the row-by-row way and read back the same', async () => {
    const before = t.engine.lineBatches.fallback;
    const body = `pair,a=1,b=2 v=1 ${NOW}\npair,b=2,a=1 v=2 ${NOW + 1}`;
    await t.engine.writePoints('root', 'fast', parseColumnar(body, 'ms')!);
    await t.engine.writePoints('root', 'slow', parseLines(body, 'ms'));
    expect(t.engine.lineBatches.fallback).toBe(before + 1);
    expect(await expectSame('pair')).toHaveLength(2);
  });
});
