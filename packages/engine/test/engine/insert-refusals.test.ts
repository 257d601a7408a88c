import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TdCode } from '../../src/errors';
import { openTestEngine, type TestEngine } from './helpers';

/*
 * Malformed VALUES rows, column lists and TAGS of INSERT, answered in the order TDengine's insert parser
 * (parInsertSql.c) meets them: it binds the column list, then reads each row's values left to right once it knows the
 * table (06_insert, 27_insert_tags goldens).
 */
let t: TestEngine;

beforeAll(async () => {
  t = await openTestEngine();
  await t.run('create database ir');
  await t.run('create table ir.a (ts timestamp, v int, s varchar(8), f float)');
  await t.run('create stable ir.m (ts timestamp, v int) tags (t1 int, t2 varchar(8))');
});
afterAll(async () => {
  await t.close();
});

const SYNTAX = TdCode.SYNTAX_ERROR_OLD;

describe('VALUES rows of the wrong width', () => {
  it('a row short of values is a `,` expected at its `)` (534); `()` and a value too many are 9791', async () => {
    await expect(t.run("insert into ir.a values ('2024-01-01 00:05:00', 1, 'x')")).rejects.toMatchObject({
      code: SYNTAX,
      message: "syntax error near ')' (, expected)",
    });
    await expect(t.run("insert into ir.a (ts, v) values ('2024-01-01 00:00:00', 1) ('2024-01-01 00:00:01')")).rejects.toMatchObject({ code: SYNTAX });
    await expect(t.run('insert into ir.a values ()')).rejects.toMatchObject({ code: TdCode.PAR_INVALID_COLUMNS_NUM });
    await expect(t.run("insert into ir.a values ('2024-01-01 00:05:00', 1, 'x', 1.0, 5)")).rejects.toMatchObject({ code: TdCode.PAR_INVALID_COLUMNS_NUM });
  });

  it('reads the values present first: a bad one is reported before the missing `,`', async () => {
    await expect(t.run("insert into ir.a values ('2024-01-01 00:05:00', 'abc', 'x')")).rejects.toMatchObject({
      code: SYNTAX,
      message: expect.stringMatching(/\(invalid int data\)$/),
    });
  });

  it('INSERT … SELECT of another width stays 9791 before any value', async () => {
    await t.run("insert into ir.a values ('2024-01-01 00:00:00', 1, 'x', 1.0)");
    await expect(t.run('insert into ir.a select v from ir.a')).rejects.toMatchObject({ code: TdCode.PAR_INVALID_COLUMNS_NUM });
  });
});

describe('column lists and the timestamp', () => {
  it('a name twice is 534 naming it; a list without the timestamp 0x0200; a NULL timestamp 534 at the value', async () => {
    await expect(t.run("insert into ir.a (ts, v, v) values ('2024-01-01 00:05:00', 1, 2)")).rejects.toMatchObject({
      code: SYNTAX,
      message: "syntax error near 'v' (duplicated column name)",
    });
    await expect(t.run('insert into ir.a (v) values (1)')).rejects.toMatchObject({ code: TdCode.TSC_INVALID_OPERATION });
    await expect(t.run("insert into ir.a values (null, 1, 'x', 1.0)")).rejects.toMatchObject({
      code: SYNTAX,
      message: "syntax error near 'null, 1, 'x', 1.0)' (Primary timestamp column should not be null)",
    });
  });
});

describe('TAGS of INSERT … USING', () => {
  it('too few values is a `)` where a value belongs (534), too many a `,` after the last tag (9741, 38#218); CREATE TABLE keeps 9741', async () => {
    await expect(t.run("insert into ir.h using ir.m tags (1) values ('2024-01-01 00:05:00', 1)")).rejects.toMatchObject({
      code: SYNTAX,
      message: "syntax error near ') values ('2024-01-01 00:05:00', 1)' (invalid data or symbol)",
    });
    await expect(t.run("insert into ir.h using ir.m tags (1, 'x', 3) values ('2024-01-01 00:05:00', 1)")).rejects.toMatchObject({
      code: TdCode.TAGS_NOT_MATCHED,
    });
    await expect(t.run("insert into ir.h using ir.m tags ('x') values ('2024-01-01 00:05:00', 1)")).rejects.toMatchObject({
      code: SYNTAX,
      message: expect.stringMatching(/\(invalid int data\)$/),
    });
    await expect(t.run('create table ir.h using ir.m tags (1)')).rejects.toMatchObject({ code: TdCode.TAGS_NOT_MATCHED });
    expect(t.engine.catalog.lookup('ir', 'h')).toBeUndefined();
  });
});
