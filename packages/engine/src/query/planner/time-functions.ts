import { FuncError, TdCode, TdError, TO_TIMESTAMP_MISMATCH } from '../../errors';
import { durationInPrecision, parseTimestamp } from '../../format/time-parse';
import { zoneOffsetMinutes } from '../../format/timestamp';
import { quoteString } from '../../storage/names';
import type { Expression, FunctionCall } from '../../sql';
import { isInteger, isString, isTimestamp } from '../../types';
import { checkArgumentCount as arity, timeUnitArg } from '../binder/functions';
import { compile, timeOperand } from './expr';
import { BIGINT, TIMESTAMP, nsPer, varchar, varcharOfBytes } from './result-types';
import type { ExprScope, Typed } from './scope';
import { toCharSql } from './to-char';
import { wrapInteger, wrappingInt64 } from './c-convert';
import { textToTimestampNs } from './to-timestamp';

const floorDiv = (a: bigint, b: bigint): bigint => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/** Time and conversion functions (facts §2.11): TO_ISO8601, TO_CHAR, TO_TIMESTAMP, TIMETRUNCATE, WEEK, … */

type Impl = (scope: ExprScope, args: Expression[], call: FunctionCall) => Typed;

function stringArg(scope: ExprScope, e: Expression): Typed {
  const v = compile(scope, e);
  if (!isString(v.type) && v.sql !== 'NULL') throw FuncError.paramType(e.text);
  return v;
}

/**
 * A time value of TIMEDIFF/TIMETRUNCATE: a TIMESTAMP, an integer or a time text; a FLOAT/DOUBLE/BOOL is 0x2802. A text
 * constant that is no time is NULL, as a text column's value is (`timediff('abc', …)`: 35_time_functions_windows#88).
 */
function timeValueArg(scope: ExprScope, call: FunctionCall, e: Expression): Typed {
  if (e.type === 'string' && parseTimestamp(e.value, scope.precision, scope.ctx.tz) === undefined) return { sql: 'NULL::BIGINT', type: TIMESTAMP };
  const v = timeOperand(scope, e);
  if (v.sql !== 'NULL' && !isTimestamp(v.type) && !isInteger(v.type) && !isString(v.type)) throw FuncError.paramType(call.name);
  return v;
}

/** Text read as a time, per row: NULL when it is none (TO_UNIXTIMESTAMP's reading: ' 2024-2-9' is one). */
function textTimeSql(scope: ExprScope, sql: string): string {
  return `CAST(epoch_ns(TRY_CAST(${sql} AS TIMESTAMPTZ)) // ${nsPer(scope)} AS BIGINT)`;
}

/**
 * The time an argument of TIMEDIFF/TIMETRUNCATE/WEEKDAY/DAYOFWEEK/WEEK/WEEKOFYEAR stands for, as TDengine's scalar
 * functions read it: a text column is parsed per row (NULL when it is no time, 32#220), any integer but BIGINT leaves
 * the time at 0 for every non-NULL value (`timetruncate(i, 1d)` of an INT is 1970-01-01, 12#156; `weekday(i)` 3,
 * 32#228), BIGINT and TIMESTAMP are the time itself.
 */
function asTime(scope: ExprScope, v: Typed): Typed {
  if (isString(v.type) && v.sql !== 'NULL') return { sql: textTimeSql(scope, v.sql), type: TIMESTAMP };
  if (isInteger(v.type) && v.type.name !== 'BIGINT') return { sql: `(CASE WHEN (${v.sql}) IS NULL THEN NULL ELSE 0 END)`, type: v.type };
  return v;
}

/** An integer flag argument that must be one of `allowed` (WEEK's mode, TIMETRUNCATE's use_current_timezone); else 0x2803. */
function flagArg(call: FunctionCall, e: Expression | undefined, allowed: number[]): number | undefined {
  if (!e) return undefined;
  if (e.type !== 'integer' || !allowed.includes(Number(e.value))) throw FuncError.paramValue(call.name);
  return Number(e.value);
}

