import { CONSOLE_MAX_ROWS } from '@tscloud/contracts';
import { hasTopLevelLimit, isQuery, statementBody } from '@tscloud/contracts/sql';

/**
 * Paged SQL reads (data-explorer.md §2): first a count query, then the query with an offset and a row limit.
 * Pure: they only build SQL and read a count result. The LIMIT is appended to the statement rather than wrapping it
 * in `SELECT * FROM (…)`, so window pseudo columns (_wstart …) and column names stay as the statement wrote them.
 * A newline goes before the LIMIT so a trailing `-- comment` cannot swallow it.
 */

/** `SELECT COUNT(*) FROM (q)`: how many rows the query returns. */
export function countSql(statement: string): string {
  return `SELECT COUNT(*) FROM (${statementBody(statement)})`;
}

/** The query's rows `offset` … `offset + limit - 1`. Only for a query without a LIMIT of its own. */
export function pageSql(statement: string, offset: number, limit: number): string {
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError('offset must be a non-negative integer');
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  return `${statementBody(statement)}\nLIMIT ${limit} OFFSET ${offset}`;
}

/** The count a `countSql` result carries (REST gives BIGINT as a number or a string). */
export function readCount(data: unknown[][]): number {
  const value = data[0]?.[0];
  const n = typeof value === 'string' ? Number(value) : typeof value === 'bigint' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/**
 * How the console runs one statement:
 * - `paged`: a query without its own LIMIT — count first, then the first `CONSOLE_MAX_ROWS` rows;
 * - `plain`: anything else, sent as typed (a query with its own LIMIT is cut to `CONSOLE_MAX_ROWS` when shown).
 */
export type ReadPlan = { kind: 'paged'; count: string; rows: string } | { kind: 'plain'; sql: string };

export function readPlan(statement: string, maxRows = CONSOLE_MAX_ROWS): ReadPlan {
  if (isQuery(statement) && !hasTopLevelLimit(statement)) return { kind: 'paged', count: countSql(statement), rows: pageSql(statement, 0, maxRows) };
  return { kind: 'plain', sql: statementBody(statement) };
}

/** Rows to show and whether the §8 "Maximum 1000 rows shown per query" message applies. */
export function capRows<T>(rows: T[], total: number, maxRows = CONSOLE_MAX_ROWS): { rows: T[]; truncated: boolean } {
  return { rows: rows.length > maxRows ? rows.slice(0, maxRows) : rows, truncated: Math.max(total, rows.length) > maxRows };
}
