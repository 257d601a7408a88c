import { TdCode, TdError } from '../../errors';
import { durationInPrecision } from '../../format/time-parse';
import type { Duration, Expression, FunctionCall, IntervalWindow } from '../../sql';
import { quoteIdent } from '../../storage/names';
import { fillRangeError, fillRows, fillWindowCount, type FillSpec, type OutputKind } from '../exec/fill';
import { queryLimits } from '../../limits/limits';
import { rideAlongFor } from './aggregate-functions';
import { calendarShape, slidingCalendarShape } from './calendar-window';
import { compile } from './expr';
import type { Plan } from './plan';
import type { ExprScope, Typed, WindowPseudo } from './scope';
import { compileItems, groupKeys, orderBySql, partitionLimits, selectionCall, unnestOutputs, whereSql, type SelectParts } from './select-parts';

export function durationValue(scope: ExprScope, d: Duration): bigint {
  const v = durationInPrecision(d.value, d.unit ?? (scope.precision === 'ms' ? 'a' : scope.precision === 'us' ? 'u' : 'b'), scope.precision);
  if (v === undefined) throw new TdError(TdCode.SYNTAX_ERROR, `syntax error near "${d.text}"`);
  return v;
}

/**
 * The bucket number of `x` for `len`-long windows shifted by `off`, as ONE integer division: `x` is first moved by a
 * multiple of `len` (≈ 2^62) so the dividend is never negative and truncation equals floor. Grouping on this key
 * and computing the window start per group (`bucketStart`) is much cheaper than a per-row modulo expression.
 */
function bucketKey(x: string, len: bigint, off: bigint): { key: string; shift: bigint } {
  const shift = ((1n << 62n) + len - 1n) / len;
  return { key: `((${x} + ${shift * len - off}) // ${len})`, shift };
}

/** The window start of a bucket number made by `bucketKey`. */
function bucketStart(key: string, len: bigint, off: bigint, shift: bigint): string {
  return `((${key} - ${shift}) * ${len} + ${off})`;
}

export interface WindowShape {
  /** FROM clause (stages for session/state/event/count windows) */
  fromSql: string;
  /**
   * The FROM clause for a statement whose other clauses (select list, HAVING, ORDER BY) are `rest`: a shape whose
   * window pseudo columns need stages of their own adds them only when `rest` reads them.
   */
  fromSqlFor?: (rest: string) => string;
  /** the WHERE of the final select */
  where: string;
  window: WindowPseudo;
  /** extra GROUP BY keys after the partition keys */
  groupBy: string[];
  having: string[];
  fill?: FillSpec['interval'];
  /**
   * A FROM with one row per window and nothing else, for a statement whose rows are only counted (`SELECT count(*)
   * FROM (…)`, PlanEnv.countedOnly) and that keeps every window (no HAVING, TRUE_FOR, LIMIT or SLIMIT).
   */
  countedFromSql?: string;
}

/** TDengine's translator caps an interval at 1000 years (`interval(1000000000d)` is 0x261B), calendar units too. */
function checkIntervalSize(scope: ExprScope, d: Duration): void {
  const months = d.unit === 'n' ? d.value : d.unit === 'y' ? d.value * 12 : undefined;
  const tooBig = months !== undefined ? months > 12000 : durationValue(scope, d) > durationValue(scope, { ...d, value: 365000, unit: 'd' });
  if (tooBig) throw new TdError(TdCode.INTERVAL_TOO_BIG, 'Interval cannot be more than 1000 years');
}

const calendarUnit = (d: Duration | undefined) => d?.unit === 'n' || d?.unit === 'y';

