import { CONSOLE_MAX_ROWS } from '@tscloud/contracts';
import { countSql, isQuery, pageSql, statementBody } from '@tscloud/contracts/sql';

/**
 * The console's paged reads (data-explorer.md §2): every query is counted, then read a page of CONSOLE_MAX_ROWS at a
 * time, with the SQL of `@tscloud/contracts/sql` (`countSql`, `pageSql`: a query's own LIMIT stays the bound).
 */
export { countSql, pageSql };

/** The count a `countSql` result carries (REST gives BIGINT as a number or a string). */
export function readCount(data: unknown[][]): number {
  const value = data[0]?.[0];
  const n = typeof value === 'string' ? Number(value) : typeof value === 'bigint' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/**
 * How the console runs one statement:
 * - `paged`: a query (SELECT / WITH), with or without its own LIMIT — count first, then the first
 *   `CONSOLE_MAX_ROWS` rows; further pages are read when the grid is paged to them;
 * - `plain`: anything else (SHOW, DESCRIBE, INSERT …), sent as typed and cut to `CONSOLE_MAX_ROWS` when shown.
 */
export type ReadPlan = { kind: 'paged'; count: string; rows: string } | { kind: 'plain'; sql: string };

export function readPlan(statement: string, maxRows = CONSOLE_MAX_ROWS): ReadPlan {
  if (isQuery(statement)) return { kind: 'paged', count: countSql(statement), rows: pageSql(statement, 0, maxRows) };
  return { kind: 'plain', sql: statementBody(statement) };
}

/** Rows to show and whether the §8 "Maximum 1000 rows shown per query" message applies. */
export function capRows<T>(rows: T[], total: number, maxRows = CONSOLE_MAX_ROWS): { rows: T[]; truncated: boolean } {
  return { rows: rows.length > maxRows ? rows.slice(0, maxRows) : rows, truncated: Math.max(total, rows.length) > maxRows };
}