/**
 * TO_ISO8601's time zone as TDengine's checker reads it (validateTimezoneFormat): `z`/`Z`, `±hh`, `±hhmm` or
 * `±hh:mm` with hours 0–12 and minutes 00, or 30 after +03 and +05 only; anything else (`-0530`, `+14:00`, `+8`,
 * `UTC`) is 0x2800 "Invalid timzone format" (12#…, 35_time_functions_windows#106–#110).
 */
export function isoZoneValid(zone: string): boolean {
  if (/^z$/i.test(zone)) return true;
  const m = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(zone);
  if (!m || (zone.length === 6 && zone[3] !== ':') || (zone.length === 5 && zone.includes(':'))) return false;
  const hour = Number(m[2]);
  const minute = m[3] === undefined ? 0 : Number(m[3]);
  return hour <= 12 && (minute === 0 || (minute === 30 && (hour === 3 || hour === 5) && m[1] === '+'));
}

function isoZoneMinutes(zone: string): number {
  if (/^z$/i.test(zone)) return 0;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
}

/**
 * The time argument of TO_CHAR (a TIMESTAMP only) or TO_ISO8601 (also an integer in the database's precision):
 * anything else, the NULL literal included, is 0x2802 (`to_char(bi, …)`, `to_iso8601(d)`: 32#211, 32#232).
 */
function timeArg(scope: ExprScope, call: FunctionCall, e: Expression, integers: boolean): Typed {
  const v = compile(scope, e);
  if (!isTimestamp(v.type) && !(integers && isInteger(v.type))) throw FuncError.paramType(call.name);
  return v;
}

/** `yyyy-mm-dd hh24:mi:ss.ms` (TO_TIMESTAMP formats) → strptime patterns. */
function strptimeFormat(fmt: string): string {
  const map: [RegExp, string][] = [
    [/yyyy/gi, '%Y'],
    [/yy/gi, '%y'],
    [/month/gi, '%B'],
    [/mon/gi, '%b'],
    [/mm/gi, '%m'],
    [/dd/gi, '%d'],
    [/day/gi, '%A'],
    [/dy/gi, '%a'],
    [/hh24/gi, '%H'],
    [/hh12/gi, '%I'],
    [/hh/gi, '%I'],
    [/mi/gi, '%M'],
    [/ss/gi, '%S'],
    [/ms/gi, '%g'],
    [/us/gi, '%f'],
    [/ns/gi, '%n'],
    [/am|pm/gi, '%p'],
  ];
  let out = '';
  let i = 0;
  outer: while (i < fmt.length) {
    for (const [re, rep] of map) {
      const m = new RegExp(`^(?:${re.source})`, 'i').exec(fmt.slice(i));
      if (m) {
        out += rep;
        i += m[0].length;
        continue outer;
      }
    }
    out += fmt[i] === '%' ? '%%' : fmt[i];
    i++;
  }
  return out;
}

/** The connection zone's offset from UTC now, in minutes (0 without a zone). */
function connectionOffset(scope: ExprScope): number {
  return scope.ctx.tz ? zoneOffsetMinutes(scope.ctx.tz, scope.ctx.nowMs) : 0;
}

/** A timestamp value (db precision integer) as a DuckDB TIMESTAMP (µs) shifted by `offsetMinutes` (the connection zone's by default). */
export function localTimestamp(scope: ExprScope, sql: string, offsetMinutes = connectionOffset(scope)): string {
  const us = scope.precision === 'ms' ? `(${sql}) * 1000` : scope.precision === 'us' ? `(${sql})` : `(${sql}) // 1000`;
  return `make_timestamp(${us} + ${offsetMinutes * 60000000})`;
}

