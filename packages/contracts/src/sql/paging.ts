import { hasTopLevelLimit, statementBody } from './statements';

/**
 * Paged reads of a query (data-explorer.md §2): a count query, then the query with an offset and a row limit. The
 * console reads every query a page at a time this way (issue 13 item 4: a `LIMIT 1000000` used to download every
 * row to show 1000), and the server's CSV export pages through a whole result with them.
 * - A query without a LIMIT of its own gets one appended rather than being wrapped in `SELECT * FROM (…)`, so window
 *   pseudo columns (_wstart …) and column names stay as the statement wrote them.
 * - A query ending in its own `LIMIT n [OFFSET m]` (or `LIMIT m, n`, offset first) has that clause rewritten to the
 *   page within it: `LIMIT min(page, n - k) OFFSET m + k`, so its own limit stays the upper bound, and its ORDER BY
 *   and column names stay as written. (Wrapping it in `SELECT * FROM (q) LIMIT …` would not do: the engine does
 *   not keep a subquery's ORDER BY in the outer query; web console/paging.engine.test.ts.)
 * - A LIMIT the rewrite cannot read (a comment after it) is wrapped instead: `SELECT * FROM (q) LIMIT … OFFSET …`.
 * A newline goes before the LIMIT (and the closing parenthesis) so a trailing `-- comment` cannot swallow it.
 */

/** `SELECT COUNT(*) FROM (q)`: how many rows the query returns (within its own LIMIT). */
export function countSql(statement: string): string {
  return `SELECT COUNT(*) FROM (${statementBody(statement)}\n)`;
}

/** The query's rows `offset` … `offset + limit - 1` (within its own LIMIT, when it has one). */
export function pageSql(statement: string, offset: number, limit: number): string {
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError('offset must be a non-negative integer');
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  const body = statementBody(statement);
  if (!hasTopLevelLimit(body)) return `${body}\nLIMIT ${limit} OFFSET ${offset}`;
  const own = ownLimit(body);
  if (!own) return `SELECT * FROM (${body}\n) LIMIT ${limit} OFFSET ${offset}`;
  return `${own.head}LIMIT ${Math.min(limit, Math.max(0, own.count - offset))} OFFSET ${own.offset + offset}`;
}

/** `LIMIT n [OFFSET m]` or `LIMIT m, n` at the very end (the engine's last clause; integers only). */
const TRAILING_LIMIT = /\bLIMIT\s+(\d+)\s*(?:,\s*(\d+)|OFFSET\s+(\d+))?\s*$/i;

/**
 * The statement's own top-level LIMIT when it closes the statement: the text before it, its count and offset.
 * Null when the text ends otherwise, or when the LIMIT found there is not the top-level one (a commented-out
 * `-- limit 5` after the real clause leaves a top-level LIMIT in the text before it).
 */
function ownLimit(body: string): { head: string; count: number; offset: number } | null {
  const match = TRAILING_LIMIT.exec(body);
  if (!match) return null;
  const head = body.slice(0, match.index);
  if (hasTopLevelLimit(head)) return null;
  const [count, offset] = match[2] !== undefined ? [Number(match[2]), Number(match[1])] : [Number(match[1]), Number(match[3] ?? 0)];
  return Number.isSafeInteger(count) && Number.isSafeInteger(offset) ? { head, count, offset } : null;
}
