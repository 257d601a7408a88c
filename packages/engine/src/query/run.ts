import type { DuckDBConnection } from '@duckdb/node-api';
import type { QueryContext, RowSink } from './context';
import { DUP_TIMESTAMP, fromDuckDb, TdCode, TdError, TO_TIMESTAMP_MISMATCH } from '../errors';
import type { ResultSet } from '../format/result';
import { plainValue } from '../storage/storage';
import { restTypeName, typeLength } from '../types';
import type { Plan } from './planner/plan';
import { loadTempTable } from './exec/temp-table';
import { quoteIdent, quoteString } from '../storage/names';
import { queryLimits, tooManyRowsError, tooManyWindowsError } from '../limits/limits';
import { Pacer } from './exec/pacer';

/**
 * A failure while running a plan as the client sees it: the signal's reason when the query was stopped, the planner's
 * own refusals raised through DuckDB (equal timestamps), otherwise DuckDB's error
 * mapped at the boundary (errors/duckdb.ts), with the plan's SQL for the operator's log.
 */
function duckError(error: unknown, signal: AbortSignal | undefined, ctx: QueryContext, plan: Plan): TdError {
  // an interrupted query fails with the reason it was stopped for (KILL QUERY, timeout, client gone)
  if (signal?.aborted && signal.reason instanceof TdError) return signal.reason;
  if (error instanceof TdError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes(DUP_TIMESTAMP)) return new TdError(TdCode.FUNC_DUP_TIMESTAMP, DUP_TIMESTAMP);
  if (message.includes(TO_TIMESTAMP_MISMATCH)) return new TdError(TdCode.FUNC_TO_TIMESTAMP_FORMAT_MISMATCH, TO_TIMESTAMP_MISMATCH);
  return fromDuckDb(error, { stage: 'executor', statement: ctx.sql, sql: plan.sql });
}

/**
 * Runs `fn` on a pooled read connection with the plan's temporary tables loaded (dropped after), interrupting
 * the connection when `ctx.signal` aborts; DuckDB's errors become TdErrors.
 */
async function onPlanConnection<T>(ctx: QueryContext, plan: Plan, fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
  const signal = ctx.signal;
  try {
    return await ctx.storage.withReadConnection(async (conn) => {
      const interrupt = () => conn.interrupt();
      signal?.addEventListener('abort', interrupt);
      const temps = plan.tempTables ?? [];
      try {
        signal?.throwIfAborted();
        for (const t of temps) await loadTempTable(conn, t);
        return await fn(conn);
      } finally {
        signal?.removeEventListener('abort', interrupt);
        for (const t of temps) await conn.run(`DROP TABLE IF EXISTS temp.main.${quoteIdent(t.name)}`).catch(() => undefined);
      }
    });
  } catch (error) {
    throw duckError(error, signal, ctx, plan);
  }
}

/**
 * Runs a plan on a pooled read connection and shapes the ResultSet. DuckDB works on its own threads; what runs on the
 * event loop — converting the result chunk by chunk, the JS stage (FILL, INTERP) — is paced (exec/pacer.ts). When
 * `ctx.signal` aborts (KILL QUERY, timeout, client gone) the connection is interrupted and the query fails with the
 * signal's reason. More than `maxResultRows` rows from SQL or from the JS stage is refused (0x070A for windows).
 */
export async function runPlan(ctx: QueryContext, plan: Plan): Promise<ResultSet> {
  const limits = queryLimits(ctx.limits);
  const tooManyRows = () => (plan.windows ? tooManyWindowsError() : tooManyRowsError(limits.maxResultRows));
  const pace = new Pacer(ctx.signal);
  const signal = ctx.signal;
  const rows = await onPlanConnection(ctx, plan, async (conn) => {
    const result = await conn.run(plan.sql);
    signal?.throwIfAborted();
    if (result.rowCount > limits.maxResultRows) throw tooManyRows();
    const out: unknown[][] = [];
    for (let i = 0; i < result.chunkCount; i++) {
      for (const r of result.getChunk(i).getRows()) out.push(r.map(plainValue));
      if (pace.due()) await pace.pause();
    }
    return out;
  });
  const width = plan.columns.length;
  let visible: unknown[][];
  try {
    if (plan.post) visible = await plan.post(rows, { pace, limits, tooManyRows });
    else if (plan.reorder) visible = plan.reorder(rows, width);
    else visible = rows.map((r) => (r.length > width ? r.slice(0, width) : r));
  } catch (error) {
    throw duckError(error, signal, ctx, plan);
  }
  if (visible.length > limits.maxResultRows) throw tooManyRows();
  return {
    kind: 'rows',
    columns: resultColumns(plan),
    rows: visible,
    precision: plan.precision,
  };
}