async function intervalShape(parts: SelectParts, w: IntervalWindow, ts: string): Promise<WindowShape> {
  const scope = parts.scope;
  checkIntervalSize(scope, w.interval);
  // a SLIDING in months or years is refused whatever the interval (translator: 0x2630; `interval(1d) sliding(1n)`)
  if (calendarUnit(w.sliding)) throw new TdError(TdCode.PAR_INTER_SLIDING_UNIT, 'Does not support sliding when interval is natural month/year');
  if (w.interval.unit === 'n' || w.interval.unit === 'y') {
    if (w.sliding) {
      if (w.offset || scope.ctx.tz) throw new TdError(TdCode.SLIDING_TOO_LARGE, 'sliding value no larger than the interval value');
      return slidingCalendarShape(parts, w, ts, durationValue(scope, w.sliding));
    }
    const offset = w.offset && w.offset !== 'auto' ? w.offset : undefined;
    const monthOffset = offset?.unit === 'n' ? offset.value : offset?.unit === 'y' ? offset.value * 12 : 0;
    return calendarShape(parts, w, ts, offset && !monthOffset ? durationValue(scope, offset) : 0n, monthOffset);
  }
  const len = durationValue(scope, w.interval);
  // one unit of the database's precision is the least (3.3.7.5: interval(1a) on ms, interval(1u) on us; 1u on ms is 0)
  if (len < 1n) throw new TdError(TdCode.INTERVAL_TOO_SMALL, 'Interval too small');
  const off = w.offset && w.offset !== 'auto' ? durationValue(scope, w.offset) : w.offset === 'auto' && parts.range.start !== undefined ? ((parts.range.start % len) + len) % len : 0n;
  if (off >= len) throw new TdError(TdCode.PAR_INTERVAL_OFFSET_TOO_BIG, 'Interval offset should be shorter than interval');
  const slide = w.sliding ? durationValue(scope, w.sliding) : len;
  if (slide > len) throw new TdError(TdCode.SLIDING_TOO_LARGE, 'sliding value no larger than the interval value');
  if (slide * 100n < len) throw new TdError(TdCode.SLIDING_TOO_SMALL, 'sliding value can not less than 1% of interval value');
  if (slide === len) {
    const { key, shift } = bucketKey(ts, len, off);
    const wstart = bucketStart(key, len, off, shift);
    return {
      fromSql: parts.fromSql,
      where: whereSql(parts),
      window: { wstart, wend: `(${wstart} + ${len})`, wduration: `${len}::BIGINT` },
      groupBy: [key],
      having: [],
      fill: { len, slide, offset: off },
    };
  }
  // SLIDING: a row belongs to every window starting in (ts - len, ts]: fan each row out to ceil(len/slide) windows.
  const copies = (len + slide - 1n) / slide;
  const { key: base, shift } = bucketKey(ts, slide, off);
  const key = `(${base} - __k.i)`;
  const wstart = bucketStart(key, slide, off, shift);
  return {
    fromSql: `${parts.fromSql} CROSS JOIN range(0, ${copies}) AS __k(i)`,
    where: whereSql(parts, [`${wstart} + ${len} > ${ts}`]),
    window: { wstart, wend: `(${wstart} + ${len})`, wduration: `${len}::BIGINT` },
    groupBy: [key],
    having: [],
    fill: { len, slide, offset: off },
  };
}

/**
 * An EVENT_WINDOW condition: a comparison or logic over them, or a BOOL. Anything else (`start with v` of an INT)
 * is refused when TDengine's executor sets up its filter: 0x070F "invalid input" (35#310).
 */
function eventCondition(scope: ExprScope, e: Expression): string {
  const c = compile(scope, e);
  if (!c.predicate && c.type.name !== 'BOOL') throw new TdError(TdCode.QRY_INVALID_INPUT, 'invalid input');
  return c.sql;
}

/** Runs `select` columns plus window-function columns over the filtered relation: one stage of a window plan. */
function stage(inner: string, alias: string, cols: string[]): string {
  return `FROM (SELECT ${alias}.*, ${cols.join(', ')} ${inner}) AS ${alias}`;
}

