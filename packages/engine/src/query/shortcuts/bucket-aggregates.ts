import { TdCode, TdError } from '../../errors';
import type { Expression, FunctionCall } from '../../sql';
import { bucketLength, splitRange, windowsCoverBuckets } from '../../storage/aggregates/buckets/bucket-math';
import { BUCKET_COLUMN, bucketRowsSql, type BucketColumn, type BucketKind, type BucketSource } from '../../storage/aggregates/buckets/buckets-sql';
import { qualified, quoteIdent, quoteString } from '../../storage/names';
import { isInteger, type TypeSpec } from '../../types';
import { functionFamily } from '../binder/functions';
import { expressionNodes } from '../binder/walk';
import type { Relation } from '../binder/relation';
import { compile, timeOperand } from '../planner/expr';
import { sumOf } from '../planner/numeric-aggregates';
import type { ExprScope, Typed } from '../planner/scope';
import { whereSql, type SelectParts } from '../planner/select-parts';
import { durationValue } from '../planner/windows';

/**
 * COUNT, SUM, AVG, MIN, MAX and SPREAD over whole minutes answered from the per-minute pre-aggregates
 * (storage/aggregates/buckets/time-buckets.ts) instead of the rows: INTERVAL windows that are unions of minutes,
 * PARTITION BY / GROUP BY tags or tbname, or no grouping at all, over a super, child or normal table, with a WHERE of
 * a time range and tag conditions only. The query keeps its SQL: `FROM <data table> d` becomes `FROM <bucket rows> d`
 * (whole buckets of the range from the copy, the range's cut buckets summed from the rows), and each group function
 * sums the buckets' fields instead of reading the rows (`avg(x)` → Σs / Σn). Results equal the scan's to the bit:
 * integer sums are exact HUGEINTs, and FLOAT/DOUBLE sums are used only when every order of adding them is exact
 * (buckets-sql.ts), checked over the rows the query reads before it is planned this way. Returns the parts unchanged
 * (the plan scans) otherwise, while the copy is being built, or when it cannot be brought up to date.
 */
export async function withTimeBuckets(parts: SelectParts): Promise<SelectParts> {
  const buckets = parts.env.ctx.timeBuckets;
  const from = parts.from;
  const rel = from?.primary;
  if (!buckets || !from || !rel?.physical || !rel.ts || from.joins.length || from.relations.length !== 1) return parts;
  const physical = rel.physical;
  const scan = `FROM ${physical.sql} d`;
  if (parts.fromSql.split(scan).length !== 2) return parts;
  const bucket = bucketLength(rel.precision);
  const columns = bucketColumns(rel);
  if (!columns) return parts;
  const uses = eligible(parts, rel, columns, bucket);
  if (!uses) return parts;
  const source: BucketSource = { db: physical.db, table: physical.table, tsColumn: rel.ts.name, columns, bucket };
  const name = await readyBuckets(buckets, source);
  if (name === undefined) return parts; // being built, or too sparse to be worth it: this query scans
  const rows = rowsSql(name, parts, source);
  if (rows === undefined) return parts;
  if (uses.inexact.size && !(await exactSums(parts, rows, [...uses.inexact]))) return parts;
  buckets.served();
  const base = parts.scope.functions;
  const scope: ExprScope = { ...parts.scope, functions: { ...base, aggregate: (s, call) => fromBuckets(s, call, base.aggregate(s, call), columns, rel) } };
  const swap = (sql: string) => sql.replace(scan, () => `FROM (${rows}) d`);
  // the relation too: GROUP BY tags with a COUNT reads it under the child tables' rows (planner/tag-groups.ts)
  const primary = { ...rel, sql: swap(rel.sql) };
  return { ...parts, scope: { ...scope, from: { ...from, primary, relations: [primary] } }, from: { ...from, primary, relations: [primary] }, fromSql: swap(parts.fromSql) };
}

/**
 * TOP/BOTTOM of a plain numeric column without PARTITION BY or a window: the parts with `buckets`, the bucket rows of
 * the same tables and time range (the WHERE as in `withTimeBuckets`), from which the plan reads its k-th candidate
 * (planner/indefinite.ts) instead of from every row; the rows themselves are read as before.
 */
