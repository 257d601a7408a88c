/**
 * Character-level helpers of the InfluxDB line protocol as TDengine reads it: a backslash escapes the next
 * character; which characters an escape removes depends on the element (measurement: comma and space; tag keys,
 * tag values and field keys: comma, equals and space; string field values: double quote and backslash).
 */

export const MEASUREMENT_ESCAPES = ', ';
export const KEY_ESCAPES = ',= ';
export const STRING_ESCAPES = '"\\';

const BACKSLASH = 92;
const QUOTE = 34;
export const COMMA = 44;
export const SPACE = 32;
export const EQUALS = 61;

/**
 * Index of the first character `stopA` or `stopB` (char codes) at or after `start` that is not escaped (and, if asked,
 * not inside double quotes); `end` when there is none. Char codes: this loop is the parser's hot path.
 */
export function findUnescaped(text: string, start: number, end: number, stopA: number, stopB: number, quoteAware: boolean): number {
  let quoted = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (quoteAware && c === QUOTE) quoted = !quoted;
    else if (!quoted && (c === stopA || c === stopB)) return i;
  }
  return end;
}

/** Splits `text[start, end)` on unescaped `sep` (a char code; outside quotes when quoteAware). */
export function splitUnescaped(text: string, start: number, end: number, sep: number, quoteAware: boolean): string[] {
  const parts: string[] = [];
  let from = start;
  for (;;) {
    const at = findUnescaped(text, from, end, sep, sep, quoteAware);
    parts.push(text.slice(from, at));
    if (at >= end) return parts;
    from = at + 1;
  }
}

/** Removes the backslash before each character of `escapable`; other backslashes stay as written. */
export function unescape(raw: string, escapable: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\' && i + 1 < raw.length && escapable.includes(raw[i + 1])) {
      out += raw[i + 1];
      i++;
    } else out += c;
  }
  return out;
}
