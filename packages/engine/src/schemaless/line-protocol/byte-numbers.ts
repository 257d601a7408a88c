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

/**
 * A plain decimal b[s, e) (`[-+]?digits[.digits]`, at most 15 digits, no exponent): the digits as an integer below
 * 2^53 divided by an exact power of ten is the correctly rounded value, i.e. exactly what Number() gives (Clinger's
 * fast path). NaN for anything else (the caller then reads the text the generic way).
 */
export function simpleDouble(b: Uint8Array, s: number, e: number): number {
  let i = s;
  const sign = b[i];
  if (sign === MINUS || sign === PLUS) i++;
  let m = 0;
  let digits = 0;
  let frac = -1;
  for (; i < e; i++) {
    const c = b[i];
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
    } else if (c === DOT && frac < 0) frac = digits;
    else return NaN;
  }
  if (digits === 0 || digits > 15) return NaN;
  const v = frac < 0 || frac === digits ? m : m / POW10[digits - frac];
  return sign === MINUS ? -v : v;
}

/** b[s, e), checked to be `[-+]?digits` of at most 15 digits, as a number. */
export function signedDigits(b: Uint8Array, s: number, e: number): number {
  const c = b[s];
  let n = 0;
  for (let i = c === MINUS || c === PLUS ? s + 1 : s; i < e; i++) n = n * 10 + (b[i] - 48);
  return c === MINUS ? -n : n;
}

/** Whether b[.., e) ends with `<letter>32` (the f32 and i32 suffixes). */
export const endsWith32 = (b: Uint8Array, e: number, letter: number): boolean => b[e - 1] === 50 && b[e - 2] === 51 && b[e - 3] === letter;