export async function withBucketExtremes(parts: SelectParts, calls: FunctionCall[]): Promise<SelectParts> {
  const buckets = parts.env.ctx.timeBuckets;
  const from = parts.from;
  const rel = from?.primary;
  const stmt = parts.stmt;
  if (!buckets || !from || !rel?.physical || !rel.ts || from.joins.length || from.relations.length !== 1) return parts;
  if (stmt.window || stmt.partitionBy?.length || stmt.groupBy?.length || stmt.interp || stmt.tags) return parts;
  const scan = `FROM ${rel.physical.sql} d`;
  if (parts.fromSql.split(scan).length !== 2 || rel.sql.split(scan).length !== 2) return parts;
  const columns = bucketColumns(rel);
  if (!columns) return parts;
  const kinds = new Map(columns.map((c) => [c.name.toLowerCase(), c.kind]));
  const picked = calls.filter((c) => c.name === 'top' || c.name === 'bottom');
  if (!picked.length) return parts;
  for (const c of picked) {
    const arg = c.args[0];
    const kind = arg?.type === 'column' ? kinds.get(arg.name.name.toLowerCase()) : undefined;
    if (kind === undefined || kind === 'other') return parts;
  }
  if (!keysAndConditions(parts, rel, [])) return parts;
  const source: BucketSource = { db: rel.physical.db, table: rel.physical.table, tsColumn: rel.ts.name, columns, bucket: bucketLength(rel.precision) };
  const name = await readyBuckets(buckets, source);
  if (name === undefined) return parts;
  buckets.served();
  const rows = rowsSql(name, parts, source);
  const numeric = rel.columns.slice(1).filter((c) => kindOf(c.type) !== 'other').map((c) => c.sql);
  return { ...parts, buckets: { from: `${parts.fromSql.replace(scan, () => `FROM (${rows}) d`)}${whereSql(parts)}`, columns: new Set(numeric) } };
}

/** The data columns as bucket columns; undefined for a table with a column of the buckets' own name. */
function bucketColumns(rel: Relation): BucketColumn[] | undefined {
  if (rel.columns.some((c) => c.name.toLowerCase() === BUCKET_COLUMN)) return undefined;
  return rel.columns.slice(1).map((c) => ({ name: c.name, kind: kindOf(c.type) }));
}

/** The copy's name once it is ready; undefined while it builds, for a sparse table, or when it fails (logged): scan. */
async function readyBuckets(buckets: NonNullable<SelectParts['env']['ctx']['timeBuckets']>, source: BucketSource): Promise<string | undefined> {
  try {
    return await buckets.ready(source);
  } catch (error) {
    console.error('time buckets: falling back to a scan', error);
    return undefined;
  }
}

function kindOf(type: TypeSpec): BucketKind {
  if (isInteger(type)) return 'int';
  if (type.name === 'FLOAT') return 'float';
  if (type.name === 'DOUBLE') return 'double';
  return 'other';
}

/** Group functions answered from bucket fields, by the kinds of column they take (COUNT takes any, and `*`). */
const FROM_BUCKETS: Record<string, (kind: BucketKind, type: TypeSpec) => boolean> = {
  count: () => true,
  sum: (k) => k !== 'other',
  // TDengine's AVG of a 64-bit integer moves to a double sum where the int64 one would overflow (numeric-aggregates.ts)
  avg: (k, t) => k !== 'other' && t.name !== 'BIGINT' && t.name !== 'BIGINT UNSIGNED',
  min: (k) => k !== 'other',
  max: (k) => k !== 'other',
  spread: (k) => k !== 'other',
};

const WINDOW_COLUMNS = new Set(['_wstart', '_wend', '_wduration', '_qstart', '_qend']);

/**
 * Whether the statement reads rows only through FROM_BUCKETS functions of plain data columns, over windows that are
 * unions of buckets, with a WHERE of time bounds and tag conditions; gives the FLOAT/DOUBLE columns whose sums it
 * reads (their exactness is checked before use).
 */
