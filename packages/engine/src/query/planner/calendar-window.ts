import { TdCode, TdError } from '../../errors';
import { UNITS_PER_SECOND } from '../../format/time-parse';
import type { IntervalWindow } from '../../sql';
import { monthIndex, monthStart } from '../exec/calendar';
import { addMonthsSql } from './arithmetic';
import { whereSql, type SelectParts } from './select-parts';
import type { WindowShape } from './windows';

/**
 * Calendar (`n`/`y`) INTERVAL windows: windows of `months` months counted from 1970-01, starting at midnight of the
 * first day in the connection zone (UTC without one), moved by `offset` (db units) or `monthOffset` months
 * (`interval(1y, 1n)` windows run from February).
 */
export async function calendarShape(parts: SelectParts, w: IntervalWindow, ts: string, offset: bigint, monthOffset: number): Promise<WindowShape> {
  const scope = parts.scope;
  const months = w.interval.unit === 'y' ? w.interval.value * 12 : w.interval.value;
  const nsPer = scope.precision === 'ms' ? 1000000 : scope.precision === 'us' ? 1000 : 1;
  const unitsPerMs = BigInt(1000000 / nsPer);
  const tz = scope.ctx.tz;
  const alias = parts.from!.primary.alias;
  const bucket = `${alias}.__b`;
  // INTERVAL(1n, 1d): every window starts the offset after its month's start (TDengine: [Feb 2, Mar 2) holds Mar 1)
  const fill = { len: 0n, slide: 0n, offset, months, monthOffset, unitsPerMs, tz };
  const shifted = offset === 0n ? ts : `(${ts} - ${offset})`;
  const plusOffset = (start: string) => (offset === 0n ? start : `(${start} + ${offset})`);
  const shape = (monthSql: string, from: string, startOf: (b: string) => string, rowBounds: string[] = []): WindowShape => {
    const wstart = plusOffset(startOf(bucket));
    const wend = plusOffset(startOf(`${bucket} + ${months}`));
    // The month index is computed in a stage so the window bounds are expressions of a group key.
    return {
      fromSql: `FROM (SELECT ${alias}.*, (${monthSql} - ${monthOffset}) // ${months} * ${months} + ${monthOffset} AS __b ${from}${whereSql(parts, rowBounds)}) AS ${alias}`,
      where: '',
      window: { wstart, wend, wduration: `(${wend} - ${wstart})` },
      groupBy: [bucket],
      having: [],
      fill,
    };
  };
  if (!tz) {
    const t = `make_timestamp(CAST(${shifted} * ${nsPer} // 1000 AS BIGINT))`;
    const startOf = (b: string) => `(epoch_us(make_timestamp(1970 + (${b}) // 12, (${b}) % 12 + 1, 1, 0, 0, 0)) * 1000 // ${nsPer})`;
    return shape(`(year(${t}) - 1970) * 12 + month(${t}) - 1`, parts.fromSql, startOf);
  }
  // In a zone the month starts move with its offset (DST): the starts of the months the data spans are computed
  // here and each row finds its month with an ASOF join on them.
  const { rows } = await parts.env.ctx.storage.query(`SELECT min(${shifted}), max(${shifted}) ${parts.fromSql}${whereSql(parts)}`);
  const [min, max] = (rows[0] ?? []).map((v) => (v === null || v === undefined ? undefined : BigInt(v as bigint)));
  const [lo, hi] = [min, max].map((v) => (v === undefined ? undefined : Number(v / unitsPerMs)));
  // The grouping query below reads a later snapshot: a write committed in between may add rows past the months
  // listed here (no month start for them: a NULL _wend, rows counted in the wrong month). Only rows in the range
  // seen here are grouped, as if the query had run before that write.
  const seen = min === undefined || max === undefined ? ['FALSE'] : [`${shifted} BETWEEN ${min} AND ${max}`];
  const first = lo === undefined ? 0 : Math.floor((monthIndex(lo, tz) - monthOffset) / months) * months + monthOffset;
  const last = (hi === undefined ? first : monthIndex(hi, tz)) + months;
  const starts: string[] = [];
  for (let i = first; i <= last; i++) starts.push((BigInt(monthStart(i, tz)) * unitsPerMs).toString());
  const table = starts.map((s, k) => `(${s}::BIGINT, ${first + k})`).join(', ');
  const list = `([${starts.join(', ')}]::BIGINT[])`;
  const from = `${parts.fromSql} ASOF JOIN (VALUES ${table}) AS __cal(t, i) ON ${shifted} >= __cal.t`;
  return shape('__cal.i', from, (b) => `${list}[${b} - ${first} + 1]`, seen);
}

/**
 * `interval(1n) sliding(1d)`: windows of `months` calendar months starting every `slide` (db units, from the epoch,
 * UTC), ending `months` later as `ts + Nn` does (the day clamped: [Jan 31, Feb 29) does not hold Mar 1; 29 one-month
 * windows hold a row of Mar 1, 2024). A row is fanned out to every window that can hold it, as fixed
 * SLIDING windows are. A slide longer than the shortest such window (28 days a month) is 0x2631. No FILL.
 */
export function slidingCalendarShape(parts: SelectParts, w: IntervalWindow, ts: string, slide: bigint): WindowShape {
  const scope = parts.scope;
  const months = w.interval.unit === 'y' ? w.interval.value * 12 : w.interval.value;
  const day = 86400n * UNITS_PER_SECOND[scope.precision];
  if (slide <= 0n || slide > BigInt(months) * 28n * day) throw new TdError(TdCode.SLIDING_TOO_LARGE, 'sliding value no larger than the interval value');
  if (w.fill && w.fill.mode !== 'NONE') throw new TdError(TdCode.UNSUPPORTED, 'Operation not supported: FILL with a calendar INTERVAL and SLIDING');
  const copies = (BigInt(months) * 31n * day + slide - 1n) / slide + 1n;
  const wstart = `((${ts} // ${slide} - __k.i) * ${slide})`;
  const wend = addMonthsSql(wstart, months, scope.precision);
  return {
    fromSql: `${parts.fromSql} CROSS JOIN range(0, ${copies}) AS __k(i)`,
    where: whereSql(parts, [`${wend} > ${ts}`]),
    window: { wstart, wend, wduration: `(${wend} - ${wstart})` },
    groupBy: [wstart],
    having: [],
  };
}
