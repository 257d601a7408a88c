import type { Expression, FunctionCall, WindowClause } from '../../sql';
import type { TypeSpec } from '../../types';
import { functionFamily, type FunctionFamily } from '../binder/functions';
import type { BoundJoin, Relation } from '../binder/relation';
import { expressionNodes } from '../binder/walk';
import type { PlanColumn } from './plan';
import type { ExplainNode } from '../binder/explain-node';
import { whereSql, type SelectParts } from './select-parts';

export type { ExplainNode };

/** The plan shapes planSelect picks from (select.ts). */
export type PlanShape = 'rows' | 'aggregate' | 'window' | 'interp' | 'indefinite';

/** Min/max int64: TDengine's "no bound" in `Time Range: [...]`. */
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Bytes of a value in a TDengine data block: fixed widths, variable types with their 2-byte length header. */
function byteWidth(t: TypeSpec): number {
  const fixed: Record<string, number> = { BOOL: 1, TINYINT: 1, SMALLINT: 2, INT: 4, BIGINT: 8, FLOAT: 4, DOUBLE: 8, TIMESTAMP: 8 };
  const base = t.name.replace(/ UNSIGNED$/, '');
  if (fixed[base] !== undefined) return fixed[base];
  if (t.name === 'NCHAR') return (t.length ?? 0) * 4 + 2;
  return (t.length ?? 8) + 2;
}

const widthOf = (types: TypeSpec[]): number => types.reduce((n, t) => n + byteWidth(t), 0);

function node(title: string, attrs: string[], children: ExplainNode[], extra: Partial<ExplainNode> = {}): ExplainNode {
  return { title, attrs, details: [], children, measure: 'child', ...extra };
}

function outputLine(columns: PlanColumn[], limit?: { count: number; offset?: number }, slimit?: { count: number; offset?: number }): string {
  const parts = [`Output: columns=${columns.length} width=${widthOf(columns.map((c) => c.type))}`];
  if (limit) parts.push(`limit=${limit.count}`, ...(limit.offset ? [`offset=${limit.offset}`] : []));
  if (slimit) parts.push(`slimit=${slimit.count}`, ...(slimit.offset ? [`soffset=${slimit.offset}`] : []));
  return parts.join(' ');
}

/** The column a one-column operator names in its title (`Partition on Column groupid`). */
function columnName(e: Expression): string {
  return e.type === 'column' ? e.name.name : e.text;
}

/** Data columns and pseudo columns (tags, tbname) of `rel` the statement reads; at least the timestamp. */
function scannedColumns(parts: SelectParts, rel: Relation): { data: TypeSpec[]; pseudo: number } {
  const { from: _from, ...clauses } = parts.stmt;
  const exprs = [clauses, parts.items.map((i) => i.expr), parts.from?.joins.map((j) => j.on)];
  const qualifiers = new Set(rel.qualifiers.map((q) => q.toLowerCase()));
  const names = new Set<string>();
  for (const n of expressionNodes(exprs)) {
    // `b.voltage` is read from b only; an unqualified name from every relation that has it
    if (n.type === 'column' && (!n.table || qualifiers.has(n.table.name.name.toLowerCase()))) names.add(n.name.name.toLowerCase());
  }
  const data = rel.columns.filter((c) => names.has(c.name.toLowerCase()));
  if (data.length === 0 && rel.ts) data.push(rel.ts);
  const pseudo = rel.tags.filter((t) => names.has(t.name.toLowerCase())).length + (names.has('tbname') ? 1 : 0);
  return { data: data.map((c) => c.type), pseudo };
}

/** A scan of one FROM relation; `filtered` when the statement's WHERE applies to it alone. */
function scanNode(parts: SelectParts, rel: Relation, filtered: boolean): ExplainNode {
  const countSql = filtered ? `SELECT count(*) ${parts.fromSql}${whereSql(parts)}` : `SELECT count(*) FROM (${rel.sql}) AS ${rel.alias}`;
  if (rel.kind === 'subquery') return rel.explain ? subtree(rel.explain, rel.sql) : node('Projection', [], [], { measure: { countSql } });
  const name = rel.qualifiers[0] ?? rel.alias;
  const { data, pseudo } = scannedColumns(parts, rel);
  const pseudoAttr = pseudo ? [`pseudo_columns=${pseudo}`] : [];
  let scan: ExplainNode;
  if (rel.kind === 'system') scan = node(`System Table Scan on ${name}`, [`columns=${data.length}`, `width=${widthOf(data)}`], [], { measure: { countSql } });
  else if (parts.stmt.tags && rel.columns.length === 0) scan = node(`Tag Scan on ${name}`, [...pseudoAttr, `width=${widthOf(rel.tags.map((t) => t.type))}`], [], { measure: { countSql } });
  else {
    // one pass in time order per table (TDengine's `order=[asc|1 desc|0] mode=ts_order`)
    const attrs = [`columns=${data.length}`, ...pseudoAttr, `width=${widthOf(data)}`, 'order=[asc|1 desc|0]', 'mode=ts_order', 'data_load=data'];
    scan = node(`Table Scan on ${name}`, attrs, [], { measure: { countSql } });
    if (filtered) {
      const { start, end } = parts.range;
      scan.details.push(`Time Range: [${start ?? INT64_MIN}, ${end ?? INT64_MAX}]`);
    }
  }
  scan.details.unshift(`Output: columns=${data.length + pseudo} width=${widthOf(data)}`);
  if (filtered && parts.stmt.where) scan.details.push(`Filter: ${parts.stmt.where.text}`);
  return scan;
}