/**
 * Runs `count(*)` queries on one read connection with the plan's temporary tables loaded: EXPLAIN ANALYZE's
 * per-scan row counts. Returns each count and how long it took (ms).
 */
export async function countRows(ctx: QueryContext, plan: Plan, sqls: string[]): Promise<{ rows: number; ms: number }[]> {
  return onPlanConnection(ctx, plan, async (conn) => {
    const out: { rows: number; ms: number }[] = [];
    for (const sql of sqls) {
      const start = performance.now();
      const result = await conn.run(sql);
      const [[count]] = (await result.getRows()) as unknown[][];
      out.push({ rows: Number(count), ms: performance.now() - start });
    }
    return out;
  });
}

function resultColumns(plan: Plan) {
  return plan.columns.map((c) => ({ name: c.name, type: restTypeName(c.type), length: typeLength(c.type) }));
}

/**
 * Runs a plan for an export (POST /rest/export): DuckDB's streaming result is read chunk by chunk and each chunk
 * handed to `sink` before the next is fetched, so neither the engine nor its reader holds the whole result and no
 * `maxResultRows` applies (that bound exists because `runPlan` holds the result). A plan with a JS stage (FILL,
 * INTERP) needs its whole input, so it runs as `runPlan` does, bounded as usual, and is handed over in slices.
 * Returns the rows written.
 */
export async function streamPlan(ctx: QueryContext, plan: Plan, sink: RowSink): Promise<number> {
  const columns = resultColumns(plan);
  if (plan.post) {
    const result = await runPlan(ctx, plan);
    sink.start(columns, plan.precision);
    for (let i = 0; i < result.rows.length; i += STREAM_SLICE_ROWS) await sink.rows(result.rows.slice(i, i + STREAM_SLICE_ROWS));
    return result.rows.length;
  }
  const width = plan.columns.length;
  return onPlanConnection(ctx, plan, async (conn) => {
    const result = await conn.stream(plan.sql);
    sink.start(columns, plan.precision);
    let count = 0;
    for (;;) {
      ctx.signal?.throwIfAborted();
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) return count;
      const rows = chunk.getRows().map((r) => (r.length > width ? r.slice(0, width) : r).map(plainValue));
      count += rows.length;
      await sink.rows(rows);
    }
  });
}

/** Rows per batch when a held result (a JS stage's) is handed to a sink. */
const STREAM_SLICE_ROWS = 2048;

/** A TIMESTAMP column's integer (in the database's precision) as a DuckDB timestamp of that precision. */
const TIMESTAMP_OF: Record<Plan['precision'], (c: string) => string> = {
  ms: (c) => `epoch_ms(${c})`,
  us: (c) => `make_timestamp(${c})`,
  ns: (c) => `make_timestamp_ns(${c})`,
};

/**
 * Writes a plan's result to a Parquet file with DuckDB's COPY, which writes row group by row group (bounded
 * memory). Columns carry the result's names; TIMESTAMP columns become Parquet timestamps of the database's
 * precision (ns stays ns), integers keep their width and sign. A plan with a JS stage (FILL, INTERP) has no SQL for
 * its result, so it is refused.
 */
export async function copyPlanToParquet(ctx: QueryContext, plan: Plan, file: string): Promise<void> {
  if (plan.post) throw new TdError(TdCode.UNSUPPORTED, 'Parquet export is not available for FILL or INTERP queries: export them as CSV or JSON Lines');
  const list = plan.columns.map((c, i) => {
    const cell = `q.${quoteIdent(`c${i}`)}`;
    return `${restTypeName(c.type) === 'TIMESTAMP' ? TIMESTAMP_OF[plan.precision](cell) : cell} AS ${quoteIdent(c.name)}`;
  });
  await onPlanConnection(ctx, plan, async (conn) => {
    await conn.run(`COPY (SELECT ${list.join(', ')} FROM (${plan.sql}) AS q) TO ${quoteString(file)} (FORMAT parquet)`);
  });
}
