import { CANNOT_CONVERT, TdCode, TdError } from '../../errors';
import { quoteString } from '../../storage/names';
import { isFloat, isInteger, isString, type TypeSpec } from '../../types';
import type { Typed } from './scope';

/**
 * CAST to and from text as TDengine's castFunction does it (UTF-8 VARCHAR measured in bytes, NCHAR in characters):
 * - to VARCHAR(n) / VARBINARY(n): the first n bytes; a number to GEOMETRY(n) too. A character cut in two leaves its
 *   first bytes, which are no UTF-8 text: a REST client reads them as one U+FFFD (31_unicode_text#49, `cast('ÄÖ' as
 *   varchar(3))` is 'Ä\uFFFD'), which is what a VARCHAR gets here; VARBINARY keeps the cut bytes (40#201);
 * - to NCHAR(n): NCHAR's first n characters; anything else's first n UTF-8 bytes converted to UCS-4, which fails
 *   (0x3250) where the n-th byte falls inside a character: at plan time for a constant (cast('中文' as nchar(1))),
 *   at run time for the first such row (40#188); cast('hello' as nchar(2)) is 'he';
 * - text to a number reads the longest numeric prefix (strtoll/strtod): '12abc' is 12, 'abc' and '' are 0,
 *   '1e2' is 1 as an integer and 100 as a DOUBLE.
 */

/**
 * The longest prefix of `sql` of at most `bytes` UTF-8 bytes that ends on a character boundary; with `marked`, a
 * U+FFFD after it where the n-th byte falls inside a character (the bytes TDengine keeps of it, as a client reads them).
 */
function bytePrefix(sql: string, bytes: number, marked = false): string {
  const wholeChars = `array_to_string(list_filter(string_split(${sql}, ''), (c, i) -> strlen(left(${sql}, i)) <= ${bytes}), '')`;
  const cut = marked ? `CASE WHEN strlen(${wholeChars}) < ${bytes} THEN ${wholeChars} || '\uFFFD' ELSE ${wholeChars} END` : wholeChars;
  return `(CASE WHEN strlen(${sql}) <= ${bytes} THEN ${sql} WHEN strlen(${sql}) = length(${sql}) THEN left(${sql}, ${bytes}) ELSE ${cut} END)`;
}

/**
 * The first `bytes` UTF-8 bytes of `sql` as VARBINARY: whole characters, then the first bytes of a character cut in
 * two (cast('北京' as varbinary(2)) is 0xe58c).
 */
function blobPrefix(sql: string, bytes: number): string {
  const whole = bytePrefix(sql, bytes);
  const cut = `substring(${sql}, length(${whole}) + 1, 1)`;
  const rest = `CASE WHEN strlen(${whole}) < least(${bytes}, strlen(${sql})) THEN unhex(left(hex(encode(${cut})), 2 * (${bytes} - strlen(${whole})))) ELSE ''::BLOB END`;
  return `(encode(${whole}) || ${rest})`;
}

/** `v` as text before truncation: text as it is, other values as DuckDB writes them. */
function asText(v: Typed): string {
  if (isString(v.type) || v.sql === 'NULL') return v.sql;
  // a whole float is written without a fraction in TDengine (cast(0.0 as varchar) is '0'; DuckDB writes '0.0')
  if (isFloat(v.type)) return `regexp_replace(CAST(${v.sql} AS VARCHAR), '\\.0$', '')`;
  return `CAST(${v.sql} AS VARCHAR)`;
}

/** CAST(v AS VARCHAR(n) | NCHAR(n) | VARBINARY(n)), or undefined for any other target. */
export function castToText(v: Typed, target: TypeSpec): Typed | undefined {
  const n = target.length ?? 0;
  if (target.name === 'NCHAR') {
    if (v.type.name === 'NCHAR') return { sql: `left(${v.sql}, ${n})`, type: target };
    if (typeof v.constant === 'string') {
      const head = Buffer.from(v.constant).subarray(0, n);
      // a cut character does not survive the round trip: TDengine's folding refuses it (cast('😀' as nchar(1)))
      if (Buffer.from(head.toString()).length !== head.length) throw new TdError(TdCode.SCALAR_CONVERT_ERROR, CANNOT_CONVERT);
      return { sql: quoteString(head.toString()), type: target, constant: head.toString() };
    }
    const text = asText(v);
    const head = bytePrefix(text, n);
    const cut = `strlen(${head}) < least(${n}, strlen(${text}))`;
    return { sql: `(CASE WHEN ${cut} THEN error(${quoteString(CANNOT_CONVERT)}) ELSE ${head} END)`, type: target };
  }
  if (target.name === 'VARCHAR') return { sql: bytePrefix(asText(v), n, true), type: target };
  if (target.name === 'VARBINARY') return { sql: blobPrefix(asText(v), n), type: target };
  // a number to GEOMETRY(n) keeps its text's bytes, unparsed: cast(1 as geometry(10)) is 0x31 (12_conversion_time#73)
  if (target.name === 'GEOMETRY' && (isInteger(v.type) || isFloat(v.type))) return { sql: `encode(${bytePrefix(asText(v), n)})`, type: target };
  return undefined;
}

const INTEGER_PREFIX = `'^\\s*[+-]?[0-9]+'`;
const FLOAT_PREFIX = `'^\\s*[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?'`;
const SPECIAL_FLOAT_PREFIX = `'^\\s*[+-]?(nan|infinity|inf)'`;

/** Text read as a number (strtoll/strtod: the numeric prefix, 0 when there is none; BOOL: not 0), or undefined for other casts. */
export function textToNumber(v: Typed, target: TypeSpec): string | undefined {
  if (!isString(v.type) || v.sql === 'NULL') return undefined;
  if (isInteger(target)) return `CASE WHEN ${v.sql} IS NULL THEN NULL ELSE coalesce(TRY_CAST(regexp_extract(${v.sql}, ${INTEGER_PREFIX}) AS HUGEINT), 0) END`;
  // strtod also reads NAN and INF/INFINITY (any case, signed): cast('nan' as double) is NaN, which REST shows as null
  const special = `regexp_extract(lower(${v.sql}), ${SPECIAL_FLOAT_PREFIX})`;
  const number = `CASE WHEN ${v.sql} IS NULL THEN NULL WHEN ${special} <> '' THEN CAST(trim(${special}) AS DOUBLE) ELSE coalesce(TRY_CAST(regexp_extract(${v.sql}, ${FLOAT_PREFIX}) AS DOUBLE), 0) END`;
  if (isFloat(target)) return number;
  // text to BOOL goes through the number too: cast('true' as bool) is false, cast('2' as bool) true
  if (target.name === 'BOOL') return `(${number} <> 0)`;
  return undefined;
}