/** TDengine's join operator names (explain.c gJoinTypeStr). */
function joinTitle(j: BoundJoin): string {
  const side = { INNER: 'Inner', LEFT: 'Left', RIGHT: 'Right', FULL: 'Full' }[j.type];
  const sub = j.subType === 'ASOF' ? ' ASOF' : j.subType === 'WINDOW' ? ' Window' : j.subType === 'SEMI' ? ' Semi' : j.subType === 'ANTI' ? ' Anti' : '';
  return `${side}${sub} Join`;
}

/** Scans of the FROM clause, joined left-deep as TDengine joins; the WHERE sits on a lone scan. */
function sourceNode(parts: SelectParts): ExplainNode | undefined {
  const from = parts.from;
  if (!from) return undefined;
  if (from.joins.length === 0) return scanNode(parts, from.primary, true);
  let left = scanNode(parts, from.primary, false);
  for (const j of from.joins) {
    const right = scanNode(parts, j.right, false);
    const columns = [...from.primary.columns, ...j.right.columns];
    const join = node(joinTitle(j), [`columns=${columns.length}`, `width=${widthOf(columns.map((c) => c.type))}`, 'input_order=asc', 'algo=Merge'], [left, right]);
    join.measure = { countSql: `SELECT count(*) ${parts.fromSql}${whereSql(parts)}` };
    if (j.on) join.details.push(`Join Full Cond: ${j.on.text}`);
    if (parts.stmt.where) join.details.push(`Filter: ${parts.stmt.where.text}`);
    left = join;
  }
  return left;
}

/** The window operator of a window query: title and verbose lines (TDengine's Interval/Session/StateWindow/Event/Count). */
function windowNode(w: WindowClause, tsName: string, precisionUnit: string, functions: number, width: number, child: ExplainNode[]): ExplainNode {
  const attrs = [`functions=${functions}`, `width=${width}`];
  switch (w.type) {
    case 'interval': {
      const n = node(`Interval on Column ${tsName}`, [...attrs, 'input_order=asc', 'output_order=asc'], child);
      const offset = w.offset === 'auto' ? 'auto' : w.offset ? w.offset.text : `0${precisionUnit}`;
      n.details.push(`Time Window: interval=${w.interval.text} offset=${offset} sliding=${(w.sliding ?? w.interval).text}`);
      return n;
    }
    case 'session': {
      const n = node('Session', attrs, child);
      n.details.push(`Window: gap=${w.gap.text}`);
      return n;
    }
    case 'state':
      return node(`StateWindow on Column ${columnName(w.expr)}`, attrs, child);
    case 'event': {
      const n = node('Event', attrs, child);
      n.details.push(`Start Cond: ${w.start.text}`, `End Cond: ${w.end.text}`);
      return n;
    }
    case 'count': {
      const n = node('Count', attrs, child);
      n.details.push(`Window Count=${w.count}`, `Window Sliding=${w.slide ?? w.count}`);
      return n;
    }
  }
}

const PRECISION_UNIT = { ms: 'a', us: 'u', ns: 'b' } as const;

/** The functions each shape's operator computes (its `functions=` figure). */
const SHAPE_FAMILIES: Record<PlanShape, FunctionFamily[]> = {
  rows: ['scalar'],
  aggregate: ['aggregate', 'selection'],
  window: ['aggregate', 'selection'],
  interp: ['interp'],
  indefinite: ['timeSeries', 'multiRow'],
};

/**
 * The tree of one SELECT as planned: scans (and joins) at the bottom, then PARTITION BY, the shape's operator
 * (projection, aggregate, window + FILL, INTERP, time-series functions), ORDER BY; LIMIT/SLIMIT in the top
 * node's Output line, as TDengine prints them.
 */
