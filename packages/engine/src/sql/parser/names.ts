import type { Duration, DurationUnit, Identifier, QualifiedName } from '../ast';
import type { Token } from '../tokenizer';
import type { Cursor } from './cursor';

/** Unquoted names are case-insensitive: lower-case them; back-quoted names keep their case. */
export function identifierOf(t: Token): Identifier {
  return t.kind === 'quoted' ? { name: t.value, quoted: true } : { name: lowerAscii(t.value), quoted: false };
}

/** A–Z → a–z only, as TDengine's strntolower. */
function lowerAscii(word: string): string {
  return /[^a-zA-Z0-9_]/.test(word) ? word.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : word.toLowerCase();
}

export function parseIdentifier(c: Cursor): Identifier {
  if (!c.isName()) c.fail();
  return identifierOf(c.next());
}

/** `[db.]name` */
export function parseQualifiedName(c: Cursor): QualifiedName {
  const first = parseIdentifier(c);
  if (c.isPunct('.')) {
    c.next();
    return { db: first, name: parseIdentifier(c) };
  }
  return { name: first };
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
