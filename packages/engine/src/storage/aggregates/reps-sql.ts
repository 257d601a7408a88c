import { TID_COLUMN, quoteIdent } from '../names';
import type { RepSource } from './representatives';

/**
 * The representative rows of `data` (a table with the data table's columns; of the table ids `tids`, a comma list,
 * or all), per table id: the first and the last row, and per column the rows with its minimum, its maximum, its
 * first and its last non-NULL value. Three passes without arg_min/arg_max (which cost about ten scans on a large
 * table): plain min/max per table id; the oldest timestamp holding each minimum and maximum; the rows at those
 * timestamps. A tie resolves to its oldest row, one of the rows the aggregates may pick (TDengine keeps the first
 * it meets, in time order). Every row returned is a row of `data`. A composite-key table keeps every row at a picked
 * timestamp, whatever its key, so FIRST/LAST/LAST_ROW, which order one timestamp's rows by key, pick the same row.
 */
export function buildSql(data: string, source: RepSource, tids?: string): string {
  const tid = quoteIdent(TID_COLUMN);
  const ts = quoteIdent(source.tsColumn);
  const only = (alias: string) => (tids === undefined ? '' : ` WHERE ${alias}${tid} IN (${tids})`);
  const aggs = [`min(${ts}) AS t0`, `max(${ts}) AS t1`];
  const keys = ['any_value(a.t0)', 'any_value(a.t1)'];
  source.columns.forEach((column, i) => {
    const c = quoteIdent(column);
    aggs.push(`min(${c}) AS mn${i}`, `max(${c}) AS mx${i}`, `min(${ts}) FILTER (WHERE ${c} IS NOT NULL) AS f${i}`, `max(${ts}) FILTER (WHERE ${c} IS NOT NULL) AS l${i}`);
    keys.push(`min(s.${ts}) FILTER (WHERE s.${c} = a.mn${i})`, `min(s.${ts}) FILTER (WHERE s.${c} = a.mx${i})`, `any_value(a.f${i})`, `any_value(a.l${i})`);
  });
  const bounds = `SELECT ${tid} AS t, ${aggs.join(', ')} FROM ${data}${only('')} GROUP BY ${tid}`;
  // the tid filter on every pass lets DuckDB skip the other tables' row groups
  const picked = `SELECT a.t, unnest(list_distinct([${keys.join(', ')}])) AS k FROM ${data} s JOIN (${bounds}) a ON s.${tid} = a.t${only('s.')} GROUP BY a.t`;
  return `SELECT s.* FROM ${data} s SEMI JOIN (${picked}) r ON s.${tid} = r.t AND s.${ts} = r.k${only('s.')}`;
}
