import { quoteText } from '@tscloud/contracts/sql';
import type { Catalog } from '../catalog/catalog';
import type { Precision } from '../catalog/db-options';
import { TdCode, TdError } from '../errors';
import { durationInPrecision, UNITS_PER_SECOND } from '../format/time-parse';
import { parse, type CreateStreamStatement, type Duration, type Expression, type FillMode, type IntervalWindow, type SelectItem, type SelectStatement } from '../sql';

/**
 * What a CREATE STREAM statement means once checked against the catalog: the source, the window kind with its
 * numbers in the database precision, the options with their defaults (facts §3.2), and the query the stream runs
 * over a bounded range (the user's SELECT with hidden leading columns). See docs/engine-streams.md.
 */

export type WindowKind = 'interval' | 'session' | 'state' | 'event' | 'count';
export type TriggerMode = 'AT_ONCE' | 'WINDOW_CLOSE' | 'MAX_DELAY' | 'FORCE_WINDOW_CLOSE';

export interface IntervalSpec {
  interval: bigint;
  sliding: bigint;
  offset: bigint;
  /**
   * INTERVAL(n `n`|`y`): windows of `months` months in the zone the stream was created in, as the SELECT computes
   * them (query/exec/calendar); interval/sliding/offset are unused then.
   */
  calendar?: { months: number; tz?: string; unitsPerMs: bigint };
}

export type StreamSource =
  | { kind: 'stable'; stableId: number; name: string }
  | { kind: 'child'; stableId: number; tid: number; name: string }
  | { kind: 'normal'; tid: number; name: string };

export interface StreamPlan {
  db: string;
  precision: Precision;
  source: StreamSource;
  window: WindowKind;
  interval?: IntervalSpec;
  sessionGap?: bigint;
  count?: { n: number; slide: number };
  /**
   * STATE_WINDOW/EVENT_WINDOW ... TRUE_FOR(d): windows shorter than d (last row − first row) get no output row. The
   * stream's query runs without it, so the stream still sees every window (its bounds and which one is open).
   */
  trueFor?: bigint;
  /** PARTITION BY includes tbname, or the source is one table: each table is its own set of partitions */
  perTable: boolean;
  partitions: number;
  hasSubtable: boolean;
  /** INTERVAL ... FILL(mode): the query fills, the stream bounds it (streams/fill.ts) */
  fill?: FillMode;
  trigger: TriggerMode;
  maxDelayMs: number;
  watermark: bigint;
  ignoreExpired: boolean;
  fillHistory: boolean;
  target: { db: string; stable: string };
  /** the user's SELECT with the hidden columns first (HIDDEN_FIXED + partitions + subtable) */
  base: SelectStatement;
  hidden: number;
}

/** FILL(VALUE): the value the SUBTABLE column of a filled row gets (a NULL would take the last value instead). */
export const FILLED_SUBTABLE = '__s_filled';

/** Hidden leading result columns: window start, window end, row count; then one per PARTITION BY item, then SUBTABLE. */
export const HIDDEN_FIXED = 3;

export function unsupported(what: string): TdError {
  return new TdError(TdCode.UNSUPPORTED, `Operation not supported: ${what}`);
}

function duration(d: Duration, precision: Precision, what: string): bigint {
  if (d.unit === 'n' || d.unit === 'y') throw unsupported(`calendar ${what} in a stream`);
  const v = d.unit === null ? BigInt(Math.trunc(d.value)) : durationInPrecision(d.value, d.unit, precision);
  if (v === undefined) throw unsupported(`${what} ${d.text}`);
  return v;
}

/** Parses a list of select items (`expr AS alias, ...`). */
function items(text: string): SelectItem[] {
  const s = parse(`SELECT ${text} FROM t`);
  return (s as SelectStatement).items;
}

/** `expr` parsed from text (WHERE conditions built per pass). */
export function condition(text: string): Expression {
  const s = parse(`SELECT 1 FROM t WHERE ${text}`) as SelectStatement;
  return s.where!;
}

