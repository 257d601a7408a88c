import type { Expression, FunctionCall, SelectStatement } from '../../sql';
import { functionFamily } from '../binder/functions';
import { expressionNodes } from '../binder/walk';
import type { Relation } from '../binder/relation';
import type { SelectParts } from '../planner/select-parts';

/**
 * Group functions whose answer is a value of one row of the group, the same row whether the group is read whole or
 * only through its tables' representative rows (storage/aggregates/representatives.ts). SPREAD is max − min.
 */
const PICKING = new Set(['min', 'max', 'spread', 'first', 'last', 'last_row', 'cols']);

/**
 * An aggregate over whole tables of one super, child or normal table, answered from the representative rows
 * instead of every row: the same SQL with the data table swapped for its representative copy. It applies when
 * every group function picks a row (PICKING) of plain columns, and nothing else reads rows: no WHERE, GROUP BY,
 * PARTITION BY or HAVING on data columns (tags and tbname only), no window, no subquery, no read-privilege
 * condition. A data column outside a group function is read from the row the function picked (or any row of the
 * group, as the scan does). Returns the parts unchanged otherwise, while the copy is being built (in the background)
 * or when it cannot be brought up to date.
 */
export async function withRepresentatives(parts: SelectParts): Promise<SelectParts> {
  const reps = parts.env.ctx.representatives;
  const from = parts.from;
  const rel = from?.primary;
  if (!reps || !from || !rel?.physical || from.joins.length || from.relations.length !== 1) return parts;
  if (!eligible(parts.stmt, rel)) return parts;
  const physical = rel.physical;
  const scan = `FROM ${physical.sql} d`;
  if (parts.fromSql.split(scan).length !== 2) return parts;
  let name: string | undefined;
  try {
    name = await reps.ready({ db: physical.db, table: physical.table, tsColumn: rel.columns[0].name, columns: rel.columns.slice(1).map((c) => c.name) });
  } catch (error) {
    console.error('representative rows: falling back to a scan', error);
    return parts;
  }
  if (name === undefined) return parts; // being built: this query scans
  return { ...parts, fromSql: parts.fromSql.replace(scan, `FROM ${name} d`) };
}

type Role = 'data' | 'key';

function eligible(stmt: SelectStatement, rel: Relation): boolean {
  if (stmt.window || stmt.interp || stmt.tags) return false;
  const roles = new Map<string, Role>();
  for (const c of rel.columns) roles.set(c.name.toLowerCase(), 'data');
  for (const t of rel.tags) roles.set(t.name.toLowerCase(), 'key');
  roles.set('tbname', 'key');
  const keys = [...(stmt.partitionBy ?? []).map((p) => p.expr), ...(stmt.groupBy ?? [])];
  return (
    reads(stmt.items.map((i) => i.expr), roles, true) &&
    reads([stmt.having, ...(stmt.orderBy ?? []).map((o) => o.expr)], roles, false) &&
    reads([stmt.where, ...keys], roles, false, false)
  );
}

/**
 * Whether the expressions read rows only through picking functions. `rideAlong`: a data column outside any function
 * is allowed (it reads the picked row); `calls`: group functions are allowed at all.
 */
function reads(exprs: (Expression | undefined)[], roles: Map<string, Role>, rideAlong: boolean, calls = true): boolean {
  const picked = new Set<Expression>();
  const nodes = [...expressionNodes(exprs)];
  for (const n of nodes) {
    if (n.type !== 'function') continue;
    const family = functionFamily(n.name);
    if (family === 'scalar') continue;
    if (!calls || !PICKING.has(n.name)) return false;
    if (!pickedArgs(n, picked)) return false;
  }
  for (const n of nodes) {
    if (n.type === 'star' && !rideAlong && !picked.has(n)) return false;
    if (n.type !== 'column') continue;
    const role = roles.get(n.name.name.toLowerCase());
    if (!role) return false; // pseudo columns (_rowts, _qstart …) and anything unknown: scan
    if (role === 'data' && !rideAlong && !picked.has(n)) return false;
  }
  return true;
}

/** Marks the arguments a picking function reads; false when one is not a plain column (`max(abs(v))` picks no row). */
function pickedArgs(call: FunctionCall, picked: Set<Expression>): boolean {
  // COLS(f(x), e): e is read from the row f picks, whatever it computes
  if (call.name === 'cols') {
    for (const n of expressionNodes(call.args.slice(1))) picked.add(n);
    return true;
  }
  for (const a of call.args) {
    if (a.type !== 'column' && a.type !== 'star') return false;
    picked.add(a);
  }
  return true;
}
