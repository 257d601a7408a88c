import type { Duration, DurationUnit, Identifier, QualifiedName } from '../ast';
import type { Token } from '../tokenizer';
import { TdCode, TdError } from '../../errors';
import { syntaxMessageWithCode } from '../syntax-error';
import { lowerOutsideQuotes } from '../tokenizer';
import type { Cursor } from './cursor';

/** Unquoted names are case-insensitive: lower-case them; back-quoted names keep their case. */
export function identifierOf(t: Token, c: Cursor): Identifier {
  const id: Identifier = t.kind === 'quoted' ? { name: t.value, quoted: true } : { name: lowerAscii(t.value), quoted: false };
  if (c.spans) id.span = { start: t.start, end: t.end };
  return id;
}

/** A–Z → a–z only, as TDengine's strntolower. */
function lowerAscii(word: string): string {
  return /[^a-zA-Z0-9_]/.test(word) ? word.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : word.toLowerCase();
}

/**
 * What a name names, for TDengine's parse-time length checks (parAstCreater.c checkDbName/checkTableName/
 * checkColumnName/checkUserName): databases and columns/tags < 65 bytes, tables, topics, streams, views and
 * consumer groups < 193 bytes, users < 24 characters as written.
 */
export type NameRole = 'column' | 'db' | 'table' | 'object' | 'user';

const MAX_NAME_BYTES: Record<Exclude<NameRole, 'user'>, number> = { column: 64, db: 64, table: 192, object: 192 };
const USER_NAME_LIMIT = 24;

/**
 * Rejects empty and over-long names like TDengine: 9751 `Invalid identifier name: <SQL from the name on>`
 * (TDengine prints the rest of the statement from inside the back-quote), or for users 9744 `Name or password
 * too long`.
 */
export function checkName(c: Cursor, t: Token, role: NameRole): void {
  // an unquoted word with non-ASCII letters is TDengine's NK_ALIAS token, which its grammar takes only as a column
  // alias or column reference: a database, table or user so written is a syntax error (`select * from db.北京`)
  if (role !== 'column' && t.kind === 'word' && /[^\p{ASCII}]/u.test(t.value)) c.fail(t);
  if (role === 'user') {
    if (t.end - t.start >= USER_NAME_LIMIT) throw new TdError(TdCode.NAME_OR_PASSWD_TOO_LONG, 'Name or password too long');
    return;
  }
  const bytes = Buffer.byteLength(t.kind === 'quoted' ? t.value : c.sql.slice(t.start, t.end));
  if (bytes === 0 || bytes > MAX_NAME_BYTES[role]) {
    const from = t.kind === 'quoted' ? t.start + 1 : t.start;
    throw syntaxMessageWithCode(TdCode.INVALID_IDENTIFIER, `Invalid identifier name: ${lowerOutsideQuotes(c.sql.slice(from))}`);
  }
}

export function parseIdentifier(c: Cursor, role: NameRole = 'column'): Identifier {
  if (!c.isName()) c.fail();
  const t = c.next();
  checkName(c, t, role);
  return identifierOf(t, c);
}

/** `[db.]name` */
export function parseQualifiedName(c: Cursor, role: NameRole = 'table'): QualifiedName {
  if (c.isPunct('.', 1)) {
    const db = parseIdentifier(c, 'db');
    c.next();
    return { db, name: parseIdentifier(c, role) };
  }
  return { name: parseIdentifier(c, role) };
}

/** `( name, name ... )` */
export function parseIdentifierList(c: Cursor): Identifier[] {
  c.expectPunct('(');
  const list = [parseIdentifier(c)];
  while (c.acceptPunct(',')) list.push(parseIdentifier(c));
  c.expectPunct(')');
  return list;
}

export function parseStringLiteral(c: Cursor): string {
  const t = c.peek();
  if (t.kind !== 'string') c.fail();
  c.next();
  return t.value;
}

/** An unsigned integer literal as a JS number. */
export function parseInteger(c: Cursor): number {
  const t = c.peek();
  if (t.kind !== 'integer' && t.kind !== 'hex' && t.kind !== 'binary') c.fail();
  c.next();
  return Number(t.value);
}

/** An integer literal with an optional sign (`-1` for WAL_RETENTION_PERIOD, TABLE_PREFIX ...). */
export function parseSignedInteger(c: Cursor): number {
  if (c.isPunct('-') || c.isPunct('+')) {
    const negative = c.next().value === '-';
    const v = parseInteger(c);
    return negative ? -v : v;
  }
  return parseInteger(c);
}

const DURATION_RE = /^(\d+)([buasmhdwny])$/i;

/** Splits `10m` into {10, 'm'}; null when the text is not a duration. */
export function durationFromText(text: string): Duration | null {
  const m = DURATION_RE.exec(text.trim());
  if (!m) return null;
  return { value: Number(m[1]), unit: m[2].toLowerCase() as DurationUnit, text: text.trim() };
}

/**
 * A duration: `10m`, a bare integer (unit null), or, where `allowString`, a quoted one (`'1s'`)
 * as INTERVAL/SLIDING accept.
 */
export function parseDuration(c: Cursor, allowString = false): Duration {
  const t = c.peek();
  if (t.kind === 'duration') {
    c.next();
    const d = durationFromText(t.value);
    if (d) return d;
  } else if (t.kind === 'integer') {
    c.next();
    return { value: Number(t.value), unit: null, text: t.value };
  } else if (allowString && t.kind === 'string') {
    const d = durationFromText(t.value);
    if (d) {
      c.next();
      return d;
    }
  }
  return c.fail(t);
}

/** `IF NOT EXISTS` */
export function parseIfNotExists(c: Cursor): boolean {
  return c.acceptWords('IF', 'NOT', 'EXISTS');
}

/** `IF EXISTS` */
export function parseIfExists(c: Cursor): boolean {
  return c.acceptWords('IF', 'EXISTS');
}

/** An alias after an expression: `AS name`, or a bare name (non-reserved word or back-quoted). */
export function parseAlias(c: Cursor): Identifier | undefined {
  if (c.acceptWord('AS')) {
    if (!c.isName()) c.fail();
    return identifierOf(c.next(), c);
  }
  if (c.isName()) return identifierOf(c.next(), c);
  return undefined;
}

/**
 * A 3.3.7 stream's placeholder at the cursor, written without spaces: `%%trows`, `%%tbname` (`where` 'table'),
 * `%%tbname`, `%%1` … (`where` 'expression'), as a name (`%%trows`, lower-cased). Undefined, nothing consumed, when
 * there is none or the cursor does not read them (outside a stream).
 */
export function parseStreamPlaceholder(c: Cursor, where: 'table' | 'expression'): Identifier | undefined {
  if (!c.streamPlaceholders || !c.isPunct('%') || !c.isPunct('%', 1)) return undefined;
  const [first, second, third] = [c.peek(), c.peek(1), c.peek(2)];
  if (second.start !== first.end || third.start !== second.end) return undefined;
  const word = third.kind === 'word' ? third.value : undefined;
  const ok =
    where === 'table' ? word === 'TROWS' || word === 'TBNAME' : word === 'TBNAME' || (third.kind === 'integer' && /^[1-9]\d*$/.test(third.value));
  if (!ok) return undefined;
  c.pos += 3;
  const id: Identifier = { name: `%%${third.value.toLowerCase()}`, quoted: false };
  if (c.spans) id.span = { start: first.start, end: third.end };
  return id;
}
