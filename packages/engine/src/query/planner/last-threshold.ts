import type { FunctionCall } from '../../sql';
import { functionFamily } from '../binder/functions';
import { compile } from './expr';
import { whereSql, type SelectParts } from './select-parts';

/**
 * The "last row per table" fast path. When every group function is LAST or LAST_ROW, only rows at or after the
 * oldest of the groups' newest timestamps can be picked. One cheap pre-query (max(ts) per group) gives that
 * bound; as a constant filter on the timestamp it lets DuckDB skip decompressing the other columns of almost every
 * vector. Returns the extra WHERE condition, or undefined when the path does not apply.
 */
export async function lastThreshold(parts: SelectParts, calls: FunctionCall[], groupBy: string[]): Promise<string | undefined> {
  // COLS(last(x), ...) reads the row its LAST picks: the nested call (also in `calls`) decides.
  const groupCalls = calls.filter((c) => c.name !== 'cols' && ['aggregate', 'selection'].includes(functionFamily(c.name)));
  if (groupCalls.length === 0 || groupCalls.some((c) => c.name !== 'last' && c.name !== 'last_row')) return undefined;
  const ts = parts.from?.primary.ts?.sql;
  if (!ts || parts.from!.joins.length || parts.stmt.window) return undefined;
  const newest = groupCalls.map((c) => {
    if (c.name === 'last_row' || c.args[0]?.type === 'star') return `max(${ts})`;
    return `max(${ts}) FILTER (WHERE ${compile(parts.scope, c.args[0]).sql} IS NOT NULL)`;
  });
  const perGroup = newest.length === 1 ? newest[0] : `least(${newest.join(', ')})`;
  const sql = `SELECT min(__m) FROM (SELECT ${perGroup} AS __m ${parts.fromSql}${whereSql(parts)}${groupBy.length ? ` GROUP BY ${groupBy.join(', ')}` : ''})`;
  // The main query reads a later snapshot. Writes in between only add rows: each group's newest row stays at or after
  // the bound, and a group made in between shows with its newest row or not at all (as before the write). Only a
  // DELETE in between could drop a group whose remaining rows all sit before the bound.
  const { rows } = await parts.env.ctx.storage.query(sql);
  const bound = rows[0]?.[0];
  if (bound === null || bound === undefined) return undefined;
  return `${ts} >= ${BigInt(bound as bigint)}`;
}
