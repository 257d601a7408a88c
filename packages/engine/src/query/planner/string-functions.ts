import { FuncError } from '../../errors';
import { quoteString } from '../../storage/names';
import type { Expression, FunctionCall } from '../../sql';
import { isInteger, isNumeric, isString, type TypeSpec } from '../../types';
import { checkArgumentCount } from '../binder/functions';
import { compile } from './expr';
import { BIGINT, varchar } from './result-types';
import type { ExprScope, Typed } from './scope';
import { escapeRegex } from '../system/like';
import { textToNumber } from './text-cast';
import { asciiLower, asciiUpper } from './text-sql';

/**
 * TDengine's string functions over UTF-8 text as DuckDB holds it: VARCHAR/BINARY measured in bytes, NCHAR in characters
 * (TDengine stores NCHAR as UCS-4, 4 bytes a character). Result types and lengths follow TDengine's function checker
 * (builtins.c translate*), which sizes results in `bytes`: a VARCHAR's length + 2, an NCHAR's 4 × length + 2.
 */

type Impl = (scope: ExprScope, args: Expression[], call: FunctionCall) => Typed;

const VARSTR_HEADER = 2;
const NCHAR_SIZE = 4;
/** TSDB_MAX_BINARY_LEN: the bytes TDengine gives a result whose size it cannot bound (REPEAT by a column). */
const MAX_BINARY_BYTES = 65519;

type TextTypeName = 'VARCHAR' | 'NCHAR' | 'VARBINARY';

/** TDengine's `bytes` of a text type. */
function bytesOf(t: TypeSpec): number {
  const n = t.length ?? 0;
  return t.name === 'NCHAR' ? n * NCHAR_SIZE + VARSTR_HEADER : n + VARSTR_HEADER;
}

/** The type REST reports for a result of `bytes`; TDengine's length field is unsigned, so a negative one wraps. */
function sized(name: TextTypeName, bytes: number): TypeSpec {
  const length = name === 'NCHAR' ? Math.trunc((bytes - VARSTR_HEADER) / NCHAR_SIZE) : bytes - VARSTR_HEADER;
  return { name, length: length >>> 0 };
}

function textName(t: TypeSpec): TextTypeName {
  return t.name === 'NCHAR' ? 'NCHAR' : t.name === 'VARBINARY' ? 'VARBINARY' : 'VARCHAR';
}

const isNullLiteral = (v: Typed): boolean => v.sql === 'NULL';

interface TextArgOptions {
  /** a NULL literal is refused (LOWER/UPPER/LTRIM/RTRIM: TDengine's checker wants a string type) */
  noNull?: boolean;
  /** VARBINARY is taken too (LENGTH, TO_BASE64) */
  binary?: boolean;
  /** NCHAR is refused (MD5) */
  noNchar?: boolean;
}

/** A string argument, or TDengine's 0x2802 for any other type. */
function textArg(scope: ExprScope, call: FunctionCall, e: Expression, opts: TextArgOptions = {}): Typed {
  const v = compile(scope, e);
  const ok = isNullLiteral(v)
    ? !opts.noNull
    : (isString(v.type) && !(opts.noNchar && v.type.name === 'NCHAR')) || (opts.binary === true && v.type.name === 'VARBINARY');
  if (!ok) throw FuncError.paramType(call.name);
  return v;
}

function integerArg(scope: ExprScope, call: FunctionCall, e: Expression): Typed {
  const v = compile(scope, e);
  if (!isInteger(v.type) && !isNullLiteral(v)) throw FuncError.paramType(call.name);
  return v;
}


/**
 * LOWER/UPPER/LTRIM/RTRIM keep the argument's type (translateInOutStr); on a constant TDengine folds the call at plan
 * time and reports the folded value's own length (`ltrim('  ä ')` is VARCHAR(3)).
 */
function inOutStr(fn: (sql: string, type: TypeSpec) => string, fold: (value: string) => string): Impl {
  return (scope, args, call) => {
    checkArgumentCount(call, 1);
    const v = textArg(scope, call, args[0], { noNull: true });
    const type = typeof v.constant === 'string' ? varchar(Buffer.byteLength(fold(v.constant))) : v.type;
    return { sql: fn(v.sql, v.type), type };
  };
}

/** The first byte of the UTF-8 text (TDengine reads the first byte of NCHAR's UTF-8 form too); 0 for ''. */
function firstUtf8Byte(sql: string): string {
  const cp = `unicode(${sql})`;
  return (
    `CAST(CASE WHEN ${cp} < 0 THEN 0 WHEN ${cp} < 128 THEN ${cp} WHEN ${cp} < 2048 THEN 192 + (${cp} >> 6) ` +
    `WHEN ${cp} < 65536 THEN 224 + (${cp} >> 12) ELSE 240 + (${cp} >> 18) END AS UTINYINT)`
  );
}


