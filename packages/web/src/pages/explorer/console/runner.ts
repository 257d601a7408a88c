import { CONSOLE_MAX_ROWS, type SqlColumnMeta, type SqlResult } from '@tscloud/contracts';
import { isApiError } from '../../../api/errors';
import type { InstanceRef } from '../../../data/instances/control';
import { EngineError, runSql, type SqlAnswer } from '../../../data/sql/run';
import { capRows, pageSql, readCount, readPlan } from './paging';
import { isQuery, leadingWord, splitStatements } from '@tscloud/contracts/sql';
import { combineTimings, type CallTiming, type Timings } from './timings';

/**
 * Runs what was typed, statement by statement, through the SQL call (data-explorer.md §7), the way the console
 * shows it: a query, with or without its own LIMIT, is read as a paged read (count, then the first 1000 rows, the
 * next ones when the grid is paged to them); everything else is sent as typed. The run stops at the first failing
 * statement. Cancelling aborts the call in flight.
 */
export interface StatementOutcome {
  sql: string;
  ok: boolean;
  /** The query's rows can be exported (one SELECT / WITH statement). */
  query: boolean;
  columns: SqlColumnMeta[];
  rows: unknown[][];
  /** How many rows the statement returned (or affected); the count of a paged read. */
  total: number;
  /** More rows exist than are shown (§8 "Maximum 1000 rows shown per query"). */
  truncated: boolean;
  /**
   * A paged read's rows from `offset` on, one page of CONSOLE_MAX_ROWS (within the query's own LIMIT): the grid reads
   * the page it is turned to, so the browser holds one page, never the whole result (issue 13 item 4).
   */
  readRows?: (offset: number) => Promise<unknown[][]>;
  timings: Timings;
  /** The engine's desc or the call's message on failure. */
  error: string | null;
  /** The current database the statement ran in (null: none chosen). */
  database: string | null;
  /** A successful `USE db`: the database it makes current for the statements after it. */
  used?: string;
}

export type Send = (sql: string, signal: AbortSignal, db: string | null) => Promise<SqlAnswer>;

export function sendTo(instance: InstanceRef): Send {
  return (sql, signal, db) => runSql(instance, sql, { signal, silent: true, timing: true, db });
}

/** Statements that may change what the catalog holds (the console reads databases/tables/columns again after them). */
export function changesCatalog(statement: string): boolean {
  return ['CREATE', 'DROP', 'ALTER', 'INSERT', 'IMPORT'].includes(leadingWord(statement));
}

function failure(result: SqlResult, fallback: string): string {
  return result.desc || fallback;
}

export async function runStatement(send: Send, statement: string, signal: AbortSignal, unavailable: string, database: string | null = null): Promise<StatementOutcome> {
  const calls: CallTiming[] = [];
  const call = async (sql: string): Promise<SqlResult> => {
    const answer = await send(sql, signal, database);
    calls.push({ client: answer.clientMs, server: answer.result.timing });
    if (answer.result.code !== 0) throw new EngineError(answer.result.code, failure(answer.result, unavailable));
    return answer.result;
  };
  const query = isQuery(statement);
  const base = { sql: statement, query, columns: [] as SqlColumnMeta[], rows: [] as unknown[][], total: 0, truncated: false, database };
  try {
    const plan = readPlan(statement);
    if (plan.kind === 'paged') {
      const total = readCount((await call(plan.count)).data);
      const page = await call(plan.rows);
      const shown = capRows(page.data, total);
      const readRows = async (offset: number) => (await call(pageSql(statement, offset, CONSOLE_MAX_ROWS))).data;
      return { ...base, ok: true, columns: page.column_meta, rows: shown.rows, total: Math.max(total, page.data.length), truncated: shown.truncated, readRows, timings: combineTimings(calls), error: null };
    }
    const result = await call(plan.sql);
    const shown = capRows(result.data, result.rows ?? result.data.length);
    const used = result.database !== undefined ? { used: result.database } : {};
    return { ...base, ...used, ok: true, columns: result.column_meta, rows: shown.rows, total: result.rows ?? result.data.length, truncated: shown.truncated, timings: combineTimings(calls), error: null };
  } catch (error) {
    if (signal.aborted) throw error;
    const message = error instanceof EngineError ? error.message : isApiError(error) ? error.message || unavailable : (error as Error).message || unavailable;
    return { ...base, ok: false, timings: combineTimings(calls), error: message };
  }
}

/**
 * Every statement of `text` in order, in the current database `database`; `onOutcome` after each. A `USE db` makes
 * db current for the statements after it (the server answers which). Stops after the first failure.
 */
export async function runAll(
  send: Send,
  text: string,
  signal: AbortSignal,
  unavailable: string,
  onOutcome: (o: StatementOutcome) => void,
  database: string | null = null,
): Promise<StatementOutcome[]> {
  const outcomes: StatementOutcome[] = [];
  let current = database;
  for (const statement of splitStatements(text)) {
    if (signal.aborted) break;
    const outcome = await runStatement(send, statement, signal, unavailable, current);
    if (outcome.used !== undefined) current = outcome.used;
    outcomes.push(outcome);
    onOutcome(outcome);
    if (!outcome.ok) break;
  }
  return outcomes;
}