/** The fraction of the second of a timestamp value in its precision's digits (3, 6 or 9), from the value itself so nanoseconds survive. */
export function secondFraction(scope: ExprScope, sql: string): string {
  const perSecond = 1000000000 / nsPer(scope);
  const digits = String(perSecond).length - 1;
  return `lpad(CAST((((${sql}) % ${perSecond}) + ${perSecond}) % ${perSecond} AS VARCHAR), ${digits}, '0')`;
}

/** 400 Gregorian years in seconds: dates and weekdays repeat after it. */
const CYCLE_SECONDS = 146097n * 86400n;

/**
 * A time value (db precision integer) as TDengine's time functions read it into a calendar (sclfunc.c: the value is
 * divided into seconds with C's truncating division, then gmtime/localtime): −4 ms is second 0 of 1970-01-01, and
 * every int64 has a date, BIGINT's minimum one in year −292275055 (32#208, #219). DuckDB's TIMESTAMP ends near year
 * 294247, so the seconds are moved by whole 400-year cycles into [1970, 2370): `ts` is that DuckDB TIMESTAMP (shifted
 * by `offsetMinutes`), whose month, day, time and weekday are the value's own; the value's year is year(ts) + `years`.
 */
export function civilTime(scope: ExprScope, sql: string, offsetMinutes: number): { ts: string; years: string } {
  const perSecond = 1000000000 / nsPer(scope);
  const v = `CAST(${sql} AS HUGEINT)`;
  const secs = `((${v} - ${v} % ${perSecond}) // ${perSecond} + ${offsetMinutes * 60})`;
  const inCycle = `((${secs} % ${CYCLE_SECONDS} + ${CYCLE_SECONDS}) % ${CYCLE_SECONDS})`;
  const cycles = `((${secs} - ${inCycle}) // ${CYCLE_SECONDS})`;
  return { ts: `make_timestamp(CAST(${inCycle} AS BIGINT) * 1000000)`, years: `(${cycles} * 400)` };
}

function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

const INT = { name: 'INT' as const };

/** A one-value `let`: `body` reads `value` as `name` (DuckDB evaluates `value` once). */
function bind(value: string, name: string, body: string): string {
  return `list_transform([${value}], lambda ${name}: ${body})[1]`;
}

/** Days in a year, C's remainders (a negative year is a leap year as its absolute value would be). */
function daysInYear(y: string): string {
  return `(CASE WHEN (${y} % 100 = 0 AND ${y} % 400 = 0) OR (${y} % 100 <> 0 AND ${y} % 4 = 0) THEN 366 ELSE 365 END)`;
}

/** MySQL's day number from 0000-00-00 (sclfunc.c getDayNum), in int32 as TDengine computes it (it wraps past ±5.8 million years). */
function dayNumber(y: string, m: string, d: string): string {
  const yp = `(CASE WHEN ${m} <= 2 THEN ${y} - 1 ELSE ${y} END)`;
  return wrapInteger(`(365 * ${y} + 31 * (${m} - 1) + ${d} - (CASE WHEN ${m} <= 2 THEN 0 ELSE (${m} * 4 + 23) // 10 END) + ${yp} // 4 - ((${yp} // 100 + 1) * 3) // 4)`, INT);
}

/**
 * WEEK(date, mode) as TDengine computes it (sclfunc.c calculateWeekNum, MySQL's algorithm): bit 0 Monday first, bit 1
 * weeks 1-53 (a week 0 belongs to the previous year, a last week to the next), bit 2 (flipped when Sunday first) week
 * 1 is the one holding the first first-weekday, else the first one with 4 days in the year. Ported step by step with
 * its int32 day numbers and C remainders, so that the years of BIGINT's extremes (±292 million, where the day numbers
 * wrap) get TDengine's weeks too (32#219).
 */
