import { quoteName, quoteText } from '@tscloud/contracts/sql';
import type { PreviewRange } from './tabs';

/**
 * The data preview's statement (issue 13, "click a table and see its newest rows"): the table's rows in the time
 * range, newest first, on its primary timestamp column. Presets are the engine's own `NOW - 15m` … `NOW - 7d`
 * (whatever the database's precision); a custom range is two instants as UTC text. The console pages it like any
 * query (count, then 1000 rows at a time).
 */
export function previewSql(db: string, table: string, tsColumn: string, range: PreviewRange): string {
  const ts = quoteName(tsColumn);
  const where = 'preset' in range ? `${ts} >= NOW - ${range.preset}` : `${ts} >= ${quoteText(new Date(range.from).toISOString())} AND ${ts} < ${quoteText(new Date(range.to).toISOString())}`;
  return `SELECT * FROM ${quoteName(db)}.${quoteName(table)} WHERE ${where} ORDER BY ${ts} DESC`;
}
