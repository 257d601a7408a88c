import { quoteString } from '../../storage/names';

/**
 * TO_CHAR's format, as TDengine reads it (ttime.c parseTsFormat/tm2char): keywords are matched case-sensitively,
 * first match in its table order (so `Mon` is not `MON`, `ddd` is day of year, `hh` is HH12); `"…"` is literal
 * text, `\x` the character x; everything else is copied. Names are English, padded to 9 (`%-9s`) for DAY/MONTH.
 */

export interface ToCharParts {
  /** the value as a DuckDB TIMESTAMP already shifted into the output zone */
  ts: string;
  /** the fraction of the second in `digits` digits (3 MS, 6 US, 9 NS) */
  fraction: (digits: number) => string;
  /** TZH: the zone's hours, `+08` */
  zoneHours: string;
}

type Piece = (p: ToCharParts) => string;

const pad = (sql: string, width: number) => `lpad(CAST(${sql} AS VARCHAR), ${width}, '0')`;
const padName = (sql: string) => `rpad(${sql}, 9, ' ')`;
const hour12 = (ts: string) => `strftime(${ts}, '%I')`;
const isPm = (ts: string) => `hour(${ts}) >= 12`;

/** In TDengine's table order: within one first letter, the first name that prefixes the text wins. */
const KEYWORDS: [string, Piece][] = [
  ['AM', ({ ts }) => `(CASE WHEN ${isPm(ts)} THEN 'PM' ELSE 'AM' END)`],
  ['A.M.', ({ ts }) => `(CASE WHEN ${isPm(ts)} THEN 'P.M.' ELSE 'A.M.' END)`],
  ['DAY', ({ ts }) => padName(`upper(dayname(${ts}))`)],
  ['DDD', ({ ts }) => pad(`dayofyear(${ts})`, 3)],
  ['DD', ({ ts }) => `strftime(${ts}, '%d')`],
  ['Day', ({ ts }) => padName(`dayname(${ts})`)],
  ['DY', ({ ts }) => `upper(strftime(${ts}, '%a'))`],
  ['Dy', ({ ts }) => `strftime(${ts}, '%a')`],
  ['D', ({ ts }) => `CAST(dayofweek(${ts}) + 1 AS VARCHAR)`],
  ['HH24', ({ ts }) => `strftime(${ts}, '%H')`],
  ['HH12', ({ ts }) => hour12(ts)],
  ['HH', ({ ts }) => hour12(ts)],
  ['MI', ({ ts }) => `strftime(${ts}, '%M')`],
  ['MM', ({ ts }) => `strftime(${ts}, '%m')`],
  ['MONTH', ({ ts }) => padName(`upper(monthname(${ts}))`)],
  ['MON', ({ ts }) => `upper(strftime(${ts}, '%b'))`],
  ['Month', ({ ts }) => padName(`monthname(${ts})`)],
  ['Mon', ({ ts }) => `strftime(${ts}, '%b')`],
  ['MS', ({ fraction }) => fraction(3)],
  ['NS', ({ fraction }) => fraction(9)],
  ['PM', ({ ts }) => `(CASE WHEN ${isPm(ts)} THEN 'PM' ELSE 'AM' END)`],
  ['P.M.', ({ ts }) => `(CASE WHEN ${isPm(ts)} THEN 'P.M.' ELSE 'A.M.' END)`],
  ['SS', ({ ts }) => `strftime(${ts}, '%S')`],
  ['TZH', ({ zoneHours }) => quoteString(zoneHours)],
  ['US', ({ fraction }) => fraction(6)],
  ['YYYY', ({ ts }) => pad(`year(${ts})`, 4)],
  ['YYY', ({ ts }) => pad(`year(${ts}) % 1000`, 3)],
  ['YY', ({ ts }) => pad(`year(${ts}) % 100`, 2)],
  ['Y', ({ ts }) => `CAST(year(${ts}) % 10 AS VARCHAR)`],
  ['am', ({ ts }) => `(CASE WHEN ${isPm(ts)} THEN 'pm' ELSE 'am' END)`],
  ['a.m.', ({ ts }) => `(CASE WHEN ${isPm(ts)} THEN 'p.m.' ELSE 'a.m.' END)`],
  ['day', ({ ts }) => padName(`lower(dayname(${ts}))`)],
  ['ddd', ({ ts }) => pad(`dayofyear(${ts})`, 3)],
  ['dd', ({ ts }) => `strftime(${ts}, '%d')`],
  ['dy', ({ ts }) => `lower(strftime(${ts}, '%a'))`],
  ['d', ({ ts }) => `CAST(dayofweek(${ts}) + 1 AS VARCHAR)`],
  ['hh24', ({ ts }) => `strftime(${ts}, '%H')`],
  ['hh12', ({ ts }) => hour12(ts)],
  ['hh', ({ ts }) => hour12(ts)],
  ['mi', ({ ts }) => `strftime(${ts}, '%M')`],
  ['mm', ({ ts }) => `strftime(${ts}, '%m')`],
  ['month', ({ ts }) => padName(`lower(monthname(${ts}))`)],
  ['mon', ({ ts }) => `lower(strftime(${ts}, '%b'))`],
  ['ms', ({ fraction }) => fraction(3)],
  ['ns', ({ fraction }) => fraction(9)],
  ['pm', ({ ts }) => `(CASE WHEN ${isPm(ts)} THEN 'pm' ELSE 'am' END)`],
  ['p.m.', ({ ts }) => `(CASE WHEN ${isPm(ts)} THEN 'p.m.' ELSE 'a.m.' END)`],
  ['ss', ({ ts }) => `strftime(${ts}, '%S')`],
  ['tzh', ({ zoneHours }) => quoteString(zoneHours)],
  ['us', ({ fraction }) => fraction(6)],
  ['yyyy', ({ ts }) => pad(`year(${ts})`, 4)],
  ['yyy', ({ ts }) => pad(`year(${ts}) % 1000`, 3)],
  ['yy', ({ ts }) => pad(`year(${ts}) % 100`, 2)],
  ['y', ({ ts }) => `CAST(year(${ts}) % 10 AS VARCHAR)`],
];

function keywordAt(format: string, i: number): [string, Piece] | undefined {
  return KEYWORDS.find(([name]) => format.startsWith(name, i));
}

/** The SQL text of TO_CHAR(value, format): a concatenation of literal text and one expression a keyword. */
export function toCharSql(format: string, parts: ToCharParts): string {
  const pieces: string[] = [];
  let literal = '';
  const flush = () => {
    if (literal) pieces.push(quoteString(literal));
    literal = '';
  };
  let i = 0;
  while (i < format.length) {
    const key = keywordAt(format, i);
    if (key) {
      flush();
      pieces.push(key[1](parts));
      i += key[0].length;
    } else if (format[i] === '"') {
      // quoted text is copied as is, a backslash escaping the next character
      i++;
      while (i < format.length && format[i] !== '"') {
        if (format[i] === '\\' && i + 1 < format.length) i++;
        literal += format[i++];
      }
      i++;
    } else {
      if (format[i] === '\\' && i + 1 < format.length) i++;
      literal += format[i++];
    }
  }
  flush();
  return pieces.length ? `(${pieces.join(' || ')})` : "''";
}