function rowWindowShape(parts: SelectParts, partition: string[], ts: string): WindowShape {
  const w = parts.stmt.window!;
  const scope = parts.scope;
  const alias = parts.from!.primary.alias;
  const byPart = partition.length ? `PARTITION BY ${partition.join(', ')} ` : '';
  const over = `OVER (${byPart}ORDER BY ${ts})`;
  const runningSum = (c: string) => `sum(${c}) OVER (${byPart}ORDER BY ${ts} ROWS UNBOUNDED PRECEDING)`;
  const base = `${parts.fromSql}${whereSql(parts)}`;
  const col = (c: string) => `${alias}.${c}`;
  const minmax: WindowPseudo = { wstart: `min(${ts})`, wend: `max(${ts})`, wduration: `(max(${ts}) - min(${ts}))` };
  const trueFor = (d: Duration | undefined) => (d ? [`max(${ts}) - min(${ts}) >= ${durationValue(scope, d)}`] : []);
  switch (w.type) {
    case 'session': {
      // a gap in months or years is no fixed time (0x262B, as a gap of 0)
      if (calendarUnit(w.gap)) throw new TdError(TdCode.PAR_INTER_SESSION_GAP, 'SESSION gap should be fixed time window, and greater than 0');
      const gap = durationValue(scope, w.gap);
      if (gap <= 0n) throw new TdError(TdCode.PAR_INTER_SESSION_GAP, 'SESSION gap should be fixed time window, and greater than 0');
      if (compile(scope, w.column).sql !== ts) throw new TdError(TdCode.PAR_INTER_SESSION_COL, 'Only support SESSION on primary timestamp column');
      const s1 = stage(base, alias, [`CASE WHEN ${ts} - lag(${ts}) ${over} > ${gap} THEN 1 ELSE 0 END AS __b`]);
      const s2 = stage(s1, alias, [`${runningSum(col('__b'))} AS __wid`]);
      return { fromSql: s2, where: '', window: minmax, groupBy: [col('__wid')], having: [] };
    }
    case 'state': {
      const st = compile(scope, w.expr);
      if (!['BOOL', 'VARCHAR', 'NCHAR'].includes(st.type.name) && !st.type.name.includes('INT')) {
        throw new TdError(TdCode.PAR_INVALID_STATE_WIN_TYPE, 'Only support STATE_WINDOW on integer/bool/varchar column');
      }
      // A row whose state is NULL belongs to no window (it neither opens nor closes one): TDengine 3.3.7.5's goldens.
      // Windows are numbered in ONE sort: the rows with a state, ordered by partition then time, go through two
      // streaming window functions over that order (`OVER ()`: DuckDB keeps a subquery's ORDER BY for them, and
      // runs them without sorting again): the previous row's state, then the running count of rows whose state
      // differs from it. A partition's rows are consecutive in that order, and the GROUP BY keys hold the partition
      // too, so a count that carries over from the previous partition still makes one group per window. (The plan
      // before this one sorted each partition twice: lag(), then a running sum() over the same order.)
      const partKeys = [...partition, ts];
      const numbered = (from: string) => {
        const sorted = `FROM (SELECT ${alias}.*, ${st.sql} AS __st ${from} ORDER BY ${partKeys.join(', ')}) AS ${alias}`;
        const lagged = stage(sorted, alias, [`lag(${col('__st')}) OVER () AS __prev`]);
        return stage(lagged, alias, [`sum(CASE WHEN ${col('__st')} <> ${col('__prev')} THEN 1 ELSE 0 END) OVER (ROWS UNBOUNDED PRECEDING) AS __wid`]);
      };
      // TDengine's operator ends the last window of a data block at the block's last row, whatever its state
      // (doStateWindowAggImpl): a NULL-state row after it moves _wend, not count(*) (35#298). A partition's rows are
      // read as one block here. Only a statement that reads _wend/_wduration pays for it: one more stage (a window
      // per partition without ORDER BY) gives each row its partition's last time, with any state and with a state.
      const plain = numbered(`${parts.fromSql}${whereSql(parts, [`${st.sql} IS NOT NULL`])}`);
      const tail = stage(base, alias, [`max(${ts}) OVER (${byPart}) AS __tend`, `max(CASE WHEN ${st.sql} IS NOT NULL THEN ${ts} END) OVER (${byPart}) AS __tlast`]);
      const withTail = numbered(`${tail} WHERE ${st.sql} IS NOT NULL`);
      const wend = `(CASE WHEN max(${ts}) = max(${col('__tlast')}) THEN max(${col('__tend')}) ELSE max(${ts}) END)`;
      const window: WindowPseudo = { wstart: `min(${ts})`, wend, wduration: `(${wend} - min(${ts}))` };
      // The state expression in the select list reads the window's state (the same in every row of it).
      scope.groupKeys.set(w.expr.text.toLowerCase(), { sql: `any_value(${col('__st')})`, type: st.type });
      // Counted only: a window per row that opens one, the first row with a state of its partition or one whose
      // state differs from the previous row's (one sort, no numbering, no GROUP BY).
      const opening = stage(`${parts.fromSql}${whereSql(parts, [`${st.sql} IS NOT NULL`])}`, alias, [`${st.sql} AS __st`, `lag(${st.sql}) ${over} AS __prev`]);
      return {
        fromSql: plain,
        fromSqlFor: (rest) => (rest.includes('__tend') ? withTail : plain),
        countedFromSql: `${opening} WHERE ${col('__prev')} IS NULL OR ${col('__st')} <> ${col('__prev')}`,
        where: '',
        window,
        groupBy: [col('__wid')],
        having: trueFor(w.trueFor),
      };
    }
    case 'event': {
      const start = eventCondition(scope, w.start);
      const end = eventCondition(scope, w.end);
      const s1 = stage(base, alias, [`row_number() ${over} AS __rn`, `coalesce(${start}, FALSE) AS __s`, `coalesce(${end}, FALSE) AS __e`]);
      const p = partition.length ? `PARTITION BY ${partition.join(', ')} ` : '';
      // A row is inside a window when the last start at or before it comes after the last end before it; the
      // window closes at the first end at or after it (unclosed windows are dropped). Windows are keyed by that
      // last end before them.
      const s2 = stage(s1, alias, [
        `max(CASE WHEN ${col('__s')} THEN ${col('__rn')} END) OVER (${p}ORDER BY ${col('__rn')} ROWS UNBOUNDED PRECEDING) AS __ls`,
        `max(CASE WHEN ${col('__e')} THEN ${col('__rn')} END) OVER (${p}ORDER BY ${col('__rn')} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS __le`,
        `max(CASE WHEN ${col('__e')} THEN ${col('__rn')} END) OVER (${p}ORDER BY ${col('__rn')} ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS __ne`,
      ]);
      return {
        fromSql: s2,
        where: ` WHERE ${col('__ls')} IS NOT NULL AND ${col('__ls')} > coalesce(${col('__le')}, 0) AND ${col('__ne')} IS NOT NULL`,
        window: minmax,
        groupBy: [`coalesce(${col('__le')}, 0)`],
        having: trueFor(w.trueFor),
      };
    }
    case 'count': {
      // translator (checkCountWindow): at least 2, less than INT32_MAX
      if (w.count < 2 || w.count >= 2147483647) throw new TdError(TdCode.PAR_INVALID_STREAM_QUERY, 'Size of Count window must in [2, 2147483647)');
      const slide = w.slide ?? w.count;
      if (slide < 1 || slide > w.count) throw new TdError(TdCode.PAR_INVALID_STREAM_QUERY, 'Size of Count window must exceed sliding value');
      const nonNull = (w.columns ?? []).map((c) => `${compile(scope, c).sql} IS NOT NULL`);
      const counted = stage(`${parts.fromSql}${whereSql(parts, nonNull)}`, alias, [`row_number() ${over} AS __rn`]);
      if (slide === w.count) return { fromSql: counted, where: '', window: minmax, groupBy: [`(${col('__rn')} - 1) // ${w.count}`], having: [] };
      const copies = Math.ceil(w.count / slide);
      const wid = `((${col('__rn')} - 1) // ${slide} - __k.i)`;
      return {
        fromSql: `${counted} CROSS JOIN range(0, ${copies}) AS __k(i)`,
        where: ` WHERE ${wid} >= 0 AND ${col('__rn')} - 1 < ${wid} * ${slide} + ${w.count}`,
        window: minmax,
        groupBy: [wid],
        having: [],
      };
    }
    default:
      throw new TdError(TdCode.UNSUPPORTED, 'Operation not supported');
  }
}

