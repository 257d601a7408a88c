import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TdCode } from '../../src/errors';
import type { ResultSet } from '../../src/format/result';
import { openTestEngine, type TestEngine } from './helpers';

/*
 * The write and delete rules 38_write_and_delete asked of TDengine 3.3.7.5 (statement numbers of that case file in
 * each test): how the insert parser reads number text and JSON tags, binds USING tag lists and refuses what is no
 * value, and how DELETE splits its WHERE into a time range and tag conditions.
 */
let t: TestEngine;
const SYNTAX = TdCode.SYNTAX_ERROR_OLD;

beforeAll(async () => {
  t = await openTestEngine();
  await t.run('create database w38 vgroups 1');
  await t.run('create table w38.n (ts timestamp, i int, f double, b bool)');
  await t.run('create stable w38.m (ts timestamp, v int) tags (g int, loc nchar(6))');
  await t.run('create stable w38.js (ts timestamp, v int) tags (j json)');
});
afterAll(async () => {
  await t.close();
});

const rows = async (sql: string): Promise<unknown[][]> => ((await t.run(sql)) as ResultSet).rows;
const T = 1704067200000;

describe('number text in INSERT (38#57)', () => {
  it('skips white space before a number and refuses it after one, as strtoll/strtod leave the text', async () => {
    await t.run(`insert into w38.n (ts, i, f, b) values (${T}, ' 42', ' -1.5', ' 1')`);
    expect(await t.rows('w38', 'n')).toEqual([[BigInt(T), 42, -1.5, true]]);
    for (const [col, v] of [['i', "'42 '"], ['i', "' 42 '"], ['f', "'1.5 '"], ['b', "' true'"], ['b', "'1 '"]]) {
      await expect(t.run(`insert into w38.n (ts, ${col}) values (${T + 1}, ${v})`)).rejects.toMatchObject({ code: SYNTAX });
    }
  });
});

describe('values the insert parser does not read (38#118–#192)', () => {
  it('answers a function, an operator other than ± a duration, and a broken expression with 534', async () => {
    for (const v of ['abs(-1)', "-'1'", '2 * 3', "'2024-01-01 00:00:00' * 2", 'now - ']) {
      await expect(t.run(`insert into w38.n (ts, i) values (${T + 2}, ${v})`)).rejects.toMatchObject({ code: SYNTAX });
    }
    await expect(t.run(`insert into w38.n (ts, i) values ('2024-01-01 00:00:00' * 2, 1)`)).rejects.toMatchObject({ code: SYNTAX });
    await expect(t.run('insert into w38.n (ts, i) values (now - , 1)')).rejects.toMatchObject({ code: SYNTAX });
  });

  it('refuses a bare duration as a time (invalid timestamp, 534)', async () => {
    await expect(t.run('insert into w38.n (ts, i) values (1d, 1)')).rejects.toMatchObject({
      code: SYNTAX,
      message: expect.stringMatching(/\(invalid timestamp\)$/),
    });
    await t.run(`insert into w38.n (ts, i) values (${T} + 1d, 1)`);
  });
});

describe('rows of one statement with one timestamp (38#103)', () => {
  it('merge column by column, the last non-NULL value winning (tRowMerge PREFER_NON_NULL)', async () => {
    await t.run('create table w38.dup (ts timestamp, i int, s varchar(8))');
    await t.run(`insert into w38.dup values (${T}, 1, 'new') (${T}, null, null) (${T + 1}, 5, null) (${T + 1}, null, 'b')`);
    expect(await t.rows('w38', 'dup')).toEqual([
      [BigInt(T), 1, 'new'],
      [BigInt(T + 1), 5, 'b'],
    ]);
    // across statements an explicit NULL still replaces the stored value
    await t.run(`insert into w38.dup values (${T}, null, 'x')`);
    expect((await t.rows('w38', 'dup'))[0]).toEqual([BigInt(T), null, 'x']);
  });
});

