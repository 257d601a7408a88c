import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestEngine, type TestEngine } from './helpers';

let t: TestEngine;
const NOW = Date.now();

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE power');
  await t.run('CREATE DATABASE other');
  await t.run('CREATE STABLE power.meters (ts TIMESTAMP, v INT) TAGS (g INT)');
});
afterEach(async () => t.close());

describe('concurrent statements', () => {
  it('never lose or duplicate rows and create each auto-created child once', async () => {
    const statements: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      // 4 children written by 10 statements each, interleaved, overlapping timestamps, plus DDL in between
      const child = `c${i % 4}`;
      const rows = Array.from({ length: 50 }, (_, k) => `(${NOW + (i % 10) * 25 + k}, ${i})`).join(' ');
      statements.push(t.run(`INSERT INTO power.${child} USING power.meters TAGS (${i % 4}) VALUES ${rows}`));
      if (i % 10 === 0) statements.push(t.run(`CREATE TABLE other.n${i} (ts TIMESTAMP, v INT)`));
    }
    const results = await Promise.allSettled(statements);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(t.engine.catalog.childTables('power', 'meters').map((c) => c.name).sort()).toEqual(['c0', 'c1', 'c2', 'c3']);
    for (let c = 0; c < 4; c++) {
      const rows = await t.rows('power', `c${c}`);
      const ts = rows.map((r) => Number(r[0]));
      // each child gets five overlapping 50-row windows 50 ms apart: 250 distinct timestamps, each exactly once
      expect(new Set(ts).size).toBe(ts.length);
      expect(ts.length).toBe(250);
    }
  });

  it('retries inserts whose table gained a column or tag meanwhile', async () => {
    const statements: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      statements.push(t.run(`INSERT INTO power.c${i % 3} USING power.meters (g) TAGS (${i}) (ts, v) VALUES (${NOW + i}, ${i})`));
      if (i === 5) statements.push(t.run('ALTER STABLE power.meters ADD COLUMN extra DOUBLE'));
      if (i === 12) statements.push(t.run('ALTER STABLE power.meters ADD TAG note VARCHAR(8)'));
    }
    const results = await Promise.allSettled(statements);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const total = (await Promise.all([0, 1, 2].map((c) => t.rows('power', `c${c}`)))).reduce((n, rows) => n + rows.length, 0);
    expect(total).toBe(20);
  });

  it('applies a changed limits file without a restart', async () => {
    fs.writeFileSync(path.join(t.dir, 'limits.json'), JSON.stringify({ maxDatabases: 2, threads: 1, memoryLimit: '512MB' }));
    await expect.poll(() => t.engine.limits.maxDatabases, { timeout: 5000 }).toBe(2);
    await expect(t.run('CREATE DATABASE third')).rejects.toMatchObject({ code: 0x0a0e, message: 'Limit exceeded: max databases 2' });
    const { rows } = await t.engine.storage.query("SELECT current_setting('threads'), current_setting('memory_limit')");
    expect(rows[0][0]).toBe(1n);
    expect(String(rows[0][1])).toMatch(/^(488\.2 MiB|512\.0 MB)$/);
  });
});