/**
 * CONCAT / CONCAT_WS result type (translateConcatImpl): NCHAR when any argument is NCHAR, a VARCHAR argument then
 * counting 4 bytes a byte; bytes summed over the arguments (header included), CONCAT_WS adding the separator once
 * more per value beyond the second; a NULL literal argument makes it VARCHAR of 0 bytes.
 */
function concatType(vs: Typed[], withSeparator: boolean): TypeSpec {
  if (vs.some(isNullLiteral)) return sized('VARCHAR', 0);
  const name = vs.some((v) => v.type.name === 'NCHAR') ? 'NCHAR' : 'VARCHAR';
  const bytes = vs.map((v) => bytesOf(v.type) * (name === 'NCHAR' && v.type.name !== 'NCHAR' ? NCHAR_SIZE : 1));
  const sum = bytes.reduce((a, b) => a + b, 0);
  return sized(name, withSeparator ? sum + bytes[0] * (vs.length - 3) : sum);
}

/**
 * SUBSTR's start (1-based; negative counts from the end) and length as DuckDB substring arguments. A negative start
 * before the first character starts at the first one, the length still counted from there (substrFunction clamps the
 * start to 0: substr('ab', -3, 2) is 'ab', substr('😀', -2, 1) '😀').
 */
function substrSql(s: string, pos: string, len: string | undefined): string {
  // TDengine answers '' for position 0 and for a negative length; DuckDB would read position 0 as 1.
  const start = `CASE WHEN ${pos} < 0 THEN greatest(length(${s}) + ${pos} + 1, 1) ELSE ${pos} END`;
  const count = len === undefined ? `CASE WHEN ${pos} = 0 THEN 0 ELSE length(${s}) END` : `CASE WHEN ${pos} = 0 OR ${len} < 0 THEN 0 ELSE ${len} END`;
  return `substring(${s}, ${start}, ${count})`;
}

/** The white space TDengine's trims remove from VARCHAR: the C library's isspace, byte by byte (ASCII only). */
const C_SPACE = `(' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13))`;

/**
 * Leading/trailing white space removed as TDengine's tltrimspace/trtrimspace do: VARCHAR by isspace (ASCII white
 * space: `ltrim('\u3000北京')` keeps the ideographic space U+3000), NCHAR by iswspace (Unicode white space, as
 * DuckDB's trims).
 */
function spaceTrimSql(s: string, side: 'both' | 'leading' | 'trailing', type: TypeSpec): string {
  const fn = side === 'leading' ? 'ltrim' : side === 'trailing' ? 'rtrim' : 'trim';
  return type.name === 'NCHAR' ? `${fn}(${s})` : `${fn}(${s}, ${C_SPACE})`;
}

/** TRIM(x) or TRIM([BOTH|LEADING|TRAILING] [remstr] FROM x): remstr removed as a whole, repeatedly, at either end. */
function trimSql(s: string, type: TypeSpec, side: 'both' | 'leading' | 'trailing', remove: Typed | undefined): string {
  if (!remove) return spaceTrimSql(s, side, type);
  if (typeof remove.constant !== 'string') {
    // a remstr known only per row: DuckDB's character-set trim (exact for one-character remstr)
    return side === 'leading' ? `ltrim(${s}, ${remove.sql})` : side === 'trailing' ? `rtrim(${s}, ${remove.sql})` : `trim(${s}, ${remove.sql})`;
  }
  if (remove.constant === '') return s;
  const unit = `(?:${escapeRegex(remove.constant)})+`;
  const pattern = side === 'leading' ? `^${unit}` : side === 'trailing' ? `${unit}$` : `^${unit}|${unit}$`;
  return `regexp_replace(${s}, ${quoteString(`(?s)${pattern}`)}, '', 'g')`;
}

/** The bytes of one CHAR argument as hex: its significant bytes, high byte first ('' for NULL). */
function charHex(n: string): string {
  const hex = `printf('%x', (${n}) & 4294967295)`;
  return `CASE WHEN ${n} IS NULL THEN '' ELSE (CASE WHEN length(${hex}) % 2 = 1 THEN '0' ELSE '' END || ${hex}) END`;
}

/** Hex bytes shown as UTF-8 one by one: ASCII as itself, any other byte as U+FFFD. */
function hexBytesShown(hex: string): string {
  return `array_to_string(list_transform(range(1, length(${hex}), 2), i -> CASE WHEN ('0x' || substring(${hex}, i, 2))::INTEGER < 128 THEN chr(('0x' || substring(${hex}, i, 2))::INTEGER) ELSE '\uFFFD' END), '')`;
}