describe('INSERT … SELECT of a NULL timestamp (38#240)', () => {
  it('is 9781 "Incorrect TIMESTAMP value" before any other row is refused (the rows come ordered by it, NULL first)', async () => {
    await t.run('create table w38.src (ts timestamp, v int)');
    await t.run(`insert into w38.src values (${T}, 1) (${T + 1}, null)`);
    await t.run('create table w38.dst (ts timestamp, v int)');
    await expect(t.run('insert into w38.dst select v, ts from w38.src')).rejects.toMatchObject({ code: TdCode.PAR_INCORRECT_TIMESTAMP_VAL });
    await expect(t.run('insert into w38.dst (v, ts) select ts, v from w38.src')).rejects.toMatchObject({
      code: TdCode.PAR_INCORRECT_TIMESTAMP_VAL,
    });
    // a query of another width is the count's refusal first (06#77)
    await expect(t.run('insert into w38.dst select v from w38.src')).rejects.toMatchObject({ code: TdCode.PAR_INVALID_COLUMNS_NUM });
    expect(await t.run('insert into w38.dst select ts, v from w38.src')).toEqual({ kind: 'affected', affectedRows: 2 });
  });
});

describe('INSERT … SELECT into a super table without a column list (38#242)', () => {
  it('counts every column and tag first: 9791 "Illegal number of columns"', async () => {
    await expect(t.run('insert into w38.m select ts, i from w38.n')).rejects.toMatchObject({
      code: TdCode.PAR_INVALID_COLUMNS_NUM,
      message: 'Illegal number of columns',
    });
  });
});

describe('GEOMETRY text as GEOS reads it (38#50)', () => {
  it('refuses a line of one point and a polygon ring that is short or open (534)', async () => {
    await t.run('create table w38.geo (ts timestamp, g geometry(200))');
    for (const wkt of ['LINESTRING(1 1)', 'POLYGON((0 0, 1 0, 1 1, 0 1, 0 0), (0 0))', 'POLYGON((0 0, 1 0, 0 0))', 'POLYGON((0 0, 1 0, 1 1, 0 1))']) {
      await expect(t.run(`insert into w38.geo values (${T}, '${wkt}')`)).rejects.toMatchObject({ code: SYNTAX });
    }
    await t.run(`insert into w38.geo values (${T}, 'POLYGON((0 0, 1 0, 1 1, 0 1, 0 0))') (${T + 1}, 'LINESTRING(0 0, 1 1)')`);
  });
});

describe('JSON tags (38#251, #294, #316, e0)', () => {
  it('takes empty or blank text and null as a NULL tag', async () => {
    await t.run("create table w38.j1 using w38.js tags ('')");
    await t.run("create table w38.j2 using w38.js tags ('   ')");
    await t.run("create table w38.j3 using w38.js tags ('NULL')");
    expect(await rows("select table_name, tag_value from information_schema.ins_tags where db_name = 'w38' and stable_name = 'js' order by table_name")).toEqual([
      ['j1', null],
      ['j2', null],
      ['j3', null],
    ]);
  });

  it('wants keys of printable ASCII up to 256 bytes and text up to 4095 bytes; an empty key is left out', async () => {
    const refused = [`{"${'k'.repeat(257)}":1}`, '{"名":1}', '{"a\\tb":1}', `{"k":"${'x'.repeat(4100)}"}`];
    for (const json of refused) {
      await expect(t.run(`create table w38.bad using w38.js tags ('${json}')`)).rejects.toMatchObject({ code: SYNTAX });
    }
    await t.run(`create table w38.j4 using w38.js tags ('{"${'k'.repeat(256)}":1,"":2,"b":3}')`);
    expect(await t.tags('w38', 'j4')).toEqual([`{"b":3,"${'k'.repeat(256)}":1}`]);
  });

  it('keeps a JSON tag as it is: MODIFY TAG is "Only one tag if there is a json tag" (38#299)', async () => {
    await expect(t.run('alter stable w38.js modify tag j json')).rejects.toMatchObject({ code: TdCode.PAR_ONLY_ONE_JSON_TAG });
  });
});

