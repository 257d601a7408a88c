import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TdCode } from '../../src/errors';
import type { ResultSet } from '../../src/format/result';
import { openTestEngine, type TestEngine } from './helpers';

/*
 * The schema rules 37_schema_lifecycle asked of TDengine 3.3.7.5 (statement numbers of that case file in each test):
 * database options' ranges, the row and column limits, ALTER's refusal codes (translator or mnode), and how SHOW CREATE
 * and information_schema print what ALTER changed.
 */
let t: TestEngine;

beforeAll(async () => {
  t = await openTestEngine();
  await t.run('create database s37 vgroups 1');
});
afterAll(async () => {
  await t.close();
});

const rows = async (sql: string): Promise<unknown[][]> => ((await t.run(sql)) as ResultSet).rows;

describe('database options (37#57, #76)', () => {
  it('takes TABLE_PREFIX/TABLE_SUFFIX within ±191 and refuses a prefix and a suffix of opposite signs', async () => {
    await t.run('create database s37_pre vgroups 1 table_prefix -191 table_suffix -191');
    await expect(t.run('create database s37_x table_prefix 192')).rejects.toMatchObject({
      code: TdCode.PAR_INVALID_DB_OPTION,
      message: 'Invalid option table_prefix: 192 valid range: [-191, 191]',
    });
    await expect(t.run('create database s37_x table_prefix 2 table_suffix -3')).rejects.toMatchObject({
      code: TdCode.PAR_INVALID_DB_OPTION,
      message: 'Invalid option table_prefix & table_suffix: mixed usage not allowed',
    });
    await t.run('create database s37_pre2 vgroups 1 table_prefix 1 table_suffix 1');
  });

  it('holds one super table in a SINGLE_STABLE database (0x03c5); normal tables are not counted (37#368)', async () => {
    await t.run('create database s37_one vgroups 1 single_stable 1');
    await t.run('create stable s37_one.a (ts timestamp, v int) tags (t int)');
    await expect(t.run('create stable s37_one.b (ts timestamp, v int) tags (t int)')).rejects.toMatchObject({
      code: TdCode.MND_SINGLE_STB_MODE_DB,
    });
    await t.run('create table s37_one.n (ts timestamp, v int)');
  });
});

describe('row and column limits (37#163, #180)', () => {
  it('counts a row in bytes up to 65531, the timestamp and each text length + 2 included', async () => {
    await t.run('create table s37.r1 (ts timestamp, a varchar(65517), b int)');
    await expect(t.run('create table s37.r2 (ts timestamp, a varchar(65517), b int, c int)')).rejects.toMatchObject({
      code: TdCode.PAR_INVALID_ROW_LENGTH,
      message: 'Row length exceeds max length 65531',
    });
  });

  it("answers ADD COLUMN/TAG past 4096 columns and tags with the mnode's 0x0365, CREATE with the parser's 0x2640", async () => {
    const cols = Array.from({ length: 4094 }, (_, i) => `c${i} int`).join(', ');
    await t.run(`create stable s37.wide (ts timestamp, ${cols}) tags (t int)`);
    await expect(t.run('alter stable s37.wide add column c4094 int')).rejects.toMatchObject({ code: TdCode.MND_TOO_MANY_COLUMNS });
    await expect(t.run('alter stable s37.wide add tag t2 int')).rejects.toMatchObject({ code: TdCode.MND_TOO_MANY_COLUMNS });
    await expect(t.run(`create stable s37.wider (ts timestamp, ${cols}, x int) tags (t int, u int)`)).rejects.toMatchObject({
      code: TdCode.PAR_TOO_MANY_COLUMNS,
    });
  });
});

