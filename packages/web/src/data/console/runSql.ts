import { SQL_TIMEOUT_MS, type SqlResult } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';

export interface SqlAnswer {
  result: SqlResult;
  /** The round trip as the browser measured it, ms. */
  clientMs: number;
}

/**
 * POST /api/region/{region}/data/sql/{appId} with {sql, timing: true} (data-explorer.md §7), 600000 ms time-out.
 * Resolves with the engine's result even when it is an engine error (`result.code` ≠ 0, `result.desc`); rejects with
 * an ApiError for the call's own failures. `silent`: the caller shows errors itself (the console shows them
 * persistently, §8).
 */
export async function runSql(instance: InstanceRef, sql: string, options: { signal?: AbortSignal; silent?: boolean } = {}): Promise<SqlAnswer> {
  const started = performance.now();
  const result = await http.post<SqlResult>(`/region/${encodeURIComponent(instance.region_id)}/data/sql/${encodeURIComponent(instance.id)}`, { sql, timing: true }, {
    timeoutMs: SQL_TIMEOUT_MS,
    signal: options.signal,
    silent: options.silent,
  });
  return { result, clientMs: performance.now() - started };
}

/** The rows of a statement that must succeed (catalog reads): an engine error becomes a rejection. */
export async function sqlRows(instance: InstanceRef, sql: string, signal?: AbortSignal): Promise<unknown[][]> {
  const { result } = await runSql(instance, sql, { signal, silent: true });
  if (result.code !== 0) throw new Error(result.desc || `code ${result.code}`);
  return result.data;
}
