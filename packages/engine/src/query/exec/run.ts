import type { DuckDBValue } from '@duckdb/node-api';
import type { QueryContext } from '../../engine';
import { TdCode, TdError } from '../../errors';
import type { ResultSet } from '../../format/result';
import { plainValue } from '../../storage/storage';
import { restTypeName, typeLength } from '../../types';
import { DUP_TIMESTAMP } from '../planner/indefinite';
import type { Plan } from '../planner/plan';
import { loadTempTable } from './temp-table';
import { quoteIdent } from '../../storage/names';

/** A query longer than this is interrupted (its read connection is freed for others). */
export const QUERY_TIMEOUT_MS = 10 * 60 * 1000;

/** TDengine 3.4's text for a scalar subquery with more than one row (0x26A5). */
const SCALAR_SUBQ_MULTI_ROW = 'More than 1 row returned in subquery as expr';

/** DuckDB errors that mean the plan was wrong for the data (bad casts, overflow): TDengine reports them as 0xffff. */
function duckError(error: unknown): TdError {
  if (error instanceof TdError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/INTERRUPT/i.test(message)) return new TdError(TdCode.UNKNOWN, 'Query killed: timeout');
  if (message.includes(DUP_TIMESTAMP)) return new TdError(TdCode.FUNC_DUP_TIMESTAMP, DUP_TIMESTAMP);
  // a scalar `(SELECT …)` is read as DuckDB's scalar subquery, which refuses a second row at run time
  if (message.includes('More than one row returned by a subquery')) return new TdError(TdCode.PAR_SCALAR_SUBQ_MULTI_ROW, SCALAR_SUBQ_MULTI_ROW);
  return new TdError(TdCode.UNKNOWN, message);
}

/** Runs a plan on a pooled read connection (interrupted after the timeout) and shapes the ResultSet. */
export async function runPlan(ctx: QueryContext, plan: Plan, timeoutMs = QUERY_TIMEOUT_MS): Promise<ResultSet> {
  let rows: unknown[][];
  try {
    rows = await ctx.storage.withReadConnection(async (conn) => {
      const timer = setTimeout(() => conn.interrupt(), timeoutMs);
      const temps = plan.tempTables ?? [];
      try {
        for (const t of temps) await loadTempTable(conn, t);
        const reader = await conn.runAndReadAll(plan.sql);
        return reader.getRows().map((r: DuckDBValue[]) => r.map(plainValue));
      } finally {
        clearTimeout(timer);
        for (const t of temps) await conn.run(`DROP TABLE IF EXISTS temp.main.${quoteIdent(t.name)}`).catch(() => undefined);
      }
    });
  } catch (error) {
    throw duckError(error);
  }
  const width = plan.columns.length;
  const visible = plan.post ? plan.post(rows) : rows.map((r) => (r.length > width ? r.slice(0, width) : r));
  return {
    kind: 'rows',
    columns: plan.columns.map((c) => ({ name: c.name, type: restTypeName(c.type), length: typeLength(c.type) })),
    rows: visible,
    precision: plan.precision,
  };
}
