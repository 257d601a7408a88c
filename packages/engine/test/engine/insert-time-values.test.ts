import { afterAll, beforeAll, expect, it } from 'vitest';
import { TdCode } from '../../src/errors';
import { openTestEngine, type TestEngine } from './helpers';

let t: TestEngine;

beforeAll(async () => {
  t = await openTestEngine();
  await t.run('create database itv');
  await t.run('create table itv.tsf (ts timestamp, v int)');
});
afterAll(async () => {
  await t.close();
});

it('a time string ± a duration is a time in VALUES, as the insert parser reads it (06_insert#41)', async () => {
  await t.run("insert into itv.tsf values ('2024-01-01 00:00:00' + 6s, 6) ('2024-01-01 00:00:10' - 1a, 9)", { tz: 'UTC' });
  expect(await t.rows('itv', 'tsf')).toEqual([
    [BigInt(Date.parse('2024-01-01T00:00:06Z')), 6],
    [BigInt(Date.parse('2024-01-01T00:00:09.999Z')), 9],
  ]);
  await expect(t.run("insert into itv.tsf values ('not a time' + 6s, 1)")).rejects.toMatchObject({ code: TdCode.SYNTAX_ERROR_OLD });
});
