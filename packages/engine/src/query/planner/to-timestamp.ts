/**
 * TO_TIMESTAMP of a text constant, read as TDengine's char2ts reads it: the format's keywords (case-sensitive, first
 * match in TDengine's table order, as TO_CHAR's) take their digits or names from the text; separators and other
 * characters are skipped over; a field the format does not give takes year 0000, January, day 1, 00:00:00 (TDengine:
 * `to_timestamp('12:30:45.123', 'hh24:mi:ss.ms')` is 0000-01-01 12:30:45.123). A field out of its range is the
 * error TDengine gives (`undefined` here).
 */

interface Fields {
  year: number;
  month: number;
  day: number;
  yday?: number;
  /** DD was read: only then is a day of the year (DDD) ignored rather than unsupported */
  dayGiven?: boolean;
  hour: number;
  pm?: boolean;
  minute: number;
  second: number;
  /** nanoseconds of the second */
  fraction: number;
}

type Reader = (text: string, at: number, f: Fields) => number | undefined;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Up to `width` digits (fewer at the end of a run of digits); their value is passed to `set`. */
function digits(width: number, set: (f: Fields, n: number, count: number) => void): Reader {
  return (text, at, f) => {
    let end = at;
    while (end < text.length && end - at < width && text[end] >= '0' && text[end] <= '9') end++;
    if (end === at) return undefined;
    set(f, Number(text.slice(at, end)), end - at);
    return end;
  };
}

/** A name from `names` (case-insensitive), whole (`full`) or its first three letters. */
function name(names: string[], full: boolean, set: (f: Fields, index: number) => void): Reader {
  return (text, at, f) => {
    const rest = text.slice(at).toLowerCase();
    const index = names.findIndex((n) => rest.startsWith(full ? n : n.slice(0, 3)));
    if (index < 0) return undefined;
    set(f, index);
    return at + (full ? names[index].length : 3);
  };
}

const meridiem = (dots: boolean): Reader => (text, at, f) => {
  const word = text.slice(at, at + (dots ? 4 : 2)).toLowerCase();
  const am = dots ? 'a.m.' : 'am';
  const pm = dots ? 'p.m.' : 'pm';
  if (word !== am && word !== pm) return undefined;
  f.pm = word === pm;
  return at + word.length;
};

const year = (width: number) => digits(width, (f, n) => (f.year = n));
const month = digits(2, (f, n) => (f.month = n));
const day = digits(2, (f, n) => {
  f.day = n;
  f.dayGiven = true;
});
const yday = digits(3, (f, n) => (f.yday = n));
const hour = digits(2, (f, n) => (f.hour = n));
const minute = digits(2, (f, n) => (f.minute = n));
const second = digits(2, (f, n) => (f.second = n));
/** MS/US/NS: the digits given are the leading digits of the fraction */
const fraction = (width: number) => digits(width, (f, n, count) => (f.fraction = n * 10 ** (9 - count)));
const monthName = (full: boolean) => name(MONTHS, full, (f, i) => (f.month = i + 1));
const dayName = (full: boolean) => name(DAYS, full, () => undefined);
const weekdayNumber = digits(1, () => undefined);

/** The keywords in TDengine's table order (ttime.c formatKeyWords). */
const KEYWORDS: [string, Reader][] = [
  ['AM', meridiem(false)], ['A.M.', meridiem(true)], ['DAY', dayName(true)], ['DDD', yday], ['DD', day], ['Day', dayName(true)],
  ['DY', dayName(false)], ['Dy', dayName(false)], ['D', weekdayNumber], ['HH24', hour], ['HH12', hour], ['HH', hour], ['MI', minute],
  ['MM', month], ['MONTH', monthName(true)], ['MON', monthName(false)], ['Month', monthName(true)], ['Mon', monthName(false)],
  ['MS', fraction(3)], ['NS', fraction(9)], ['PM', meridiem(false)], ['P.M.', meridiem(true)], ['SS', second], ['US', fraction(6)],
  ['YYYY', year(4)], ['YYY', year(3)], ['YY', year(2)], ['Y', year(1)],
  ['am', meridiem(false)], ['a.m.', meridiem(true)], ['day', dayName(true)], ['ddd', yday], ['dd', day], ['dy', dayName(false)],
  ['d', weekdayNumber], ['hh24', hour], ['hh12', hour], ['hh', hour], ['mi', minute], ['mm', month], ['month', monthName(true)],
  ['mon', monthName(false)], ['ms', fraction(3)], ['ns', fraction(9)], ['pm', meridiem(false)], ['p.m.', meridiem(true)],
  ['ss', second], ['us', fraction(6)], ['yyyy', year(4)], ['yyy', year(3)], ['yy', year(2)], ['y', year(1)],
];

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * Nanoseconds since the epoch of `text` read by `format` at UTC offset `offsetMinutes`; undefined when a field is out
 * of range (TDengine's checkTm: a day 0–31, rolled over past its month's end as mktime does: Feb 30 is Mar 1),
 * 'unsupported' for a day of the year (DDD) without DD, which TDengine's char2ts cannot convert (0x2808), 'mismatch'
 * where a field finds no digits or name of its kind in the text (char2ts's -1, 0x2806).
 */
export function textToTimestampNs(text: string, format: string, offsetMinutes: number): bigint | undefined | 'unsupported' | 'mismatch' {
  const f: Fields = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, fraction: 0 };
  let at = 0;
  let i = 0;
  while (i < format.length && at <= text.length) {
    const key = KEYWORDS.find(([n]) => format.startsWith(n, i));
    if (key) {
      // separators and spaces in the text before a field are skipped
      while (at < text.length && !isDigit(text[at]) && !/[a-z]/i.test(text[at])) at++;
      if (at >= text.length) break;
      const next = key[1](text, at, f);
      if (next === undefined) return 'mismatch';
      at = next;
      i += key[0].length;
    } else {
      if (text[at] === format[i]) at++;
      i++;
    }
  }
  if (f.pm !== undefined) {
    if (f.hour < 1 || f.hour > 12) return undefined;
    f.hour = (f.hour % 12) + (f.pm ? 12 : 0);
  }
  if (f.yday !== undefined && !f.dayGiven) return 'unsupported';
  if (f.month < 1 || f.month > 12 || f.day < 0 || f.day > 31 || f.hour > 23 || f.minute > 59 || f.second > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(f.year, f.month - 1, f.day);
  date.setUTCHours(f.hour, f.minute, f.second, 0);
  return (BigInt(date.getTime()) - BigInt(offsetMinutes) * 60000n) * 1000000n + BigInt(f.fraction);
}