function eligible(parts: SelectParts, rel: Relation, columns: BucketColumn[], bucket: bigint): { inexact: Set<string> } | undefined {
  const stmt = parts.stmt;
  if (stmt.interp || stmt.tags) return undefined;
  if (stmt.window && !coveredWindows(parts, bucket)) return undefined;
  const roles = new Map<string, 'key' | 'data'>();
  for (const c of rel.columns) roles.set(c.name.toLowerCase(), 'data');
  for (const t of rel.tags) roles.set(t.name.toLowerCase(), 'key');
  roles.set('tbname', 'key');
  const kinds = new Map(columns.map((c) => [c.name.toLowerCase(), c]));
  const types = new Map(rel.columns.map((c) => [c.name.toLowerCase(), c.type]));
  const aliases = new Set(parts.items.map((i) => i.name.toLowerCase()));
  const keys = [...(stmt.partitionBy ?? []).map((p) => p.expr), ...(stmt.groupBy ?? [])];
  if (!keysAndConditions(parts, rel, keys)) return undefined;
  const inexact = new Set<string>();
  const outputs = [...parts.items.map((i) => i.expr), stmt.having, ...(stmt.orderBy ?? []).map((o) => o.expr)];
  const allowed = new Set<Expression>();
  const nodes = [...expressionNodes(outputs)];
  for (const n of nodes) {
    if (n.type !== 'function') continue;
    const family = functionFamily(n.name);
    if (family === 'scalar') continue;
    const check = FROM_BUCKETS[n.name];
    if (!check || n.args.length !== 1) return undefined;
    const arg = n.args[0];
    if (arg.type === 'star' && n.name === 'count') {
      allowed.add(arg);
      continue;
    }
    if (arg.type !== 'column' || roles.get(arg.name.name.toLowerCase()) !== 'data') return undefined;
    const column = kinds.get(arg.name.name.toLowerCase());
    if (!column || !check(column.kind, types.get(arg.name.name.toLowerCase())!)) return undefined; // the timestamp
    if ((n.name === 'sum' || n.name === 'avg') && (column.kind === 'float' || column.kind === 'double')) inexact.add(column.name);
    allowed.add(arg);
  }
  for (const n of nodes) {
    if (n.type === 'star' && !allowed.has(n)) return undefined;
    if (n.type !== 'column' || allowed.has(n)) continue;
    const name = n.name.name.toLowerCase();
    const role = roles.get(name);
    if (role === 'key' || (!role && (WINDOW_COLUMNS.has(name) || aliases.has(name)))) continue;
    return undefined; // a data column outside a group function, _rowts, _irowts …
  }
  return { inexact };
}

/** Whether the group keys and the WHERE's conditions other than time bounds read tags and tbname only. */
function keysAndConditions(parts: SelectParts, rel: Relation, keys: Expression[]): boolean {
  const tags = new Set([...rel.tags.map((t) => t.name.toLowerCase()), 'tbname']);
  const conditions = conjuncts(parts.stmt.where).filter((c) => !timeBound(parts.scope, c));
  for (const n of expressionNodes([...keys, ...conditions])) {
    if (n.type === 'function' && functionFamily(n.name) !== 'scalar') return false;
    if (n.type === 'star') return false;
    if (n.type === 'column' && !tags.has(n.name.name.toLowerCase())) return false;
  }
  return true;
}

function conjuncts(e: Expression | undefined): Expression[] {
  if (!e) return [];
  if (e.type === 'binary' && e.op === 'AND') return [...conjuncts(e.left), ...conjuncts(e.right)];
  return [e];
}

function isTs(scope: ExprScope, e: Expression): boolean {
  if (e.type !== 'column') return false;
  const n = e.name.name.toLowerCase();
  return n === '_rowts' || n === '_c0' || n === scope.from?.primary.ts?.name.toLowerCase();
}

function constantTime(scope: ExprScope, e: Expression): boolean {
  try {
    return typeof timeOperand(scope, e).constant === 'bigint';
  } catch {
    return false;
  }
}

/** A conjunct planner/time-range.ts reads into the range exactly: the primary timestamp against a constant time. */
function timeBound(scope: ExprScope, e: Expression): boolean {
  if (e.type === 'between') return !e.not && isTs(scope, e.expr) && constantTime(scope, e.low) && constantTime(scope, e.high);
  if (e.type !== 'binary' || !['<', '<=', '>', '>=', '='].includes(e.op)) return false;
  if (isTs(scope, e.left)) return constantTime(scope, e.right);
  if (isTs(scope, e.right)) return constantTime(scope, e.left);
  return false;
}

/** INTERVAL windows of fixed units whose starts and ends fall on bucket boundaries (windows.ts intervalShape). */
function coveredWindows(parts: SelectParts, bucket: bigint): boolean {
  const w = parts.stmt.window;
  if (w?.type !== 'interval' || w.interval.unit === 'n' || w.interval.unit === 'y' || w.sliding?.unit === 'n' || w.sliding?.unit === 'y') return false;
  if (w.offset && w.offset !== 'auto' && (w.offset.unit === 'n' || w.offset.unit === 'y')) return false;
  try {
    const scope = parts.scope;
    const len = durationValue(scope, w.interval);
    if (len < 1n) return false;
    const start = parts.range.start;
    const offset = w.offset && w.offset !== 'auto' ? durationValue(scope, w.offset) : w.offset === 'auto' && start !== undefined ? ((start % len) + len) % len : 0n;
    const slide = w.sliding ? durationValue(scope, w.sliding) : len;
    return windowsCoverBuckets({ len, slide, offset }, bucket);
  } catch {
    return false; // the planner refuses it with its own error
  }
}

