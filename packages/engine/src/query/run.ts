import type { QueryContext } from './context';
import { TdCode, TdError } from '../errors';
import type { ResultSet } from '../format/result';
import { plainValue } from '../storage/storage';
import { restTypeName, typeLength } from '../types';
import { DUP_TIMESTAMP } from './planner/indefinite';
import type { Plan } from './planner/plan';
import { loadTempTable } from './exec/temp-table';
import { quoteIdent } from '../storage/names';
import { queryLimits, tooManyRowsError, tooManyWindowsError } from '../limits/limits';
import { Pacer } from './exec/pacer';

/** TDengine 3.4's text for a scalar subquery with more than one row (0x26A5). */
const SCALAR_SUBQ_MULTI_ROW = 'More than 1 row returned in subquery as expr';

/** DuckDB errors that mean the plan was wrong for the data (bad casts, overflow): TDengine reports them as 0xffff. */
function duckError(error: unknown, signal: AbortSignal | undefined): TdError {
  // an interrupted query fails with the reason it was stopped for (KILL QUERY, timeout, client gone)
  if (signal?.aborted && signal.reason instanceof TdError) return signal.reason;
  if (error instanceof TdError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes(DUP_TIMESTAMP)) return new TdError(TdCode.FUNC_DUP_TIMESTAMP, DUP_TIMESTAMP);
  // a scalar `(SELECT …)` is read as DuckDB's scalar subquery, which refuses a second row at run time
  if (message.includes('More than one row returned by a subquery')) return new TdError(TdCode.PAR_SCALAR_SUBQ_MULTI_ROW, SCALAR_SUBQ_MULTI_ROW);
  return new TdError(TdCode.UNKNOWN, message);
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
  let rows: unknown[][];
  try {
    rows = await ctx.storage.withReadConnection(async (conn) => {
      const interrupt = () => conn.interrupt();
      signal?.addEventListener('abort', interrupt);
      const temps = plan.tempTables ?? [];
      try {
        signal?.throwIfAborted();
        for (const t of temps) await loadTempTable(conn, t);
        const result = await conn.run(plan.sql);
        signal?.throwIfAborted();
        if (result.rowCount > limits.maxResultRows) throw tooManyRows();
        const out: unknown[][] = [];
        for (let i = 0; i < result.chunkCount; i++) {
          for (const r of result.getChunk(i).getRows()) out.push(r.map(plainValue));
          if (pace.due()) await pace.pause();
        }
        return out;
      } finally {
        signal?.removeEventListener('abort', interrupt);
        for (const t of temps) await conn.run(`DROP TABLE IF EXISTS temp.main.${quoteIdent(t.name)}`).catch(() => undefined);
      }
    });
  } catch (error) {
    throw duckError(error, signal);
  }
  const width = plan.columns.length;
  let visible: unknown[][];
  try {
    visible = plan.post ? await plan.post(rows, { pace, limits, tooManyRows }) : rows.map((r) => (r.length > width ? r.slice(0, width) : r));
  } catch (error) {
    throw duckError(error, signal);
  }
  if (visible.length > limits.maxResultRows) throw tooManyRows();
  return {
    kind: 'rows',
    columns: plan.columns.map((c) => ({ name: c.name, type: restTypeName(c.type), length: typeLength(c.type) })),
    rows: visible,
    precision: plan.precision,
  };
}