/**
 * CHAR(n, …): the bytes of all its integers in a row (each high byte first), read as UTF-8 as a client reads them, so
 * char(195, 169) is 'é'. Bytes that are no UTF-8 text show per argument: a valid argument as its text, other bytes
 * as U+FFFD.
 */
function charSql(ns: string[]): string {
  const hexes = ns.map((n) => charHex(n));
  const perArgument = hexes.map((h) => `coalesce(try(decode(unhex(${h}))), ${hexBytesShown(h)})`).join(' || ');
  return `coalesce(try(decode(unhex(${hexes.join(' || ')}))), ${perArgument})`;
}

/** NCHAR as TDengine's stored bytes: UCS-4 little-endian, 4 bytes a character. */
export function ucs4Bytes(s: string): string {
  const cp = 'unicode(c)';
  const perChar = `printf('%02x%02x%02x%02x', ${cp} & 255, (${cp} >> 8) & 255, (${cp} >> 16) & 255, ${cp} >> 24)`;
  return `unhex(CASE WHEN ${s} = '' THEN '' ELSE array_to_string(list_transform(string_split(${s}, ''), c -> ${perChar}), '') END)`;
}

export const STRING_FUNCTIONS: Record<string, Impl> = {
  length: (scope, args, call) => {
    checkArgumentCount(call, 1);
    const v = textArg(scope, call, args[0], { binary: true });
    const sql = v.type.name === 'NCHAR' ? `${NCHAR_SIZE} * length(${v.sql})` : v.type.name === 'VARBINARY' ? `octet_length(${v.sql})` : `strlen(${v.sql})`;
    return { sql: `CAST(${sql} AS BIGINT)`, type: BIGINT };
  },
  char_length: (scope, args, call) => {
    checkArgumentCount(call, 1);
    return { sql: `CAST(length(${textArg(scope, call, args[0]).sql}) AS BIGINT)`, type: BIGINT };
  },
  lower: inOutStr(asciiLower, (s) => s),
  upper: inOutStr(asciiUpper, (s) => s),
  ltrim: inOutStr((s, t) => spaceTrimSql(s, 'leading', t), (s) => s.replace(/^[ \t\n\v\f\r]+/, '')),
  rtrim: inOutStr((s, t) => spaceTrimSql(s, 'trailing', t), (s) => s.replace(/[ \t\n\v\f\r]+$/, '')),
  trim: (scope, args, call) => {
    checkArgumentCount(call, 1, 2);
    const [remove, s] = args.length === 2 ? [textArg(scope, call, args[0]), textArg(scope, call, args[1])] : [undefined, textArg(scope, call, args[0])];
    // translateTrim sizes the result from the trimmed argument's bytes, × 4 again for NCHAR
    const bytes = bytesOf(s.type) * (s.type.name === 'NCHAR' ? NCHAR_SIZE : 1);
    return { sql: trimSql(s.sql, s.type, call.trim ?? 'both', remove), type: sized(textName(s.type), bytes) };
  },
  ascii: (scope, args, call) => {
    checkArgumentCount(call, 1);
    return { sql: firstUtf8Byte(textArg(scope, call, args[0]).sql), type: { name: 'TINYINT UNSIGNED' } };
  },
  concat: (scope, args, call) => {
    checkArgumentCount(call, 2, 8);
    const vs = args.map((a) => textArg(scope, call, a));
    // `||` is NULL when any argument is, as TDengine's CONCAT
    return { sql: `(${vs.map((v) => v.sql).join(' || ')})`, type: concatType(vs, false) };
  },
  concat_ws: (scope, args, call) => {
    checkArgumentCount(call, 3, 9);
    // the separator is a value node in TDengine's parameter check: a literal (or NULL), never an expression or column
    if (args[0].type !== 'string' && args[0].type !== 'null') throw FuncError.paramType(call.name);
    const vs = args.map((a) => textArg(scope, call, a));
    const [sep, ...values] = vs;
    // NULL when the separator or any value is NULL (DuckDB's concat_ws would skip NULL values)
    return { sql: `(${values.map((v) => v.sql).join(` || ${sep.sql} || `)})`, type: concatType(vs, true) };
  },
  substr: (scope, args, call) => {
    checkArgumentCount(call, 2, 3);
    const s = textArg(scope, call, args[0]);
    const pos = integerArg(scope, call, args[1]).sql;
    const len = args[2] ? integerArg(scope, call, args[2]).sql : undefined;
    return { sql: substrSql(s.sql, pos, len), type: s.type };
  },
  substring: (scope, args, call) => STRING_FUNCTIONS.substr(scope, args, call),
  substring_index: (scope, args, call) => {
    checkArgumentCount(call, 3);
    const [s, delim] = args.slice(0, 2).map((a) => textArg(scope, call, a));
    const count = integerArg(scope, call, args[2]);
    // MySQL's SUBSTRING_INDEX (substrIdxFunction): the text before the count-th delimiter, or after the count-th from
    // the end for a negative count; '' for a count of 0 or an empty delimiter; of the first argument's type
    const parts = `string_split(${s.sql}, ${delim.sql})`;
    const n = `CAST(${count.sql} AS BIGINT)`;
    const sql =
      `(CASE WHEN ${s.sql} IS NULL OR ${delim.sql} IS NULL OR ${count.sql} IS NULL THEN NULL ` +
      `WHEN ${n} = 0 OR ${delim.sql} = '' THEN '' ` +
      `WHEN ${n} > 0 THEN array_to_string(list_slice(${parts}, 1, ${n}), ${delim.sql}) ` +
      `ELSE array_to_string(list_slice(${parts}, greatest(len(${parts}) + ${n} + 1, 1), len(${parts})), ${delim.sql}) END)`;
    return { sql, type: s.type };
  },
  replace: (scope, args, call) => {
    checkArgumentCount(call, 3);
    const [s, from, to] = args.map((a) => textArg(scope, call, a));
    const org = bytesOf(s.type);
    const fromBytes = bytesOf(from.type) / (s.type.name === 'VARBINARY' && from.type.name !== 'VARBINARY' ? NCHAR_SIZE : 1);
    const toBytes = bytesOf(to.type) * (s.type.name === 'NCHAR' && to.type.name !== 'NCHAR' ? NCHAR_SIZE : 1);
    // translateReplace's estimate, in its integer arithmetic
    const bytes = Math.max(org, org + Math.trunc(org / Math.trunc(fromBytes)) * (toBytes - Math.trunc(fromBytes)));
    return { sql: `replace(${s.sql}, ${from.sql}, ${to.sql})`, type: sized(textName(s.type), bytes) };
  },
  repeat: (scope, args, call) => {
    checkArgumentCount(call, 2);
    const s = textArg(scope, call, args[0]);
    const count = integerArg(scope, call, args[1]);
    // translateRepeat: a NULL text is VARCHAR(0), a NULL count one copy's bytes, a column count the largest value
    const bytes = isNullLiteral(s)
      ? VARSTR_HEADER
      : isNullLiteral(count)
        ? bytesOf(s.type)
        : typeof count.constant === 'bigint'
          ? bytesOf(s.type) * Math.max(Number(count.constant), 1)
          : MAX_BINARY_BYTES;
    // at most TDengine's largest value (65517 bytes): a count of 10^9 would otherwise make DuckDB build gigabytes
    // (CASE, not least(): least() skips a NULL count, which must give NULL)
    const limit = `${MAX_BINARY_BYTES - VARSTR_HEADER} // greatest(strlen(${s.sql}), 1)`;
    const capped = `CASE WHEN ${count.sql} > ${limit} THEN ${limit} ELSE ${count.sql} END`;
    return { sql: `repeat(${s.sql}, ${capped})`, type: sized(textName(s.type), bytes) };
  },
  position: (scope, args, call) => {
    checkArgumentCount(call, 2);
    const [needle, haystack] = args.map((a) => textArg(scope, call, a));
    return { sql: `CAST(strpos(${haystack.sql}, ${needle.sql}) AS BIGINT)`, type: BIGINT };
  },
  char: (scope, args, call) => {
    if (args.length === 0) checkArgumentCount(call, 1);
    const ns = args.map((a) => {
      const v = compile(scope, a);
      // text is read as the integer it starts with (char(' 2024-02-29 ') is char(2024), 'Abc' is char(0): 32#156)
      const text = isNullLiteral(v) ? undefined : textToNumber(v, BIGINT);
      if (text !== undefined) return `(${text})`;
      if (!isNumeric(v.type) && !isNullLiteral(v)) throw FuncError.paramType(call.name);
      return `TRY_CAST(${v.sql} AS BIGINT)`;
    });
    return { sql: `(${charSql(ns)})`, type: sized('VARCHAR', NCHAR_SIZE * args.length + VARSTR_HEADER) };
  },
  md5: (scope, args, call) => {
    checkArgumentCount(call, 1);
    // VARBINARY is 0x2802 for MD5 and TO_BASE64 (32#121, 32#124), though LENGTH takes it
    const v = textArg(scope, call, args[0], { noNchar: true });
    return { sql: `md5(${v.sql})`, type: varchar(32) };
  },
  to_base64: (scope, args, call) => {
    checkArgumentCount(call, 1);
    const v = textArg(scope, call, args[0]);
    const bytes = v.type.name === 'NCHAR' ? ucs4Bytes(v.sql) : `encode(${v.sql})`;
    return { sql: `to_base64(${bytes})`, type: sized('VARCHAR', Math.ceil(bytesOf(v.type) / 3) * 4) };
  },
};
