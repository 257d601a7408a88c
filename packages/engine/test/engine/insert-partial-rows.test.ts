import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestEngine, type TestEngine } from './helpers';

// TDengine merges a row written with a column list into the stored row of the same timestamp: columns the
// statement does not name keep their values (06_insert#10, 02_types_numeric's 2024-01-02 row in the goldens).
let t: TestEngine;

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE p');
  await t.run('CREATE STABLE p.m (ts TIMESTAMP, v INT, s VARCHAR(10), d DOUBLE) TAGS (g INT)');
  await t.run('CREATE TABLE p.a USING p.m TAGS (1)');
  await t.run(`INSERT INTO p.a VALUES ('2024-01-01 00:00:02', 2, 'b', 0.2) ('2024-01-01 00:00:03', 3, 'c', 0.3)`);
});
afterEach(async () => t.close());

const at = (second: number) => BigInt(Date.UTC(2024, 0, 1, 0, 0, second));

describe('a partial row over a stored timestamp', () => {
  it('replaces the named columns and keeps the others', async () => {
    await t.run(`INSERT INTO p.a (ts, v) VALUES ('2024-01-01 00:00:02', 20)`);
    await t.run(`INSERT INTO p.a (d, ts) VALUES (3.5, '2024-01-01 00:00:03')`);
    expect(await t.rows('p', 'a')).toEqual([
      [at(2), 20, 'b', 0.2],
      [at(3), 3, 'c', 3.5],
    ]);
  });

  it('writes an explicit NULL, and a full row still replaces the whole row', async () => {
    await t.run(`INSERT INTO p.a (ts, s) VALUES ('2024-01-01 00:00:02', NULL)`);
    await t.run(`INSERT INTO p.a VALUES ('2024-01-01 00:00:03', 30, NULL, NULL)`);
    expect(await t.rows('p', 'a')).toEqual([
      [at(2), 2, null, 0.2],
      [at(3), 30, null, null],
    ]);
  });

  it('merges through the super-table form and leaves new timestamps NULL where not named', async () => {
    await t.run(`INSERT INTO p.m (tbname, ts, s) VALUES ('a', '2024-01-01 00:00:02', 'x') ('a', '2024-01-01 00:00:04', 'y')`);
    expect(await t.rows('p', 'a')).toEqual([
      [at(2), 2, 'x', 0.2],
      [at(3), 3, 'c', 0.3],
      [at(4), null, 'y', null],
    ]);
  });
});
