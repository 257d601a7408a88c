import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultSet } from '../../src/format/result';
import { openTestEngine, type TestEngine } from '../engine/helpers';

/**
 * Two engines in one process keep their own write state (issue 24): the line-batch counts, the column-major
 * parser's arena and scan value, and the INSERT VALUES scanner live in objects each engine owns, not in module state.
 */

let a: TestEngine;
let b: TestEngine;
const NOW = Date.now();

beforeAll(async () => {
  [a, b] = await Promise.all([openTestEngine(), openTestEngine()]);
  for (const t of [a, b]) await t.run(`CREATE DATABASE lines PRECISION 'ms'`);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

/** Parses and writes a line-protocol body as POST /influxdb/v1/write does (the engine's parse pool, then writePoints). */
async function writeLines(t: TestEngine, body: string): Promise<number> {
  const parsed = await t.engine.lineParser.parse(Buffer.from(body), 'ms');
  expect('batch' in parsed, 'the column-major parser takes the body').toBe(true);
  if (!('batch' in parsed)) throw new Error('not a batch');
  return t.engine.writePoints('root', 'lines', parsed.batch);
}

/** `n` lines of measurement `name` over three hosts, values from `base`, timestamps from `from`. */
const series = (name: string, n: number, base: number, from = NOW) =>
  Array.from({ length: n }, (_, i) => `${name},host=h${i % 3} v=${base + i}.5,n=${base + i}i ${from + i}`).join('\n');

/** Two series keys naming one child table: the fast path hands the batch to the row-by-row path. */
const fallbackBody = (at: number) => `pair,a=1,b=2 v=1 ${at}\npair,b=2,a=1 v=2 ${at + 1}`;

async function rows(t: TestEngine, sql: string): Promise<unknown[][]> {
  return ((await t.run(sql, { db: 'lines' })) as ResultSet).rows;
}

describe('two engines in one process', () => {
  it('writing line protocol concurrently, each counts its own batches and reads back its own values', async () => {
    await Promise.all([
      writeLines(a, series('cpu', 30, 100)),
      writeLines(b, series('mem', 20, 700)),
      writeLines(a, series('cpu', 30, 100, NOW + 1000)),
      writeLines(b, fallbackBody(NOW)),
      writeLines(a, series('cpu', 30, 100, NOW + 2000)),
    ]);

    expect(a.engine.lineBatches).toEqual({ fast: 3, fallback: 0 });
    expect(b.engine.lineBatches).toEqual({ fast: 1, fallback: 1 });

    // the values each engine parsed are its own (the parser's scan value is not another engine's)
    expect(await rows(a, 'SELECT count(*), sum(n), min(v), max(v) FROM cpu')).toEqual([[90n, BigInt(3 * (100 * 30 + (29 * 30) / 2)), 100.5, 129.5]]);
    expect(await rows(b, 'SELECT count(*), sum(n), min(v), max(v) FROM mem')).toEqual([[20n, BigInt(700 * 20 + (19 * 20) / 2), 700.5, 719.5]]);
    expect(await rows(b, 'SELECT count(*) FROM pair')).toEqual([[2n]]);
    await expect(a.run('SELECT count(*) FROM mem', { db: 'lines' })).rejects.toThrow(/not exist/i);
  });

  it('INSERT ... VALUES run concurrently on both engines keep their own rows', async () => {
    for (const t of [a, b]) await t.run('CREATE TABLE lines.plain (ts TIMESTAMP, x DOUBLE, y INT)');
    const values = (base: number) => Array.from({ length: 50 }, (_, i) => `(${NOW + i}, ${base + i}.25, ${base + i})`).join(' ');
    await Promise.all([a.run(`INSERT INTO lines.plain VALUES ${values(10)}`), b.run(`INSERT INTO lines.plain VALUES ${values(5000)}`)]);
    expect(await rows(a, 'SELECT count(*), sum(y), max(x) FROM plain')).toEqual([[50n, BigInt(10 * 50 + 1225), 59.25]]);
    expect(await rows(b, 'SELECT count(*), sum(y), max(x) FROM plain')).toEqual([[50n, BigInt(5000 * 50 + 1225), 5049.25]]);
  });
});