/**
 * The bucket rows a query reads: whole buckets of its time range from the copy `name`, the cut buckets at the range's
 * ends summed from the table's rows.
 */
function rowsSql(name: string, parts: SelectParts, source: BucketSource): string | undefined {
  const split = splitRange(parts.range, source.bucket);
  const b = quoteIdent(BUCKET_COLUMN);
  const pieces: string[] = [];
  if (split.whole) {
    const bounds = [...(split.from !== undefined ? [`${b} >= ${split.from}`] : []), ...(split.to !== undefined ? [`${b} < ${split.to}`] : [])];
    pieces.push(`SELECT * FROM ${name}${bounds.length ? ` WHERE ${bounds.join(' AND ')}` : ''}`);
  }
  if (split.edges.length) {
    const ts = `d.${quoteIdent(source.tsColumn)}`;
    const where = split.edges.map(([lo, hi]) => `(${ts} >= ${lo} AND ${ts} <= ${hi})`).join(' OR ');
    pieces.push(bucketRowsSql(qualified(source.db, source.table), source, where));
  }
  if (!pieces.length) pieces.push(`SELECT * FROM ${name} WHERE FALSE`);
  return pieces.join(' UNION ALL ');
}

/**
 * Whether every FLOAT/DOUBLE sum the query reads is exact in any order of addition (buckets-sql.ts): over all the
 * bucket rows it reads (a stricter test than per group), Σ|x| < 2^(53 + l).
 */
async function exactSums(parts: SelectParts, rows: string, names: string[]): Promise<boolean> {
  const field = (c: string, f: string) => `struct_extract(d.${quoteIdent(c)}, ${quoteString(f)})`;
  const list = names.flatMap((c) => [`coalesce(min(${field(c, 'l')}), 0)`, `coalesce(sum(${field(c, 'sa')}), 0)`]);
  try {
    const { rows: [row] } = await parts.env.ctx.storage.query(`SELECT ${list.join(', ')} FROM (${rows}) d`);
    for (let i = 0; i < names.length; i++) {
      const low = Number(row[2 * i]);
      const total = Number(row[2 * i + 1]);
      if (!(total < 2 ** (53 + low))) return false;
    }
    return true;
  } catch (error) {
    console.error('time buckets: exactness check failed, scanning', error);
    return false;
  }
}

/** A group function over bucket rows: the same type (and checks) as over rows, its value from the bucket fields. */
function fromBuckets(scope: ExprScope, call: FunctionCall, scanned: Typed, columns: BucketColumn[], rel: Relation): Typed {
  const arg = call.args[0];
  const rows = `struct_extract(${rel.alias}.${quoteIdent(columns[0].name)}, 'r')`;
  if (call.name === 'count' && arg?.type === 'star') return { sql: `coalesce(sum(${rows}), 0)`, type: scanned.type };
  const v = compile(scope, arg);
  const field = (f: string) => `struct_extract(${v.sql}, ${quoteString(f)})`;
  switch (call.name) {
    case 'count':
      return { sql: `coalesce(sum(${field('n')}), 0)`, type: scanned.type };
    case 'sum':
      return { sql: sumOf({ sql: field('s'), type: v.type }).sql, type: scanned.type };
    case 'avg':
      return { sql: `(CASE WHEN sum(${field('n')}) = 0 THEN NULL ELSE CAST(sum(${field('s')}) AS DOUBLE) / CAST(sum(${field('n')}) AS DOUBLE) END)`, type: scanned.type };
    case 'min':
      return { sql: `min(${field('mn')})`, type: scanned.type };
    case 'max':
      return { sql: `max(${field('mx')})`, type: scanned.type };
    case 'spread':
      return { sql: `CAST(max(${field('mx')}) AS DOUBLE) - CAST(min(${field('mn')}) AS DOUBLE)`, type: scanned.type };
    default:
      throw new TdError(TdCode.UNSUPPORTED, `time buckets: ${call.name} is not answered from buckets`);
  }
}
