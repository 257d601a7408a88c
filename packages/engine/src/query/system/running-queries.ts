import type { Catalog } from '../../catalog/catalog';
import type { UserDef } from '../../catalog/model';
import type { QueryContext } from '../context';
import { TdCode, TdError } from '../../errors';
import { queryLimits } from '../../limits/limits';

/**
 * The queries an engine is running, for perf_queries / SHOW QUERIES and KILL QUERY. The query executor wraps each
 * statement in `trackQuery`; entries are keyed by the engine's catalog, so several engines in one process keep apart.
 */
export interface RunningQuery {
  queryId: bigint;
  user: string;
  sql: string;
  startMs: number;
  /** stops the query: DuckDB is interrupted and the JS stages stop at their next slice; `reason` is its error */
  stop(reason: TdError): void;
}

/** What the client of a killed query gets (TSDB_CODE_TSC_QUERY_KILLED). */
export const QUERY_KILLED = 'Query killed';

const running = new WeakMap<Catalog, Map<bigint, RunningQuery>>();
let nextQueryId = 1n;

/**
 * Runs a query registered as running, with a signal that aborts it on KILL QUERY, after the instance's query timeout,
 * or when the caller's own signal aborts (its REST client went away).
 */
export async function trackQuery<T>(ctx: QueryContext, run: (ctx: QueryContext) => Promise<T>): Promise<T> {
  let queries = running.get(ctx.catalog);
  if (!queries) running.set(ctx.catalog, (queries = new Map()));
  const controller = new AbortController();
  const stop = (reason: TdError): void => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const entry: RunningQuery = { queryId: nextQueryId++, user: ctx.user.name, sql: ctx.sql, startMs: Date.now(), stop };
  const callerGone = (): void => stop(new TdError(TdCode.QUERY_KILLED, `${QUERY_KILLED}: client disconnected`));
  if (ctx.signal?.aborted) callerGone();
  ctx.signal?.addEventListener('abort', callerGone);
  const timer = setTimeout(() => stop(new TdError(TdCode.UNKNOWN, `${QUERY_KILLED}: timeout`)), queryLimits(ctx.limits).queryTimeoutMs);
  queries.set(entry.queryId, entry);
  try {
    return await run({ ...ctx, signal: controller.signal });
  } finally {
    clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', callerGone);
    queries.delete(entry.queryId);
  }
}

export function runningQueries(catalog: Catalog): RunningQuery[] {
  return [...(running.get(catalog)?.values() ?? [])];
}

/** perf_queries' `kill_id`: connection and query id in hex, as TDengine prints and KILL QUERY parses them. */
export function killId(q: RunningQuery): string {
  return `0:${q.queryId.toString(16)}`;
}

/**
 * KILL QUERY 'conn:query' (mndProfile.c): the id is hex, a malformed one is 0x030C, a connection other than the
 * engine's 0 is 0x030E. A query that is not running is 0x030C too (TDengine accepts it silently; telling is more
 * useful). A superuser kills any query, other users their own (0x0303 otherwise: TDengine 3.3 lets only a
 * superuser kill; perf_queries shows other users only their own queries).
 */
export function killQuery(catalog: Catalog, user: UserDef, id: string): void {
  const m = /^([0-9a-f]{1,8}):([0-9a-f]{1,16})$/i.exec(id.trim());
  if (!m) throw new TdError(TdCode.MND_INVALID_QUERY_ID, 'Invalid query id');
  if (parseInt(m[1], 16) !== 0) throw new TdError(TdCode.MND_INVALID_CONN_ID, 'Invalid connection id');
  const query = running.get(catalog)?.get(BigInt(`0x${m[2]}`));
  if (!query) throw new TdError(TdCode.MND_INVALID_QUERY_ID, 'Invalid query id');
  if (!user.superuser && query.user !== user.name) throw new TdError(TdCode.INSUFFICIENT_PRIVILEGE, 'Insufficient privilege for operation');
  query.stop(new TdError(TdCode.QUERY_KILLED, QUERY_KILLED));
}
