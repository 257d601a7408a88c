/**
 * Numbers of the line protocol read straight from the request's bytes (the fast path, columnar.ts): every function
 * takes a byte range [s, e) of an ASCII number and allocates nothing. Each accepts exactly what the generic literal
 * parser (field-value.ts) accepts for its shape, and gives the same value.
 */

export const MINUS = 45;
export const PLUS = 43;
export const DOT = 46;
const LOWER_E = 101;
const UPPER_E = 69;

export const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Whether b[s, e) is `[-+]?\d+` (digits only after the sign). */
export function isInteger(b: Uint8Array, s: number, e: number): boolean {
  let i = s;
  const c = b[i];
  if (c === MINUS || c === PLUS) i++;
  if (i >= e) return false;
  for (; i < e; i++) if (!isDigit(b[i])) return false;
  return true;
}

/** Whether b[s, e) is a float literal of field-value.ts's NUMBER without suffix: `[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`. */
export function isFloat(b: Uint8Array, s: number, e: number): boolean {
  let i = s;
  let c = b[i];
  if (c === MINUS || c === PLUS) i++;
  const intStart = i;
  while (i < e && isDigit(b[i])) i++;
  let digits = i - intStart;
  if (i < e && b[i] === DOT) {
    const fracStart = ++i;
    while (i < e && isDigit(b[i])) i++;
    digits += i - fracStart;
  }
  if (digits === 0) return false;
  if (i < e) {
    c = b[i];
    if (c !== LOWER_E && c !== UPPER_E) return false;
    i++;
    c = b[i];
    if (c === MINUS || c === PLUS) i++;
    if (i >= e) return false;
    for (; i < e; i++) if (!isDigit(b[i])) return false;
  }
  return true;
}

/** Exact powers of ten as doubles (10^0 … 10^15). */
export const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);