/** Window queries: INTERVAL (integer bucketing), SESSION, STATE_WINDOW, EVENT_WINDOW, COUNT_WINDOW, with FILL. */
export async function planWindow(parts: SelectParts, calls: FunctionCall[]): Promise<Plan> {
  const { stmt } = parts;
  const w = stmt.window!;
  const primary = parts.from?.primary;
  // a UNION's rows have no primary timestamp for TDengine, whatever their columns
  if (stmt.from?.type === 'subquery' && stmt.from.query.kind === 'union') {
    throw new TdError(TdCode.OPS_NOT_SUPPORT, 'Window query not supported, since not valid primary timestamp column as input');
  }
  if (!primary?.ts) {
    // a subquery without a timestamp column is the translator's own refusal (29_nested_queries#49)
    if (stmt.from?.type === 'subquery') throw new TdError(TdCode.PAR_NOT_ALLOWED_WIN_QUERY, 'Window query not supported, since not valid primary timestamp column as input');
    throw new TdError(TdCode.INVALID_COLUMN, 'Window query requires a primary timestamp column');
  }
  if (parts.from!.joins.length && w.type !== 'interval') throw new TdError(TdCode.UNSUPPORTED, 'Operation not supported: window over a join');
  if (parts.items.some((i) => i.expr.type === 'star')) throw TdError.syntax('*');
  const ts = primary.ts.sql;
  const partitionExprs = (stmt.partitionBy ?? []).map((p) => p.expr);
  const { keys, groupBy, perTable } = groupKeys(parts.scope, partitionExprs);
  const scope: ExprScope = { ...parts.scope, groupKeys: keys, perTable };
  const shape = w.type === 'interval' ? await intervalShape({ ...parts, scope }, w, ts) : rowWindowShape({ ...parts, scope }, groupBy, ts);
  const window = w.type === 'interval' ? { ...shape.window, interval: { partitions: groupBy, disjoint: !w.sliding } } : shape.window;
  const aggScope: ExprScope = { ...scope, aggregate: true, window };
  aggScope.rideAlong = rideAlongFor(aggScope, selectionCall(calls));
  // compiled first: a plain column is TDengine's "Invalid usage of expr" (expr.ts), `_wend - _wstart` 0x0200
  // (arithmetic.ts); window pseudo columns without a function are 0x265E
  const { columns, list, typed } = compileItems(aggScope, parts.items);
  if (!calls.length) throw new TdError(TdCode.PAR_NO_VALID_FUNC_IN_WIN, 'No valid function in window query');
  const fill = w.type === 'interval' && w.fill && w.fill.mode !== 'NONE' ? w.fill : undefined;
  const allGroup = [...groupBy, ...shape.groupBy];
  const having = [...shape.having, ...(stmt.having ? [compile(aggScope, stmt.having).sql] : [])];
  const hidden = fill ? `, ${[...groupBy.map((g, i) => `${g} AS ${quoteIdent(`__p${i}`)}`), `${shape.window.wstart} AS __w`].join(', ')}` : '';
  const order = orderBySql(aggScope, parts.items, stmt.orderBy, true);
  const fromSql = shape.fromSqlFor ? shape.fromSqlFor([list, hidden, ...having, ...order].join(' ')) : shape.fromSql;
  let sql = `SELECT ${list}${hidden} ${fromSql}${shape.where} GROUP BY ${allGroup.join(', ')}`;
  if (having.length) sql += ` HAVING ${having.join(' AND ')}`;
  if (shape.countedFromSql && !having.length && !stmt.limit && !stmt.slimit && !typed.some((t) => t.unnest) && parts.env.countedOnly?.has(stmt)) {
    // the enclosing statement only counts these rows: one row per window, columns left NULL (never read)
    const nulls = columns.map((_, i) => `NULL AS ${quoteIdent(`c${i}`)}`).join(', ');
    return { sql: `SELECT ${nulls} ${shape.countedFromSql}`, columns, precision: scope.precision, windows: true };
  }
  if (!fill) {
    const limits = partitionLimits(groupBy, stmt.limit, stmt.slimit, order.length > 0, shape.window.wstart);
    if (limits.qualify.length) sql += ` QUALIFY ${limits.qualify.join(' AND ')}`;
    // ties of the ORDER BY keep the windows' own order (partition, then start), as TDengine's stable sort over
    // windows that come out in that order does; DuckDB's sort is not stable, so it is said
    sql += ` ORDER BY ${[...order, ...groupBy, shape.window.wstart].join(', ')}`;
    sql += limits.limit;
    return { sql: unnestOutputs(sql, typed), columns, precision: scope.precision, windows: true };
  }
  sql += ` ORDER BY ${[...groupBy, shape.window.wstart].join(', ')}`;
  const range = parts.range;
  if (!shape.fill) throw new TdError(TdCode.UNSUPPORTED, 'Operation not supported: FILL here');
  if (range.start === undefined || range.end === undefined) throw fillRangeError();
  // TDengine's parser refuses a FILL range of more windows than MAX_INTERVAL_TIME_WINDOW; ours is per instance
  if (fillWindowCount({ range: { start: range.start, end: range.end }, interval: shape.fill }) > queryLimits(parts.scope.ctx.limits).maxFillWindows) throw fillRangeError();
  const keyTexts = new Set(partitionExprs.map((e) => e.text.toLowerCase()));
  const kinds: OutputKind[] = parts.items.map((item, i): OutputKind => {
    const e = item.expr;
    if (e.type === 'column') {
      const n = e.name.name.toLowerCase();
      if (n === '_wstart' || n === '_wend' || n === '_wduration') return n.slice(1) as OutputKind;
    }
    if (keyTexts.has(e.text.toLowerCase()) || (e.type === 'column' && (e.name.name === 'tbname' || primary.tags.some((t) => t.name === e.name.name)) && groupBy.length)) return 'key';
    return typed[i].constant !== undefined ? 'const' : 'value';
  });
  const values = (fill.values ?? []).map((v) => compile(parts.scope, v) as Typed);
  // FILL(VALUE, …) takes one value per filled column, neither more nor fewer (TDengine's checkFill)
  if (fill.values && values.length !== kinds.filter((k) => k === 'value').length) throw new TdError(TdCode.WRONG_VALUE_TYPE, 'Filled values number mismatch');
  const spec: FillSpec = {
    mode: fill.mode,
    values: values.map((v) => v.constant ?? null),
    kinds,
    types: columns.map((c) => c.type),
    constants: typed.map((t) => t.constant),
    partitions: groupBy.length,
    range: { start: range.start, end: range.end },
    interval: shape.fill,
    limit: stmt.limit,
    slimit: stmt.slimit,
  };
  const descending = stmt.orderBy?.length === 1 && stmt.orderBy[0].direction === 'DESC';
  return { sql, columns, precision: scope.precision, windows: true, post: async (rows, stage) => {
    const out = await fillRows(spec, rows, stage.pace, stage.limits.maxResultRows, stage.tooManyRows);
    return descending ? out.reverse() : out;
  } };
}