export function explainSelect(parts: SelectParts, shape: PlanShape, columns: PlanColumn[], calls: FunctionCall[]): ExplainNode {
  const { stmt } = parts;
  const width = widthOf(columns.map((c) => c.type));
  const functions = calls.filter((c) => SHAPE_FAMILIES[shape].includes(functionFamily(c.name))).length;
  let below = sourceNode(parts);
  // a WHERE over a subquery filters the subquery's rows in the operator above it
  const outerFilter = parts.from?.primary.kind === 'subquery' && !parts.from.joins.length && stmt.where ? [`Filter: ${stmt.where.text}`] : [];
  const partitions = stmt.partitionBy ?? [];
  if (below && partitions.length) {
    const p = node(`Partition on Column ${columnName(partitions[0].expr)}`, [`width=${below.attrs.find((a) => a.startsWith('width='))?.slice(6) ?? 0}`], [below]);
    p.details.push(`Partition Key: partitions=${partitions.length}`);
    below = p;
  }
  const children = below ? [below] : [];
  const sort = (child: ExplainNode): ExplainNode => {
    const s = node('Sort', [`columns=${columns.length}`, `width=${width}`], [child]);
    s.details.push(`Sort Key: ${stmt.orderBy?.map((o) => `${o.expr.text} ${(o.direction ?? 'ASC').toLowerCase()}`).join(', ')}`);
    return s;
  };
  let top: ExplainNode;
  switch (shape) {
    case 'rows': {
      const input = stmt.orderBy?.length && below ? [sort(below)] : children;
      top = node('Projection', [`columns=${columns.length}`, `width=${width}`, `input_order=${stmt.orderBy?.length ? 'unknown' : 'asc'}`], input, { blankEnd: true });
      break;
    }
    case 'aggregate': {
      const keys = stmt.groupBy?.length ?? 0;
      const attrs = [`functions=${functions}`, `width=${width}`, ...(keys ? [`groups=${keys}`] : []), 'input_order=unknown'];
      top = node(keys ? 'GroupAggregate' : 'Aggregate', attrs, children, { blankEnd: true });
      if (stmt.having) top.details.push(`Filter: ${stmt.having.text}`);
      break;
    }
    case 'window': {
      const w = stmt.window as WindowClause;
      top = windowNode(w, parts.from?.primary.ts?.name ?? 'ts', PRECISION_UNIT[parts.scope.precision], functions, width, children);
      if (stmt.having) top.details.push(`Filter: ${stmt.having.text}`);
      if (w.type === 'interval' && w.fill) {
        const fill = node('Fill', [`mode=${w.fill.mode.toLowerCase()}`, `width=${width}`, 'input_order=asc'], [top], { blankEnd: true });
        if (w.fill.values?.length) fill.details.push(`Fill Values: ${w.fill.values.map((v) => v.text).join(' ')}`);
        top = fill;
      }
      break;
    }
    case 'interp':
      top = node('Interp', [`functions=${functions}`, `width=${width}`], children);
      break;
    case 'indefinite':
      top = node('Indefinite Rows Function', [`functions=${functions}`, `width=${width}`], children);
      break;
  }
  if (shape !== 'rows' && stmt.orderBy?.length) top = sort(top);
  top.details.unshift(outputLine(columns, stmt.limit, stmt.slimit), ...outerFilter);
  top.measure = 'result';
  return top;
}

/** UNION ALL merges its two inputs (TDengine's non-sorting Merge); UNION adds the de-duplicating aggregate. */
export function explainUnion(left: { explain?: ExplainNode; sql: string }, right: { explain?: ExplainNode; sql: string }, all: boolean, columns: PlanColumn[]): ExplainNode {
  const width = widthOf(columns.map((c) => c.type));
  const inputs = [left, right].map((p) => (p.explain ? subtree(p.explain, p.sql) : node('Projection', [], [], { measure: { countSql: `SELECT count(*) FROM (${p.sql})` } })));
  let top = node('Merge', [`columns=${columns.length}`, `width=${width}`, 'input_order=unknown', 'output_order=unknown', 'mode=merge'], inputs, {
    measure: { countSql: `SELECT count(*) FROM (SELECT * FROM (${left.sql}) UNION ALL SELECT * FROM (${right.sql}))` },
  });
  if (!all) top = node('GroupAggregate', [`functions=0`, `width=${width}`, `groups=${columns.length}`, 'input_order=unknown'], [top], { blankEnd: true });
  top.details.unshift(outputLine(columns));
  top.measure = 'result';
  return top;
}

/** A planned query's tree used inside another one (FROM subquery, view, UNION side): its result is counted, not the outer one's. */
function subtree(n: ExplainNode, sql: string): ExplainNode {
  const count = { countSql: `SELECT count(*) FROM (${sql})` };
  const walk = (x: ExplainNode): ExplainNode => ({ ...x, measure: x.measure === 'result' ? count : x.measure, children: x.children.map(walk) });
  return walk(n);
}
