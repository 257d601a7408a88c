import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../src/engine';
import type { ResultSet } from '../../src/format/result';
import { TdError } from '../../src/errors';

/**
 * A real Engine on a temp dir with the meters shape of facts §5.1: database `test` (ms), super table meters,
 * child tables d0 (groupid 1, SanFrancisco), d1 (groupid 2, LosAngles), d2 (groupid 1, SanDiego) with known rows
 * starting at 1500000000000 (2017-07-14 02:40:00 UTC), one row a second.
 */
export const T0 = 1500000000000;

export const ROWS: Record<string, [number, number | null, number | null, number | null][]> = {
  // [ts offset s, current, voltage, phase]
  d0: [
    [0, 10.3, 219, 0.31],
    [1, 12.6, 218, 0.33],
    [2, 12.3, 221, 0.31],
    [3, null, 220, null],
    [4, 10.8, 223, 0.29],
  ],
  d1: [
    [0, 11.0, 221, 0.28],
    [2, 10.7, 225, 0.3],
    [4, 9.9, null, 0.32],
  ],
  d2: [
    [1, 13.4, 223, 0.29],
    [3, 12.9, 217, 0.27],
  ],
};

export class QueryFixture {
  private constructor(
    readonly engine: Engine,
    private readonly dir: string,
  ) {}

  static async open(): Promise<QueryFixture> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'query-test-'));
    const engine = await Engine.open({ dataDir: dir, limits: {} });
    const f = new QueryFixture(engine, dir);
    await f.run('CREATE DATABASE test');
    await f.run('CREATE STABLE test.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (groupid INT, location VARCHAR(24))');
    const tags: Record<string, string> = {
      d0: "1, 'California.SanFrancisco'",
      d1: "2, 'California.LosAngles'",
      d2: "1, 'California.SanDiego'",
    };
    for (const [t, rows] of Object.entries(ROWS)) {
      const values = rows
        .map(([s, c, v, p]) => `(${T0 + s * 1000}, ${c ?? 'NULL'}, ${v ?? 'NULL'}, ${p ?? 'NULL'})`)
        .join(' ');
      await f.run(`INSERT INTO test.${t} USING test.meters TAGS (${tags[t]}) VALUES ${values}`);
    }
    return f;
  }

  async run(sql: string, db?: string): Promise<void> {
    await this.engine.execute(sql, { user: 'root', db });
  }

  async query(sql: string, options: { db?: string; tz?: string } = { db: 'test' }): Promise<ResultSet> {
    const r = await this.engine.execute(sql, { user: 'root', db: options.db, tz: options.tz });
    if (r.kind !== 'rows') throw new Error('not a query');
    return r;
  }

  /** Rows with bigints turned into numbers (test readability). */
  async rows(sql: string, options: { db?: string } = { db: 'test' }): Promise<unknown[][]> {
    const r = await this.query(sql, options);
    return r.rows.map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
  }

  async error(sql: string, options: { db?: string } = { db: 'test' }): Promise<{ code: number; message: string }> {
    try {
      await this.engine.execute(sql, { user: 'root', db: options.db });
    } catch (e) {
      if (e instanceof TdError) return { code: e.code, message: e.message };
      throw e;
    }
    throw new Error(`expected an error: ${sql}`);
  }

  async close(): Promise<void> {
    await this.engine.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** FLOAT values come back as float32: compare at float32 precision. */
export const f32 = (v: number): number => Math.fround(v);

/**
 * The suite's fixture: opened before its tests (then `setUp` runs, e.g. to add tables), closed after them. What it
 * returns stands for the fixture once the suite's beforeAll ran.
 */
export function useQueryFixture(setUp?: () => Promise<void>): QueryFixture {
  let fixture: QueryFixture | undefined;
  beforeAll(async () => {
    fixture = await QueryFixture.open();
    await setUp?.();
  });
  afterAll(async () => {
    await fixture?.close();
  });
  return new Proxy({} as QueryFixture, {
    get(_target, key) {
      if (!fixture) throw new Error("the query fixture opens in the suite's beforeAll");
      const value = Reflect.get(fixture, key, fixture) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(fixture) : value;
    },
  });
}
