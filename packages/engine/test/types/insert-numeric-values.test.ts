import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestEngine, type TestEngine } from '../engine/helpers';

// TDengine's insert parser reads numeric columns' values as numbers only; values from 02_types_numeric's goldens.
let t: TestEngine;

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE p');
  await t.run('CREATE TABLE p.n (ts TIMESTAMP, ti TINYINT, i INT, bi BIGINT, ubi BIGINT UNSIGNED, fl FLOAT, db DOUBLE, b BOOL)');
});
afterEach(async () => t.close());

describe('numeric values on INSERT', () => {
  it('rounds a fraction for an integer column to the nearest integer, halves away from zero', async () => {
    await t.run(`INSERT INTO p.n VALUES ('2024-01-01 00:00:06', 1.6, -3.7, 4.5, 8.8, 1, 1, 0)`);
    await t.run(`INSERT INTO p.n (ts, ti, i) VALUES ('2024-01-01 00:00:07', '2.4', '-4.5')`);
    const rows = await t.rows('p', 'n');
    expect(rows[0].slice(1, 5)).toEqual([2, -4, 5n, 9n]);
    expect(rows[1].slice(1, 3)).toEqual([2, -5]);
  });

  it('refuses TRUE/FALSE for integer and float columns (534), still takes them for BOOL', async () => {
    for (const [col, value] of [['ti', 'true'], ['i', "'false'"], ['bi', 'false'], ['db', 'true']]) {
      await expect(t.run(`INSERT INTO p.n (ts, ${col}) VALUES ('2024-01-01 00:00:08', ${value})`)).rejects.toMatchObject({ code: 0x216 });
    }
    await t.run(`INSERT INTO p.n (ts, b) VALUES ('2024-01-01 00:00:08', true)`);
    expect(await t.rows('p', 'n')).toHaveLength(1);
  });

  it('refuses a DOUBLE past its range and a bare word as a value (534)', async () => {
    await expect(t.run(`INSERT INTO p.n (ts, db) VALUES ('2024-01-02 00:00:00', 1e309)`)).rejects.toMatchObject({
      code: 0x216,
      message: "syntax error near '1e309)' (illegal float data)",
    });
    await expect(t.run(`INSERT INTO p.n (ts, db) VALUES ('2024-01-02 00:00:00', -1e309)`)).rejects.toMatchObject({ code: 0x216 });
    await expect(t.run(`INSERT INTO p.n (ts, i) VALUES ('2024-01-02 00:00:00', abc)`)).rejects.toMatchObject({
      code: 0x216,
      message: "syntax error near 'abc)' (invalid data or symbol)",
    });
  });
});
