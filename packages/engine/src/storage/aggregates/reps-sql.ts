import { TID_COLUMN, quoteIdent } from '../names';
import type { RepSource } from './representatives';

/**
 * The representative rows of the rows of `from` (a table or a parenthesized query with the data table's columns),
 * per table id: the first and the last row, and per column the rows with its minimum, maximum, first and last
 * non-NULL value. Ties pick one row, as the aggregates themselves do. Every row returned is a row of `from`.
 */
export function repsSql(from: string, source: RepSource): string {
  const tid = quoteIdent(TID_COLUMN);
  const ts = quoteIdent(source.tsColumn);
  const keys = [`min(${ts})`, `max(${ts})`];
  for (const column of source.columns) {
    const c = quoteIdent(column);
    keys.push(`arg_min(${ts}, ${c})`, `arg_max(${ts}, ${c})`, `min(${ts}) FILTER (WHERE ${c} IS NOT NULL)`, `max(${ts}) FILTER (WHERE ${c} IS NOT NULL)`);
  }
  const picked = `SELECT ${tid} AS t, unnest(list_distinct([${keys.join(', ')}])) AS k FROM ${from} GROUP BY ${tid}`;
  return `SELECT s.* FROM ${from} s SEMI JOIN (${picked}) r ON s.${tid} = r.t AND s.${ts} = r.k`;
}
