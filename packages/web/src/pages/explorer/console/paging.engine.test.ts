// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from 'tscloud-engine';
import { countSql, pageSql, readCount } from './paging';

/**
 * The console's paged reads on a real engine (issue 13 item 4): for queries with and without a LIMIT of their own,
 * the count and the pages read one after another give exactly the rows and column names of the query as typed, so
 * a `LIMIT 1000000` is read a page at a time and its own LIMIT/OFFSET stays the bound. The ORDER BY ts DESC case is
 * why a query's own LIMIT is rewritten rather than wrapped: the engine does not keep a subquery's order.
 */
let engine: Engine;
let dir: string;
const ROWS = 2_500;

async function run(sql: string): Promise<{ names: string[]; rows: string[] }> {
  const result = await engine.execute(sql, { user: 'root' });
  if (result.kind !== 'rows') throw new Error(`not rows: ${sql}`);
  return { names: result.columns.map((c) => c.name), rows: result.rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))) };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-paging-'));
  engine = await Engine.open({ dataDir: dir });
  await engine.execute('CREATE DATABASE power', { user: 'root' });
  await engine.execute('CREATE STABLE power.meters (ts TIMESTAMP, v INT) TAGS (g INT)', { user: 'root' });
  const base = Date.UTC(2024, 0, 1);
  for (const [name, g] of [['d1', 1], ['d2', 2]] as const) {
    const values = Array.from({ length: ROWS / 2 }, (_, i) => `(${base + i * 1000}, ${i * g})`);
    await engine.execute(`INSERT INTO power.${name} USING power.meters TAGS (${g}) VALUES ${values.join(' ')}`, { user: 'root' });
  }
}, 120_000);

afterAll(async () => {
  await engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const PAGE = 1000;
const statements = [
  'select ts, v from power.meters order by ts, v',
  'select ts, v from power.meters order by ts, v limit 1000000',
  'select ts, v from power.meters order by ts desc, v limit 1500 offset 7',
  'select ts, v from power.meters order by ts, v limit 3, 1200;',
  'select _wstart, count(*), avg(v) from power.meters interval(1s) limit 2000 -- windows',
  'select tbname, last(v) as last_v from power.meters partition by tbname limit 5',
  'select ts, v from power.meters order by ts, v limit 1200 -- a comment after the LIMIT: wrapped',
];

describe('paged reads on the engine', () => {
  it.each(statements)('pages %s exactly as it reads whole', async (statement) => {
    const whole = await run(statement);
    const total = readCount((await run(countSql(statement))).rows.map((r) => JSON.parse(r) as unknown[]));
    expect(total).toBe(whole.rows.length);
    const paged: string[] = [];
    for (let offset = 0; offset < total; offset += PAGE) {
      const page = await run(pageSql(statement, offset, PAGE));
      expect(page.names).toEqual(whole.names);
      expect(page.rows.length).toBeLessThanOrEqual(PAGE);
      paged.push(...page.rows);
    }
    expect(paged).toEqual(whole.rows);
  });

  it('reads no rows past its own LIMIT (LIMIT 0)', async () => {
    expect((await run(pageSql('select ts from power.meters limit 10', 20, PAGE))).rows).toEqual([]);
  });
});