describe('USING tag lists (38#218–#226)', () => {
  it('binds the tag list like a column list, whether or not the table exists: unknown 9730, twice 534', async () => {
    await t.run(`insert into w38.a1 using w38.m tags (1, 'A') values (${T}, 1)`);
    for (const table of ['a1', 'a2']) {
      await expect(t.run(`insert into w38.${table} using w38.m (g, nosuch) tags (7, 1) values (${T}, 7)`)).rejects.toMatchObject({
        code: TdCode.INVALID_COLUMN,
      });
      await expect(t.run(`insert into w38.${table} using w38.m (g, g) tags (7, 8) values (${T}, 7)`)).rejects.toMatchObject({
        code: SYNTAX,
        message: "syntax error near 'g' (duplicated column name)",
      });
    }
    expect(t.engine.catalog.lookup('w38', 'a2')).toBeUndefined();
  });

  it('reads and refuses the tag values when the table exists too, keeping the stored ones (38#361, #362)', async () => {
    await expect(t.run(`insert into w38.a1 using w38.m tags (100, 'changed') values (${T + 9}, 1)`)).rejects.toMatchObject({
      code: TdCode.PAR_VALUE_TOO_LONG,
    });
    await expect(t.run(`insert into w38.a1 using w38.m tags ('x', 'A') values (${T + 9}, 1)`)).rejects.toMatchObject({ code: SYNTAX });
    await t.run(`insert into w38.a1 using w38.m tags (100, 'chg') values (${T + 9}, 9)`);
    expect(await t.tags('w38', 'a1')).toEqual([1, 'A']);
  });

  it('answers a value past the last tag with 9741 and any value for a normal table with 534', async () => {
    await expect(t.run(`insert into w38.a2 using w38.m tags (7, 'G', 1) values (${T}, 7)`)).rejects.toMatchObject({
      code: TdCode.TAGS_NOT_MATCHED,
    });
    await expect(t.run(`insert into w38.a2 using w38.n tags (7) values (${T}, 7)`)).rejects.toMatchObject({
      code: SYNTAX,
      message: expect.stringMatching(/\) is expected\)$/),
    });
  });
});

describe('DELETE: a time range and tag conditions (38#326–#358)', () => {
  beforeAll(async () => {
    await t.run('create stable w38.d (ts timestamp, v int) tags (site varchar(8), zone int)');
    for (const [name, site, zone] of [['d1', 'north', 1], ['d2', 'south', 1], ['d3', 'east', 2]] as const) {
      await t.run(`insert into w38.${name} using w38.d tags ('${site}', ${zone}) values (${T}, 0) (${T + 1000}, 1) (${T + 2000}, 2)`);
    }
    await t.run(`insert into w38.j9 using w38.js tags ('{"name":"valve"}') values (${T}, 1) (${T + 1}, 2)`);
  });

  it('reads tag conditions as a SELECT does (LIKE, IN, JSON ->) and joins them to the time range', async () => {
    expect(await t.run(`delete from w38.d where site like 'n%' and ts = ${T + 1000}`)).toEqual({ kind: 'affected', affectedRows: 1 });
    expect(await t.run(`delete from w38.d where site in ('east') and ts between ${T} and ${T + 1000}`)).toEqual({ kind: 'affected', affectedRows: 2 });
    expect(await t.run("delete from w38.js where j->'name' = 'valve'")).toEqual({ kind: 'affected', affectedRows: 2 });
    expect(await t.run("delete from w38.d where site = 'nowhere'")).toEqual({ kind: 'affected', affectedRows: 0 });
  });

  it('deletes every time of the children a tag condition alone selects', async () => {
    expect(await t.run('delete from w38.d where zone = 1')).toEqual({ kind: 'affected', affectedRows: 5 });
    expect(await t.rows('w38', 'd1')).toEqual([]);
    expect(await t.rows('w38', 'd2')).toEqual([]);
    expect(await t.rows('w38', 'd3')).toEqual([[BigInt(T + 2000), 2]]);
  });

  it('refuses data columns, an OR of the time with a tag and `ts IN (…)` as "must only have a definite time window range"', async () => {
    for (const where of ['v > 3', `ts > ${T} or zone = 1`, `ts in (${T})`, `zone = 1 and v = 2`]) {
      await expect(t.run(`delete from w38.d where ${where}`)).rejects.toMatchObject({
        code: TdCode.DELETE_NEEDS_TIME_RANGE,
        message: 'The DELETE statement must only have a definite time window range',
      });
    }
    await expect(t.run('delete from w38.d where nosuch = 1')).rejects.toMatchObject({ code: TdCode.INVALID_COLUMN });
    await expect(t.run("delete from w38.d where tbname = 'd1'")).rejects.toMatchObject({ code: TdCode.PAR_INVALID_TBNAME });
  });
});
