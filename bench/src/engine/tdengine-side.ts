import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real TDengine measured beside the engine in the same run (issue 25 "Speed"; ../shared/oracle/README.md): its
 * native ingest client (`tdengine_ingest`, built from the oracle folder's C file) and its shell (`taos`), both found
 * in `bin`, talking to a server configured by `cfg`. Nothing of TDengine lives in the project: the bench is given the
 * paths (`--tdengine-bin`, `--tdengine-cfg`).
 */
export interface TdengineSide {
  bin: string;
  cfg: string;
}

export interface Shape {
  tables: number;
  rowsPerTable: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The ingest client's last line is `RESULT {json}` with rows_per_s among its fields (and `failed`). */
export function parseIngestResult(output: string): { rowsPerSecond: number } {
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`tdengine_ingest printed no RESULT line:\n${output.slice(-2000)}`);
  const result = JSON.parse(line.slice('RESULT '.length)) as Record<string, unknown>;
  const rate = Number(result.rows_per_s);
  if (result.failed !== false || !(rate > 0)) throw new Error(`tdengine_ingest failed: ${line}`);
  return { rowsPerSecond: rate };
}

/**
 * The meters demo written by TDengine's native client: `mode` sql (multi-row INSERTs of 10,000 rows, database
 * `bench`) or sml (line protocol through taos_schemaless_insert, database `bench_sml`), on `threads` connections.
 * The client drops and re-creates its database each run. Median rows/s of `runs`.
 */
export async function tdengineIngest(side: TdengineSide, shape: Shape, mode: 'sql' | 'sml', threads: number, runs = 3): Promise<number> {
  const rates: number[] = [];
  for (let i = 0; i < runs; i++) {
    const args = ['-c', side.cfg, '-m', mode, '-P', String(threads), '-t', String(shape.tables), '-n', String(shape.rowsPerTable)];
    const { stdout } = await run(path.join(side.bin, 'tdengine_ingest'), args, { maxBuffer: 64 * 1024 * 1024 });
    rates.push(parseIngestResult(stdout).rowsPerSecond);
  }
  return median(rates);
}

/** The shell's own timing of a statement: `… in set (0.005201s)` or `Query OK, … (0.0012s)`, in ms. */
export function parseShellSeconds(output: string): number {
  const matches = [...output.matchAll(/\((\d+\.\d+)s\)/g)];
  if (!matches.length) throw new Error(`the TDengine shell printed no timing:\n${output.slice(-2000)}`);
  return Number(matches[matches.length - 1][1]) * 1000;
}

/** Runs one statement in TDengine's shell: its own timing (query and fetch, no start-up), in ms. */
export async function tdengineStatementMs(side: TdengineSide, sql: string): Promise<number> {
  const { stdout, stderr } = await run(path.join(side.bin, 'taos'), ['-c', side.cfg, '-s', sql.endsWith(';') ? sql : `${sql};`], {
    maxBuffer: 256 * 1024 * 1024,
  });
  if (/\bDB error\b/.test(stdout + stderr)) throw new Error(`TDengine refused ${sql}: ${(stdout + stderr).slice(-500)}`);
  return parseShellSeconds(stdout);
}

/** A query's median over `runs` after one warm-up, timed by TDengine's shell. */
export async function tdengineQueryMs(side: TdengineSide, sql: string, runs = 5): Promise<number> {
  await tdengineStatementMs(side, sql);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await tdengineStatementMs(side, sql));
  return median(times);
}

/** TDengine's data of the meters demo is in `bench` (the ingest client's database); the engine bench's in `test`. */
export const onTdengine = (engineSql: string): string => engineSql.replaceAll('test.meters', 'bench.meters');
