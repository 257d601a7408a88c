import type { Catalog } from '../../catalog/catalog';
import type { QueryContext } from '../../engine';

/**
 * The queries an engine is running, for perf_queries / SHOW QUERIES. The query executor wraps each statement in
 * `trackQuery`; entries are keyed by the engine's catalog, so several engines in one process keep apart.
 */
export interface RunningQuery {
  queryId: bigint;
  user: string;
  sql: string;
  startMs: number;
}

const running = new WeakMap<Catalog, Map<bigint, RunningQuery>>();
let nextQueryId = 1n;

export async function trackQuery<T>(ctx: QueryContext, run: () => Promise<T>): Promise<T> {
  let queries = running.get(ctx.catalog);
  if (!queries) running.set(ctx.catalog, (queries = new Map()));
  const entry: RunningQuery = { queryId: nextQueryId++, user: ctx.user.name, sql: ctx.sql, startMs: Date.now() };
  queries.set(entry.queryId, entry);
  try {
    return await run();
  } finally {
    queries.delete(entry.queryId);
  }
}

export function runningQueries(catalog: Catalog): RunningQuery[] {
  return [...(running.get(catalog)?.values() ?? [])];
}
