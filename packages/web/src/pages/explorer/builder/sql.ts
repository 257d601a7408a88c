import { TDENGINE_KEYWORDS } from '@tscloud/contracts';
import { quoteName, quoteText } from '@tscloud/contracts/sql';
import { functionSpec, type ParamValue } from './functions';
import { windowProblem } from './schema';
import { isList, isRange, listLiteral, literal, needsNoValue, type FilterNode } from './filters';

/**
 * The query builder's SQL generator: the builder's choices in, one TDengine SELECT out. Pure, so the exact text is
 * unit-tested and the same text is run against a real engine (sql.engine.test.ts).
 *
 * Shape: SELECT items FROM db.table [WHERE time range AND filters] [PARTITION BY keys] [INTERVAL(n unit)]
 * [FILL(mode)] [LIMIT n]. With an INTERVAL the window start `_wstart` comes first; with PARTITION BY and functions
 * the partition keys come first, so every row says which group it is.
 */

export type TableKind = 'stable' | 'table' | 'child';
export const INTERVAL_UNITS = ['a', 's', 'm', 'h', 'd', 'w', 'n', 'y'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];
export const FILL_MODES = ['NONE', 'NULL', 'PREV', 'NEXT', 'LINEAR', 'VALUE', 'NULL_F', 'VALUE_F'] as const;
export type FillMode = (typeof FILL_MODES)[number];

/** One output column: a column as it is, or a function of it (`column` '*' only with count). */
export interface SelectItem {
  column: string;
  fn: string | null;
  params: ParamValue[];
}

export interface BuilderQuery {
  database: string;
  table: string;
  tableKind: TableKind;
  /** The table's timestamp primary key (its first column); the time range applies to it. */
  timestampColumn: string;
  /** Empty: every column (`*`). */
  select: SelectItem[];
  /** Top-level rules joined by `connector`; a node may be a group of its own. */
  filters: FilterNode[];
  connector: 'AND' | 'OR';
  /** Inclusive start, exclusive end; each a timestamp text the engine reads (ISO 8601 or `YYYY-MM-DD HH:mm:ss`). */
  timeRange: { from: string | null; to: string | null };
  interval: { value: number; unit: IntervalUnit } | null;
  /** Only with an interval. VALUE / VALUE_F take `fillValues` (comma-separated numbers). */
  fill: FillMode;
  fillValues: string;
  partitionBy: string[];
  limit: number | null;
}

export function emptyQuery(): BuilderQuery {
  return {
    database: '',
    table: '',
    tableKind: 'stable',
    timestampColumn: 'ts',
    select: [],
    filters: [],
    connector: 'AND',
    timeRange: { from: null, to: null },
    interval: null,
    fill: 'NONE',
    fillValues: '',
    partitionBy: [],
    limit: null,
  };
}

const KEYWORDS = new Set(TDENGINE_KEYWORDS);

/** A name as SQL: plain when it is a simple identifier and not a reserved word, else in backquotes. */
export function ident(name: string): string {
  if (name.toLowerCase() === 'tbname') return 'tbname';
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !KEYWORDS.has(name.toUpperCase())) return name;
  return quoteName(name);
}

function paramText(value: ParamValue): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string') return quoteText(value);
  return String(value);
}

export function selectItemSql(item: SelectItem): string {
  const column = item.column === '*' ? '*' : ident(item.column);
  if (!item.fn) return column;
  const spec = functionSpec(item.fn);
  // DERIVATIVE's interval is in seconds, and it always keeps negative rates (ignore_negative 0).
  if (item.fn === 'derivative') return `derivative(${column}, ${Number(item.params[0])}s, 0)`;
  const params = (spec?.params ?? []).map((_, i) => paramText(item.params[i]));
  return `${item.fn}(${[column, ...params].join(', ')})`;
}

export function filterSql(node: FilterNode): string {
  if (node.group) {
    const parts = node.children.map(filterSql).filter(Boolean);
    if (parts.length === 0) return '';
    return parts.length === 1 ? parts[0] : `(${parts.join(` ${node.connector} `)})`;
  }
  const field = ident(node.field);
  if (needsNoValue(node.operator)) return `${field} ${node.operator}`;
  if (isRange(node.operator)) {
    const [from, to] = Array.isArray(node.value) ? node.value : [node.value, ''];
    return `${field} BETWEEN ${literal(node.type, from)} AND ${literal(node.type, to)}`;
  }
  const text = Array.isArray(node.value) ? node.value[0] : node.value;
  if (isList(node.operator)) return `${field} ${node.operator} ${listLiteral(node.type, text)}`;
  if (node.operator === 'CONTAINS') return `${field} CONTAINS ${literal('VARCHAR', text)}`;
  if (node.operator === 'LIKE') return `${field} LIKE ${literal('VARCHAR', text)}`;
  return `${field} ${node.operator} ${literal(node.type, text)}`;
}

function whereSql(q: BuilderQuery): string {
  const parts: string[] = [];
  const ts = ident(q.timestampColumn);
  if (q.timeRange.from) parts.push(`${ts} >= ${literal('TIMESTAMP', q.timeRange.from)}`);
  if (q.timeRange.to) parts.push(`${ts} < ${literal('TIMESTAMP', q.timeRange.to)}`);
  const rules = q.filters.map(filterSql).filter(Boolean);
  if (rules.length > 0) {
    // OR rules next to a time range are bracketed so the range still applies to all of them.
    const joined = rules.join(` ${q.connector} `);
    parts.push(q.connector === 'OR' && parts.length > 0 && rules.length > 1 ? `(${joined})` : joined);
  }
  return parts.join(' AND ');
}

/** The SQL for the builder's choices. `database` and `table` must be chosen. */
export function buildSql(q: BuilderQuery): string {
  const items = q.select.map(selectItemSql);
  const hasFunction = q.select.some((s) => s.fn !== null);
  const lead: string[] = [];
  if (q.interval) lead.push('_wstart');
  if (q.partitionBy.length > 0 && hasFunction) lead.push(...q.partitionBy.map(ident));
  const selectList = items.length === 0 ? '*' : [...lead, ...items].join(', ');
  let sql = `SELECT ${selectList} FROM ${ident(q.database)}.${ident(q.table)}`;
  const where = whereSql(q);
  if (where) sql += ` WHERE ${where}`;
  if (q.partitionBy.length > 0) sql += ` PARTITION BY ${q.partitionBy.map(ident).join(', ')}`;
  if (q.interval) {
    sql += ` INTERVAL(${q.interval.value}${q.interval.unit})`;
    // FILL without a bounded range is refused by the engine (schema.ts): the builder never writes it.
    if (q.fill !== 'NONE' && windowProblem(q) === null) {
      const withValues = q.fill === 'VALUE' || q.fill === 'VALUE_F';
      const values = q.fillValues.split(',').map((v) => v.trim()).filter(Boolean);
      sql += withValues ? ` FILL(${[q.fill, ...values.map((v) => literal('DOUBLE', v))].join(', ')})` : ` FILL(${q.fill})`;
    }
  }
  if (q.limit !== null) sql += ` LIMIT ${q.limit}`;
  return sql;
}
