import type { Expression, FunctionCall } from '../../sql';
import { lookupColumn } from '../binder/columns';
import type { Relation } from '../binder/relation';
import { expressionNodes } from '../binder/walk';
import { compile } from './expr';
import type { ExprScope } from './scope';
import type { SelectParts } from './select-parts';

/**
 * What TDengine reads from its tag scan rather than from the rows: the child tables of a super table, each with its
 * tags, whether or not it has rows. Two query shapes show it (36_select_clauses, probed on 3.3.7.5):
 *
 * - GROUP BY / PARTITION BY keys that read only tags and tbname, with a COUNT in the select list: every child table
 *   the WHERE's tag conditions let through gives its group, so a group whose tables have no row the WHERE keeps
 *   answers count 0 and NULL for the other functions (`select grp, count(*) … where v > 0 group by grp` lists every
 *   grp). Without a COUNT, only groups with rows.
 * - DISTINCT over tbname and tags only, with a WHERE of tag conditions or none: every child table, rows or not.
 *
 * A tag condition is a conjunct of the WHERE that reads tags or tbname and no data column.
 */

/** The relation a tag scan can stand for: a super table read alone, with no read-privilege condition. */
function tagScanRelation(parts: SelectParts): Relation | undefined {
  const from = parts.from;
  if (!from || from.joins.length > 0) return undefined;
  const r = from.primary;
  return r.kind === 'stable' && r.tagSource && r.physical ? r : undefined;
}

/** Whether an expression reads tags or tbname and nothing else of a row (no data column, no function of rows). */
function readsTagsOnly(scope: ExprScope, e: Expression, needColumn: boolean): boolean {
  let columns = 0;
  for (const n of expressionNodes(e)) {
    if (n.type === 'star') return false;
    if (n.type !== 'column') continue;
    let role: string;
    try {
      role = lookupColumn(scope, n).role;
    } catch {
      return false;
    }
    if (role !== 'tag' && role !== 'tbname') return false;
    columns++;
  }
  return !needColumn || columns > 0;
}

function conjuncts(e: Expression | undefined): Expression[] {
  if (!e) return [];
  if (e.type === 'binary' && e.op === 'AND') return [...conjuncts(e.left), ...conjuncts(e.right)];
  return [e];
}

/**
 * GROUP BY / PARTITION BY on tags with a COUNT: the FROM as the rows the WHERE keeps plus one row without data per
 * child table its tag conditions keep (no timestamp, so COUNT skips it: `countRows`). `undefined` when the query is
 * not of that shape. The WHERE is applied inside the returned FROM.
 */
export function tagGroupsSource(parts: SelectParts, keyExprs: Expression[], calls: FunctionCall[]): { fromSql: string; countRows: string } | undefined {
  const r = tagScanRelation(parts);
  const { scope, stmt } = parts;
  if (!r || !r.ts || stmt.window || stmt.interp || keyExprs.length === 0) return undefined;
  if (!calls.some((c) => c.name === 'count')) return undefined;
  if (!keyExprs.every((k) => readsTagsOnly(scope, k, true))) return undefined;
  const tagWhere = conjuncts(stmt.where)
    .filter((c) => readsTagsOnly(scope, c, false))
    .map((c) => `(${compile(scope, c).sql})`);
  const rows = `SELECT * FROM (${r.sql}) AS ${r.alias}${parts.where ? ` WHERE ${parts.where}` : ''}`;
  const tables = `SELECT * FROM (${r.tagSource}) AS ${r.alias}${tagWhere.length ? ` WHERE ${tagWhere.join(' AND ')}` : ''}`;
  return { fromSql: `FROM (${rows} UNION ALL BY NAME ${tables}) AS ${r.alias}`, countRows: r.ts.sql };
}

/** DISTINCT over tbname and tags with tag conditions only: the FROM reads the child tables, rows or not. */
export function distinctTagsSource(parts: SelectParts): string | undefined {
  const r = tagScanRelation(parts);
  const { scope, stmt } = parts;
  if (!r || !stmt.distinct || stmt.partitionBy?.length || stmt.window) return undefined;
  const exprs = parts.items.map((i) => i.expr);
  if (!exprs.every((e) => readsTagsOnly(scope, e, true))) return undefined;
  if (!exprs.some((e) => [...expressionNodes(e)].some((n) => n.type === 'column' && lookupColumn(scope, n).role === 'tbname'))) return undefined;
  if (!conjuncts(stmt.where).every((c) => readsTagsOnly(scope, c, false))) return undefined;
  return `FROM (${r.tagSource}) AS ${r.alias}`;
}
