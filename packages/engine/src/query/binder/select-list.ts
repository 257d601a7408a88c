import { TdCode, TdError } from '../../errors';
import type { Expression, SelectStatement } from '../../sql';
import type { QueryContext } from '../context';
import { functionFamily } from './functions';
import { expressionNodes } from './walk';
import { starColumns } from './columns';
import type { BoundFrom } from './relation';

/**
 * The select list bound against the FROM clause: `*` and multi-column calls expanded, each entry named as TDengine
 * names its result column, and whether the statement needs the tag table at all.
 */

/** A select-list entry after `*` expansion: the expression and the result column name TDengine gives it. */
export interface OutputItem {
  expr: Expression;
  name: string;
}

/** TDengine names a result column by its alias, its column name, or the expression's source text (≤ 64 bytes). */
export function resultName(text: string): string {
  const b = Buffer.from(text);
  return b.length <= 64 ? text : b.subarray(0, 64).toString();
}

/**
 * Whether the statement reads tags or tbname (or `*` of a super table, or SELECT TAGS): only then is the tag table
 * joined to the data table.
 */
export function needsTags(ctx: QueryContext, stmt: SelectStatement, db: string | undefined, names: Set<string>): boolean {
  if (names.has('tbname') || stmt.tags) return true;
  const star = stmt.items.some((i) => i.expr.type === 'star');
  const visit = (source: NonNullable<SelectStatement['from']>): boolean => {
    if (source.type === 'join') return visit(source.left) || visit(source.right);
    if (source.type !== 'table') return false;
    const tdb = source.name.db?.name ?? db;
    if (!tdb || !ctx.catalog.findDatabase(tdb)) return false;
    const found = ctx.catalog.lookup(tdb, source.name.name.name);
    if (!found || found.kind === 'normal') return false;
    if (star && found.kind === 'stable') return true;
    return found.stable.tags.some((t) => names.has(t.name.toLowerCase()));
  };
  return visit(stmt.from!);
}

/**
 * Whether SELECT TAGS reads the table list: only when its select list reads nothing but tags, tbname and
 * constants. With `*`, a data column or a function of rows TDengine ignores the TAGS keyword and reads rows
 * (`select tags loc, v` is every row: 36_select_clauses#191, #192).
 */
export function readsTagList(ctx: QueryContext, stmt: SelectStatement, db: string | undefined): boolean {
  if (!stmt.tags) return false;
  if (stmt.items.some((i) => i.expr.type === 'star')) return false;
  const source = stmt.from;
  if (source?.type !== 'table') return true;
  const tdb = source.name.db?.name ?? db;
  const found = tdb && ctx.catalog.findDatabase(tdb) ? ctx.catalog.lookup(tdb, source.name.name.name) : undefined;
  if (!found || found.kind === 'normal') return true;
  const dataColumns = new Set(found.stable.columns.map((c) => c.name.toLowerCase()));
  for (const n of expressionNodes(stmt.items.map((i) => i.expr))) {
    if (n.type === 'column' && dataColumns.has(n.name.name.toLowerCase())) return false;
    if (n.type === 'function' && ['aggregate', 'selection', 'timeSeries', 'multiRow'].includes(functionFamily(n.name))) return false;
  }
  return true;
}

/** `*`, `t.*` and `first/last/last_row(*)` expanded to one item per column, named as TDengine names them. */
export function expandItems(stmt: SelectStatement, from: BoundFrom | undefined): OutputItem[] {
  const out: OutputItem[] = [];
  for (const item of stmt.items) {
    const e = item.expr;
    if (e.type === 'star') {
      if (!from) throw TdError.syntax('*');
      const rels = e.table ? from.relations.filter((r) => r.qualifiers.includes(e.table!.name.name)) : from.relations;
      if (rels.length === 0) throw TdError.tableNotExist(e.table!.name.name);
      for (const r of rels) for (const c of starColumns(r)) out.push({ expr: columnExpr(c.name, e, rels.length > 1 || from.relations.length > 1 ? r.qualifiers[0] : undefined), name: c.name });
      continue;
    }
    if (e.type === 'function' && ['first', 'last', 'last_row'].includes(e.name) && e.args.length === 1 && e.args[0].type === 'star') {
      if (!from) throw TdError.syntax('*');
      for (const c of from.primary.columns) {
        const arg = columnExpr(c.name, e);
        out.push({ expr: { ...e, args: [arg], text: `${e.name}(${c.name})` }, name: item.alias?.name ?? `${e.name}(${c.name})` });
      }
      continue;
    }
    if (e.type === 'function' && ['first', 'last', 'last_row'].includes(e.name) && e.args.length > 1) {
      // `last(a, b)` is `last(a), last(b)`.
      for (const arg of e.args) out.push({ expr: { ...e, args: [arg], text: `${e.name}(${arg.text})` }, name: `${e.name}(${arg.text})` });
      continue;
    }
    if (e.type === 'function' && e.name === 'cols' && e.args.length > 2) {
      // COLS(f(x), e1 [AS a1], e2…) returns one column per output expression, each named by its own alias or its
      // text (an alias of the whole call is refused then).
      if (item.alias) throw new TdError(TdCode.PAR_INVALID_COLS_ALIAS, 'Invalid using alias for cols function');
      for (const [k, arg] of e.args.slice(1).entries()) {
        out.push({ expr: { ...e, args: [e.args[0], arg], argAliases: undefined, text: `${e.text}#${k}` }, name: e.argAliases?.[k + 1]?.name ?? itemName(arg) });
      }
      continue;
    }
    const name = item.alias?.name ? resultName(item.alias.name) : e.type === 'function' && e.name === 'cols' && e.args.length === 2 ? (e.argAliases?.[1]?.name ?? itemName(e.args[1])) : itemName(e);
    out.push({ expr: e, name });
  }
  return out;
}

/**
 * A result column's default name: the column name, else the expression's source text, less a back-quote at its
 * start and one at its end (TDengine dequotes the raw text: `` `v` * 2 `` is named ``v` * 2``, `` 1 + `v` `` ``1 + `v``).
 */
function itemName(e: Expression): string {
  if (e.type === 'column') return e.name.name;
  // Not a name's dequoting (contracts' readName): one character off each end of the raw text, as TDengine cuts it.
  const from = e.text.startsWith('`') ? 1 : 0;
  const to = e.text.length > from && e.text.endsWith('`') ? e.text.length - 1 : e.text.length;
  return resultName(e.text.slice(from, to));
}

function columnExpr(name: string, at: Expression, qualifier?: string): Expression {
  return {
    type: 'column',
    name: { name, quoted: true },
    expanded: true,
    table: qualifier ? { name: { name: qualifier, quoted: true } } : undefined,
    text: name,
    span: at.span,
  };
}
