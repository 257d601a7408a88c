import { SQL_TIMEOUT_MS, type SqlResult } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';

/**
 * The one client of the SQL call (POST /api/region/{r}/data/sql/{appId}, data-explorer.md §7) for the console,
 * the explorer and the builders: the statement runs as the member's engine user, 600000 ms time-out.
 *
 * One error shape: an engine error (`code` ≠ 0) is an EngineError carrying the engine's code and desc; the call's
 * own failures (network, 4xx/5xx) are the request layer's ApiError. `runSql` alone resolves with an engine error
 * as a result, because the console shows it in place of the rows.
 */
export class EngineError extends Error {
  constructor(
    readonly code: number,
    desc: string,
  ) {
    super(desc);
    this.name = 'EngineError';
  }
}

export const SERVICE_UNAVAILABLE = 'Service Unavailable, please try again later!';

/**
 * Where statements go: an instance of the organization, or a shared / platform database read with its access code
 * (`token`: POST /api/region/{r}/data/sql/token/{code}, read statements only).
 */
export type SqlTarget = InstanceRef & { token?: string };

export interface SqlAnswer {
  result: SqlResult;
  /** The round trip as the browser measured it, ms. */
  clientMs: number;
}

export interface SqlOptions {
  signal?: AbortSignal;
  /** The caller shows errors itself (no global message). */
  silent?: boolean;
  /** Ask the server for the engine's and its own time (`result.timing`). */
  timing?: boolean;
  /** The console tab's current database: unqualified names are in it (the server runs `/rest/sql/{db}`). */
  db?: string | null;
}

function sqlPath(target: SqlTarget): string {
  const region = `/region/${encodeURIComponent(target.region_id)}/data/sql`;
  return target.token ? `${region}/token/${encodeURIComponent(target.token)}` : `${region}/${encodeURIComponent(target.id)}`;
}

/** The call as sent: resolves with the engine's result even when it is an engine error (the console's read). */
export async function runSql(target: SqlTarget, sql: string, options: SqlOptions = {}): Promise<SqlAnswer> {
  const started = performance.now();
  const body = { sql, ...(options.timing ? { timing: true } : {}), ...(options.db ? { db: options.db } : {}) };
  const result = await http.post<SqlResult>(sqlPath(target), body, {
    timeoutMs: SQL_TIMEOUT_MS,
    signal: options.signal,
    silent: options.silent,
    // BIGINT cells beyond 2^53 arrive as bigints, not rounded (issue 13 item 1).
    exactNumbers: true,
  });
  return { result, clientMs: performance.now() - started };
}

/** The engine's result, or its error as an EngineError. */
export function engineResult(result: SqlResult): SqlResult {
  if (result.code !== 0) throw new EngineError(result.code, result.desc || SERVICE_UNAVAILABLE);
  return result;
}

/** A statement that must succeed (silent: the screens show the error where the action was taken). */
export async function sqlCall(target: SqlTarget, sql: string, options: Omit<SqlOptions, 'silent'> = {}): Promise<SqlResult> {
  return engineResult((await runSql(target, sql, { ...options, silent: true })).result);
}

/** The rows of a statement that must succeed, as the engine sends them. */
export async function sqlRows(target: SqlTarget, sql: string, options: Omit<SqlOptions, 'silent'> = {}): Promise<unknown[][]> {
  return (await sqlCall(target, sql, options)).data;
}

/** Rows as objects keyed by column name (bigints as numbers). */
export async function sqlObjects(target: SqlTarget, sql: string): Promise<Record<string, unknown>[]> {
  const result = await sqlCall(target, sql);
  const names = result.column_meta.map((c) => c[0]);
  return result.data.map((row) => Object.fromEntries(names.map((n, i) => [n, typeof row[i] === 'bigint' ? Number(row[i]) : row[i]])));
}

/** Statements run one after another; the first engine error stops the rest. */
export async function sqlSequence(target: SqlTarget, statements: readonly string[]): Promise<void> {
  for (const sql of statements) await sqlCall(target, sql);
}

/** The message of a failed SQL call: the engine's desc or the request layer's message. */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