function weekSql(civil: { ts: string; years: string }, mode: number): string {
  const flags = mode & 1 ? mode : mode ^ 4;
  const sundayFirst = (flags & 1) === 0;
  const fromOne = (flags & 2) !== 0;
  const firstWeekday = (flags & 4) !== 0;
  const late = (w: string) => (firstWeekday ? `${w} <> 0` : `${w} >= 4`);
  const weekday = (dayNum: string) => `((CAST(${dayNum} AS BIGINT) + ${sundayFirst ? 6 : 5}) % 7)`;
  const ymd = `{'y': CAST(year(${civil.ts}) + ${civil.years} AS HUGEINT), 'm': CAST(month(${civil.ts}) AS HUGEINT), 'd': CAST(day(${civil.ts}) AS HUGEINT)}`;
  const nums = `{'dn': ${dayNumber('c__.y', 'c__.m', 'c__.d')}, 'fd': ${dayNumber('c__.y', '1', '1')}}`;
  const wd = weekday('n__.fd');
  const early = `(c__.m = 1 AND c__.d <= 7 - ${wd})`;
  const prev = daysInYear('(c__.y - 1)');
  const start = `(CASE WHEN ${early} THEN {'yr': c__.y - 1, 'fd': ${wrapInteger(`(n__.fd - ${prev})`, INT)}, 'wd': CAST((${wd} + 371 - ${prev}) % 7 AS BIGINT), 'one': TRUE}
    ELSE {'yr': c__.y, 'fd': n__.fd, 'wd': CAST(${wd} AS BIGINT), 'one': ${fromOne ? 'TRUE' : 'FALSE'}} END)`;
  const days = wrapInteger(`(CASE WHEN ${late('s__.wd')} THEN n__.dn - (s__.fd + (7 - s__.wd)) ELSE n__.dn - (s__.fd - s__.wd) END)`, INT);
  const nextWd = `((s__.wd + ${daysInYear('s__.yr')}) % 7)`;
  const nextYear = firstWeekday ? `${nextWd} = 0` : `${nextWd} < 4`;
  const result = `CASE ${fromOne ? '' : `WHEN ${early} AND ${late(wd)} THEN 0 `}WHEN s__.one AND ${days} >= 364 AND ${nextYear} THEN 1 ELSE ${days} // 7 + 1 END`;
  return `CAST(${bind(ymd, 'c__', bind(nums, 'n__', bind(start, 's__', result)))} AS BIGINT)`;
}

/** TDengine sizes these results in bytes, the 2-byte length header included (builtins.c). */
const TO_CHAR_BYTES = 4096;
const TO_ISO8601_BYTES = 64;