describe('ALTER refusals and their codes (37#226–#322)', () => {
  beforeAll(async () => {
    await t.run('create stable s37.m (ts timestamp, v int, s varchar(8)) tags (g int, label varchar(8))');
    await t.run("create table s37.m1 using s37.m tags (1, 'one')");
    await t.run('create stable s37.one (ts timestamp, v int) tags (t int)');
    await t.run('create table s37.nt (ts timestamp, a int)');
  });

  it('names a tag clashing with a column "Column already exists" (0x036b), with a tag "Tag already exists"', async () => {
    await expect(t.run('alter stable s37.m add tag s int')).rejects.toMatchObject({ code: TdCode.COLUMN_ALREADY_EXISTS });
    await expect(t.run('alter stable s37.m rename tag label v')).rejects.toMatchObject({ code: TdCode.COLUMN_ALREADY_EXISTS });
    await expect(t.run('alter stable s37.m rename tag label g')).rejects.toMatchObject({ code: TdCode.TAG_ALREADY_EXISTS });
    await expect(t.run('alter stable s37.m add tag g int')).rejects.toMatchObject({ code: TdCode.TAG_ALREADY_EXISTS });
  });

  it('answers RENAME TAG of a missing tag with the mnode\'s "Tag does not exist" (0x036a)', async () => {
    await expect(t.run('alter stable s37.m rename tag nosuch x')).rejects.toMatchObject({ code: TdCode.TAG_NOT_EXIST });
  });

  it('keeps the only tag (0x2649) and the timestamp with one more column (0x2651)', async () => {
    await expect(t.run('alter stable s37.one drop tag t')).rejects.toMatchObject({
      code: TdCode.PAR_INVALID_ALTER_TABLE,
      message: 'the only tag cannot be dropped',
    });
    await expect(t.run('alter stable s37.one drop column v')).rejects.toMatchObject({
      code: TdCode.PAR_INVALID_DROP_COL,
      message: 'No columns can be dropped',
    });
    await expect(t.run('alter table s37.nt drop column a')).rejects.toMatchObject({ code: TdCode.PAR_INVALID_DROP_COL });
    await t.run('alter stable s37.one add column w double');
    await t.run('alter stable s37.one drop column v');
  });

  it("checks a normal table's columns in the translator: duplicate 0x263c, missing 0x2602", async () => {
    await expect(t.run('alter table s37.nt add column a int')).rejects.toMatchObject({ code: TdCode.PAR_DUPLICATED_COLUMN });
    await expect(t.run('alter table s37.nt rename column nosuch z')).rejects.toMatchObject({
      code: TdCode.INVALID_COLUMN,
      message: 'Invalid column name: nosuch',
    });
    await expect(t.run('alter stable s37.m add column v int')).rejects.toMatchObject({ code: TdCode.COLUMN_ALREADY_EXISTS });
  });

  it('refuses SET TAG naming one tag twice as duplicated columns (0x263c)', async () => {
    await expect(t.run('alter table s37.m1 set tag g = 1, g = 2')).rejects.toMatchObject({ code: TdCode.PAR_DUPLICATED_COLUMN });
    await t.run("alter table s37.m1 set tag g = 2, label = 'two'");
    expect(await t.tags('s37', 'm1')).toEqual([2, 'two']);
  });

  it('reads TTL as a 32-bit integer (0x0224 beyond) and a comment of up to 1024 bytes (0x264e beyond)', async () => {
    await t.run('alter table s37.m1 ttl 2147483647');
    await expect(t.run('alter table s37.m1 ttl 2147483648')).rejects.toMatchObject({ code: TdCode.VALUE_OUT_OF_RANGE });
    await expect(t.run('create table s37.t2 (ts timestamp, v int) ttl 2147483648')).rejects.toMatchObject({
      code: TdCode.VALUE_OUT_OF_RANGE,
    });
    await t.run(`alter table s37.m1 comment '${'c'.repeat(1024)}'`);
    await expect(t.run(`alter table s37.m1 comment '${'c'.repeat(1025)}'`)).rejects.toMatchObject({
      code: TdCode.PAR_COMMENT_TOO_LONG,
      message: 'Comment too long',
    });
    await expect(t.run(`alter table s37.m1 comment '${'é'.repeat(513)}'`)).rejects.toMatchObject({ code: TdCode.PAR_COMMENT_TOO_LONG });
  });
});

describe('what SHOW CREATE and information_schema print after a change (37#123–#299)', () => {
  it('lists the columns with the SMA flag once a super table gained a column by ALTER', async () => {
    await t.run('create stable s37.sm1 (ts timestamp, v int) tags (t int)');
    expect((await rows('show create stable s37.sm1'))[0][1]).toBe('CREATE STABLE `sm1` (`ts` TIMESTAMP, `v` INT) TAGS (`t` INT)');
    await t.run('alter stable s37.sm1 add column f float');
    expect((await rows('show create stable s37.sm1'))[0][1]).toBe(
      'CREATE STABLE `sm1` (`ts` TIMESTAMP, `v` INT, `f` FLOAT) TAGS (`t` INT) SMA(`ts`,`v`)',
    );
    await t.run('alter table s37.nt add column b int');
    expect((await rows('show create table s37.nt'))[0][1]).toBe('CREATE TABLE `nt` (`ts` TIMESTAMP, `a` INT, `b` INT)');
  });

  it('writes DECIMAL(p,s) without a space in SHOW CREATE and ins_columns (precision and scale NULL), with one in DESCRIBE', async () => {
    await t.run('create table s37.dec (ts timestamp, d decimal(10, 2))');
    expect((await rows('show create table s37.dec'))[0][1]).toBe('CREATE TABLE `dec` (`ts` TIMESTAMP, `d` DECIMAL(10,2))');
    expect(
      await rows("select col_type, col_length, col_precision, col_scale from information_schema.ins_columns where db_name = 's37' and table_name = 'dec' and col_name = 'd'"),
    ).toEqual([['DECIMAL(10,2)', 8, null, null]]);
    expect((await rows('describe s37.dec'))[1][1]).toBe('DECIMAL(10, 2)');
  });

  it('shows a GEOMETRY tag as WKT in ins_tags and as its WKB bytes in SHOW CREATE TABLE', async () => {
    await t.run('create stable s37.geo (ts timestamp, v int) tags (g geometry(32))');
    await t.run("create table s37.g1 using s37.geo tags ('POINT(1 2)')");
    expect(await rows("select tag_value from information_schema.ins_tags where db_name = 's37' and table_name = 'g1'")).toEqual([
      ['POINT (1.000000 2.000000)'],
    ]);
    const wkb = Buffer.from('0101000000000000000000f03f0000000000000040', 'hex').toString('utf8');
    expect((await rows('show create table s37.g1'))[0][1]).toBe(`CREATE TABLE \`g1\` USING \`geo\` (\`g\`) TAGS ("${wkb}")`);
  });
});