function fixedInterval(w: IntervalWindow, precision: Precision): IntervalSpec {
  const interval = duration(w.interval, precision, 'INTERVAL');
  const sliding = w.sliding ? duration(w.sliding, precision, 'SLIDING') : interval;
  const offset = w.offset && w.offset !== 'auto' ? duration(w.offset, precision, 'INTERVAL offset') : 0n;
  if (sliding > interval) throw new TdError(TdCode.SLIDING_TOO_LARGE, 'sliding value no larger than the interval value');
  if (interval <= 0n || sliding <= 0n) throw new TdError(TdCode.INTERVAL_TOO_SMALL, 'Interval too small');
  return { interval, sliding, offset };
}

/** `tz`: the connection zone of the CREATE (calendar windows are counted in it, as its SELECT would be). */
export function planStream(catalog: Catalog, stmt: CreateStreamStatement, currentDb: string | undefined, tz?: string): StreamPlan {
  const q = stmt.query;
  if (q.kind !== 'select' || !q.from || q.from.type !== 'table') throw unsupported('a stream reads one table or super table');
  const db = q.from.name.db?.name ?? currentDb;
  if (!db) throw new TdError(TdCode.DB_NOT_SPECIFIED, 'Database not specified');
  const entry = catalog.findDatabase(db);
  if (!entry) throw new TdError(TdCode.DB_NOT_EXIST, 'Database not exist');
  const found = catalog.table(db, q.from.name.name.name);
  const source: StreamSource =
    found.kind === 'stable'
      ? { kind: 'stable', stableId: found.stable.id, name: found.stable.name }
      : found.kind === 'child'
        ? { kind: 'child', stableId: found.stable.id, tid: found.child.tid, name: found.child.name }
        : { kind: 'normal', tid: found.table.tid, name: found.table.name };
  if (!q.window) throw unsupported('a stream without a window clause');
  if (q.groupBy || q.orderBy || q.limit || q.slimit || q.interp || q.distinct) {
    throw unsupported('GROUP BY, ORDER BY, LIMIT, SLIMIT, DISTINCT or INTERP in a stream');
  }
  const precision = entry.options.precision;
  const plan: Partial<StreamPlan> = { db, precision, source };
  const w = q.window;
  plan.window = w.type;
  if (w.type === 'interval') {
    if (w.fill && w.fill.mode !== 'NONE') {
      // facts §3.2 streams fill the windows between a partition's first and last windows (streams/fill.ts)
      if (!['NULL', 'VALUE', 'PREV', 'NEXT', 'LINEAR'].includes(w.fill.mode)) throw unsupported(`FILL(${w.fill.mode}) in a stream`);
      if (w.sliding) throw unsupported('FILL with SLIDING in a stream');
      plan.fill = w.fill.mode;
    }
    if (w.offset === 'auto') throw unsupported('INTERVAL offset AUTO in a stream');
    if (w.interval.unit === 'n' || w.interval.unit === 'y') {
      // the SELECT refuses SLIDING with a calendar interval; the probe query at CREATE reports it
      if (w.offset) throw unsupported('INTERVAL offset with a calendar interval in a stream');
      const months = w.interval.unit === 'y' ? w.interval.value * 12 : w.interval.value;
      if (!Number.isInteger(months) || months <= 0) throw new TdError(TdCode.INTERVAL_TOO_SMALL, 'Interval too small');
      plan.interval = { interval: 0n, sliding: 0n, offset: 0n, calendar: { months, tz, unitsPerMs: UNITS_PER_SECOND[precision] / 1000n } };
    } else {
      plan.interval = fixedInterval(w, precision);
    }
  } else if (w.type === 'session') {
    plan.sessionGap = duration(w.gap, precision, 'SESSION gap');
  } else if (w.type === 'count') {
    plan.count = { n: w.count, slide: w.slide ?? w.count };
  } else if ((w.type === 'state' || w.type === 'event') && w.trueFor) {
    plan.trueFor = duration(w.trueFor, precision, 'TRUE_FOR');
  }
  const partitionBy = q.partitionBy ?? [];
  const isTbname = (e: Expression): boolean => e.type === 'column' && !e.table && e.name.name === 'tbname';
  plan.perTable = source.kind !== 'stable' || partitionBy.some((p) => isTbname(p.expr));
  if (source.kind === 'stable' && (w.type === 'state' || w.type === 'event' || w.type === 'count') && !plan.perTable) {
    throw unsupported('STATE_WINDOW, EVENT_WINDOW and COUNT_WINDOW on a super table need PARTITION BY tbname');
  }
  plan.partitions = partitionBy.length;
  plan.hasSubtable = stmt.subtable !== undefined;

  const o = stmt.options;
  const trigger = o.trigger?.type ?? 'WINDOW_CLOSE';
  if (trigger === 'FORCE_WINDOW_CLOSE') {
    // facts §3.2: driven by the system clock, INTERVAL only, FILL_HISTORY 0, IGNORE EXPIRED 1
    if (w.type !== 'interval') throw unsupported('TRIGGER FORCE_WINDOW_CLOSE with a window other than INTERVAL');
    if ((o.fillHistory ?? 0) !== 0) throw unsupported('TRIGGER FORCE_WINDOW_CLOSE with FILL_HISTORY 1');
    if ((o.ignoreExpired ?? 1) === 0) throw unsupported('TRIGGER FORCE_WINDOW_CLOSE with IGNORE EXPIRED 0');
  }
  plan.trigger = trigger;
  plan.maxDelayMs = o.trigger?.type === 'MAX_DELAY' ? Number(duration(o.trigger.delay, 'ms', 'MAX_DELAY')) : 0;
  plan.watermark = o.watermark ? duration(o.watermark, precision, 'WATERMARK') : 0n;
  plan.ignoreExpired = (o.ignoreExpired ?? 1) !== 0;
  plan.fillHistory = (o.fillHistory ?? 0) !== 0;

  const targetDb = stmt.into.db?.name ?? currentDb;
  if (!targetDb) throw new TdError(TdCode.DB_NOT_SPECIFIED, 'Database not specified');
  if (!catalog.findDatabase(targetDb)) throw new TdError(TdCode.DB_NOT_EXIST, 'Database not exist');
  plan.target = { db: targetDb, stable: stmt.into.name.name };
  if (targetDb === db && plan.target.stable === (source.kind === 'child' ? found.kind === 'child' && found.stable.name : source.name)) {
    throw unsupported('a stream writing into its own source');
  }

  // with FILL the row count is a constant (a filled row has none; only COUNT_WINDOW reads it)
  const hidden = ['_wstart AS __s_ws', '_wend AS __s_we', plan.fill ? '0 AS __s_n' : 'count(*) AS __s_n'];
  partitionBy.forEach((p, i) => hidden.push(`${p.expr.text} AS __s_p${i}`));
  if (stmt.subtable) hidden.push(`${stmt.subtable.text} AS __s_sub`);
  const base = structuredClone(q);
  base.items = [...items(hidden.join(', ')), ...q.items];
  if (base.window && (base.window.type === 'state' || base.window.type === 'event')) delete base.window.trueFor;
  if (plan.fill === 'VALUE' && stmt.subtable && !partitionBy.some((p) => p.expr.text.toLowerCase() === stmt.subtable!.text.toLowerCase())) {
    // the SUBTABLE value is a filled column of the query: give it a value ahead of the user's (fill.ts restores it)
    const win = base.window as IntervalWindow;
    win.fill = { mode: 'VALUE', values: [items(quoteText(FILLED_SUBTABLE))[0].expr, ...(win.fill!.values ?? [])] };
  }
  plan.base = base;
  plan.hidden = hidden.length;
  return plan as StreamPlan;
}

/** The stream's query over a bounded range: `cond` (TDengine SQL text) is ANDed to the user's WHERE. */
export function boundedQuery(plan: StreamPlan, cond: string | undefined): SelectStatement {
  const q: SelectStatement = { ...plan.base };
  if (cond) q.where = condition(q.where ? `(${q.where.text}) AND (${cond})` : cond);
  return q;
}