export const TIME_FUNCTIONS: Record<string, Impl> = {
  to_iso8601: (scope, args, call) => {
    arity(call, 1, 2);
    const v = timeArg(scope, call, args[0], true);
    if (args[1] && args[1].type !== 'string') throw FuncError.paramType(call.name);
    if (args[1]?.type === 'string' && !isoZoneValid(args[1].value)) throw FuncError.funcError('Invalid timzone format');
    // a zone argument shifts the time and is written as given; else the connection zone as ±hhmm
    const zone = args[1]?.type === 'string' ? args[1].value : undefined;
    const offset = zone === undefined ? connectionOffset(scope) : isoZoneMinutes(zone);
    // TDengine splits the value with C's truncating division and prints the remainder with `%03d` (`%06d`, `%09d`)
    // into as many characters: before 1970 a time between two seconds shows the next second and a negative fraction
    // cut to its first digits (`to_iso8601(-1)` is 1970-01-01T00:00:00.-01+0000, -808 ms is .-80: sclfunc.c
    // toISO8601Function, 35#112, 32#208). BIGINT UNSIGNED is read as the int64 of its bits (32#210).
    const perSecond = 1000000000 / nsPer(scope);
    const digits = String(perSecond).length - 1;
    const value = v.type.name === 'BIGINT UNSIGNED' ? wrapInteger(v.sql, BIGINT) : v.sql;
    const { ts, years } = civilTime(scope, value, offset);
    const year = `(year(${ts}) + ${years})`;
    const yearText = `(CASE WHEN ${year} BETWEEN 0 AND 9999 THEN lpad(CAST(${year} AS VARCHAR), 4, '0') ELSE CAST(${year} AS VARCHAR) END)`;
    const suffix = zone ?? offsetText(offset);
    const fraction = `left(printf('%0${digits}d', (${value}) % ${perSecond}), ${digits})`;
    return { sql: `(${yearText} || strftime(${ts}, '-%m-%dT%H:%M:%S.') || ${fraction} || ${quoteString(suffix)})`, type: varcharOfBytes(TO_ISO8601_BYTES) };
  },
  to_unixtimestamp: (scope, args, call) => {
    arity(call, 1, 2);
    const s = stringArg(scope, args[0]);
    // the return-type flag is 0 or 1 (0x2803 otherwise)
    const asTs = flagArg(call, args[1], [0, 1]) === 1;
    // text that is no time is NULL in TDengine
    if (args[0].type === 'string') {
      const ts = parseTimestamp(args[0].value, scope.precision, scope.ctx.tz);
      return ts === undefined ? { sql: 'NULL::BIGINT', type: asTs ? TIMESTAMP : BIGINT } : { sql: `${ts}::BIGINT`, type: asTs ? TIMESTAMP : BIGINT, constant: ts };
    }
    return { sql: textTimeSql(scope, s.sql), type: asTs ? TIMESTAMP : BIGINT };
  },
  to_char: (scope, args, call) => {
    arity(call, 2);
    const v = timeArg(scope, call, args[0], false);
    if (args[1].type !== 'string') throw FuncError.paramType(call.name);
    const offset = connectionOffset(scope);
    const sql = toCharSql(args[1].value, {
      ts: localTimestamp(scope, v.sql, offset),
      fraction: (digits) => `left(${secondFraction(scope, v.sql)} || '000000', ${digits})`,
      zoneHours: `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}`,
    });
    return { sql: `(CASE WHEN (${v.sql}) IS NOT NULL THEN ${sql} END)`, type: varcharOfBytes(TO_CHAR_BYTES) };
  },
  to_timestamp: (scope, args, call) => {
    arity(call, 2);
    const s = stringArg(scope, args[0]);
    // the NULL literal has no text type for TDengine's checker: 0x2802
    if (s.sql === 'NULL' || args[1].type !== 'string') throw FuncError.paramType(call.name);
    const offset = connectionOffset(scope);
    // a constant is read as TDengine reads it (missing fields from 0000-01-01, a field out of range refused)
    if (args[0].type === 'string') {
      const ns = textToTimestampNs(args[0].value, args[1].value, offset);
      if (ns === 'unsupported') throw new TdError(TdCode.FUNC_TO_TIMESTAMP_NOT_SUPPORTED, 'Func to_timestamp failed for unsupported timestamp format');
      if (ns === 'mismatch') throw new TdError(TdCode.FUNC_TO_TIMESTAMP_FORMAT_MISMATCH, TO_TIMESTAMP_MISMATCH);
      if (ns === undefined) throw new TdError(TdCode.FUNC_TO_TIMESTAMP_WRONG_TS, 'Func to_timestamp failed for wrong timestamp');
      const value = floorDiv(ns, BigInt(nsPer(scope)));
      return { sql: `${value}::BIGINT`, type: TIMESTAMP, constant: value };
    }
    // a text value the format does not read fails the statement, as TDengine's function does (0x2806: a NCHAR ' x '
    // by 'yyyy', 32#234); NULL stays NULL
    // in HUGEINT nanoseconds: a year before 1678 has no int64 of them (to_timestamp('7', 'yyyy') is year 7)
    const ns = `CAST(epoch_us(try_strptime(${s.sql}, ${quoteString(strptimeFormat(args[1].value))})) AS HUGEINT) * 1000`;
    return {
      sql: `(CASE WHEN ${s.sql} IS NULL THEN NULL ELSE CAST((coalesce(${ns}, error(${quoteString(TO_TIMESTAMP_MISMATCH)})) - ${offset * 60}000000000) // ${nsPer(scope)} AS BIGINT) END)`,
      type: TIMESTAMP,
    };
  },
  timediff: (scope, args, call) => {
    arity(call, 2, 3);
    const a = asTime(scope, timeValueArg(scope, call, args[0]));
    const b = asTime(scope, timeValueArg(scope, call, args[1]));
    const unit = args[2] ? timeUnitArg(call, args[2], scope.precision, 'unit') : 1n;
    // the difference wraps in int64 as C's subtraction does (timediff of BIGINT's minimum and now: 32#218)
    return { sql: `(${wrappingInt64(a.sql, '-', b.sql)} // ${unit})`, type: BIGINT };
  },
  timetruncate: (scope, args, call) => {
    arity(call, 2, 3);
    // the NULL literal has no type TIMETRUNCATE takes (0x2802); TIMEDIFF's NULL is NULL
    if (args[0].type === 'null') throw FuncError.paramType(call.name);
    const a = asTime(scope, timeValueArg(scope, call, args[0]));
    const unit = timeUnitArg(call, args[1], scope.precision, 'unit');
    // Day and week units truncate in the connection zone unless the third argument is 0 (use_current_timezone).
    const useZone = flagArg(call, args[2], [0, 1]) !== 0;
    const dayUnit = durationInPrecision(1, 'd', scope.precision)!;
    const offMin = useZone && unit >= dayUnit ? connectionOffset(scope) : 0;
    const off = durationInPrecision(offMin, 'm', scope.precision)!;
    // C's remainder: a time before 1970 truncates towards 0 (timetruncate(-4, 1d) is 0, BIGINT's minimum to a day
    // -9223372036828800000: 32#217), in int64 arithmetic that wraps
    const x = off === 0n ? `CAST(${a.sql} AS HUGEINT)` : `(CAST(${a.sql} AS HUGEINT) + ${off})`;
    return { sql: wrapInteger(`(${x} - ${x} % ${unit}${off === 0n ? '' : ` - ${off}`})`, BIGINT), type: TIMESTAMP };
  },
  weekday: (scope, args, call) => {
    arity(call, 1);
    const { ts } = civilTime(scope, asTime(scope, timeOperand(scope, args[0])).sql, connectionOffset(scope));
    return { sql: `CAST((isodow(${ts}) - 1) AS BIGINT)`, type: BIGINT };
  },
  dayofweek: (scope, args, call) => {
    arity(call, 1);
    const { ts } = civilTime(scope, asTime(scope, timeOperand(scope, args[0])).sql, connectionOffset(scope));
    return { sql: `CAST(dayofweek(${ts}) + 1 AS BIGINT)`, type: BIGINT };
  },
  week: (scope, args, call) => {
    arity(call, 1, 2);
    const mode = flagArg(call, args[1], [0, 1, 2, 3, 4, 5, 6, 7]) ?? 0;
    return { sql: weekSql(civilTime(scope, asTime(scope, timeOperand(scope, args[0])).sql, connectionOffset(scope)), mode), type: BIGINT };
  },
  // WEEKOFYEAR is the ISO week: WEEK mode 3
  weekofyear: (scope, args, call) => {
    arity(call, 1);
    return { sql: weekSql(civilTime(scope, asTime(scope, timeOperand(scope, args[0])).sql, connectionOffset(scope)), 3), type: BIGINT };
  },
  timezone: (scope, _a, call) => {
    arity(call, 0);
    const tz = scope.ctx.tz ?? 'UTC';
    const text = `${tz} (UTC, ${offsetText(zoneOffsetMinutes(tz, scope.ctx.nowMs))})`;
    // sized to the text it answers (the server's zone string)
    return { sql: quoteString(text), type: varchar(Buffer.byteLength(text)) };
  },
};
