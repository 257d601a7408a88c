import { TdCode, TdError } from '../errors';
import { lowerOutsideQuotes } from './tokenizer/lowercase';

/**
 * TDengine formats parser errors into a 512-byte buffer (vsnprintf), so the message is cut to 511 bytes,
 * which may drop the closing quote of a long near-text. We cut the same way.
 */
const MAX_MESSAGE_BYTES = 511;

function truncateBytes(message: string): string {
  const bytes = Buffer.from(message, 'utf8');
  if (bytes.length <= MAX_MESSAGE_BYTES) return message;
  // drop a partial trailing UTF-8 sequence rather than emit U+FFFD
  let end = MAX_MESSAGE_BYTES;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/** 9728 with a ready message (e.g. `unrecognized token: "..."`). */
export function syntaxMessage(message: string): TdError {
  return syntaxMessageWithCode(TdCode.SYNTAX_ERROR, message);
}

/** A parser error with another code, cut like every parser message. */
export function syntaxMessageWithCode(code: number, message: string): TdError {
  return new TdError(code, truncateBytes(message));
}

/**
 * 9728 `syntax error near "<the SQL from the offending token on>"`, lower-cased outside quotes like all
 * SQL TDengine echoes (`offset` must be a token start, outside quotes).
 */
export function syntaxErrorNear(sql: string, offset: number): TdError {
  return syntaxMessage(`syntax error near "${lowerOutsideQuotes(sql.slice(offset))}"`);
}

/** 9729 `Incomplete SQL statement`: the input ended where more was needed. */
export function incompleteSql(): TdError {
  return new TdError(TdCode.INCOMPLETE_SQL, 'Incomplete SQL statement');
}

/** TDengine copies at most 63 bytes of the remaining SQL into insert-parser messages (char buf[64]). */
const INSERT_NEAR_BYTES = 63;

function leadingBytes(text: string, max: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  let end = max;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * Errors of TDengine's INSERT ... VALUES parser (parInsertSql.c buildSyntaxErrMsg): code 0x0216 (534) and
 * `syntax error near '<up to 63 bytes of SQL from offset>' (<info>)`; without a position
 * `syntax error near '<info>'`. Also what value conversion errors look like (`invalid int data`,
 * `tinyint data overflow`, `invalid timestamp` ...), so the insert binder builds them with this too.
 */
export function insertSyntaxError(sql: string, offset: number | null, info: string): TdError {
  if (offset === null) return new TdError(TdCode.SYNTAX_ERROR_OLD, `syntax error near '${info}'`);
  const near = leadingBytes(lowerOutsideQuotes(sql.slice(offset, offset + INSERT_NEAR_BYTES)), INSERT_NEAR_BYTES);
  return new TdError(TdCode.SYNTAX_ERROR_OLD, `syntax error near '${near}' (${info})`);
}
