import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WriteEvent } from '../../src/storage/write-events';
import { openTestEngine, type TestEngine } from '../engine/helpers';

let t: TestEngine;
const HOUR = 3_600_000;
const now = Date.now();

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE k1 KEEP 1d DURATION 60m');
  await t.run('CREATE STABLE k1.st (ts TIMESTAMP, v INT) TAGS (g INT)');
  await t.run('CREATE TABLE k1.n (ts TIMESTAMP, v INT)');
});
afterEach(async () => {
  await t.close();
});

describe('KEEP expiry', () => {
  it('deletes the rows older than now − KEEP in super and normal tables, and announces it', async () => {
    await t.run(`INSERT INTO k1.c1 USING k1.st TAGS (1) VALUES (${now - 5 * HOUR}, 1) (${now - HOUR}, 2) (${now}, 3)`);
    await t.run(`INSERT INTO k1.n VALUES (${now - 5 * HOUR}, 1) (${now}, 3)`);
    const events: WriteEvent[] = [];
    t.engine.writeEvents.on((e) => events.push(e));
    // 22 hours later: the row written 5 hours ago is past KEEP (1 day), the one of 1 hour ago not yet
    const expired = await t.engine.keepExpiry.runOnce(now + 22 * HOUR);
    expect(expired.sort((a, b) => a.table.localeCompare(b.table))).toEqual([
      { db: 'k1', table: 'n', rows: 1 },
      { db: 'k1', table: 'st', rows: 1 },
    ]);
    expect((await t.rows('k1', 'c1')).map((r) => r[1])).toEqual([2, 3]);
    expect((await t.rows('k1', 'n')).map((r) => r[1])).toEqual([3]);
    expect(events.filter((e) => e.kind === 'delete' && e.reason === 'expired')).toHaveLength(2);
    // nothing more to do at the same instant
    expect(await t.engine.keepExpiry.runOnce(now + 22 * HOUR)).toEqual([]);
  });

  it('runs safely alongside concurrent inserts', async () => {
    await t.run(`INSERT INTO k1.c1 USING k1.st TAGS (1) VALUES (${now - 20 * HOUR}, 0)`);
    const inserts = Array.from({ length: 20 }, (_, i) => t.run(`INSERT INTO k1.c1 VALUES (${now + i}, ${i + 1})`));
    const passes = Array.from({ length: 5 }, () => t.engine.keepExpiry.runOnce(now + 5 * HOUR));
    await Promise.all([...inserts, ...passes]);
    const rows = await t.rows('k1', 'c1');
    expect(rows.map((r) => r[1])).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('refuses writes older than KEEP with 0x060B', async () => {
    await expect(t.run(`INSERT INTO k1.n VALUES (${now - 2 * 24 * HOUR}, 1)`)).rejects.toMatchObject({ code: 0x060b });
  });
});
