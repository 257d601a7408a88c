/**
 * A JSON object of scalar values (`{"at":1767225600000,"device":"d1","current":1.5}`), the common MQTT payload, read
 * for the few keys a mapping names without building it (docs/benchmarks.md "Data in", sixth pass: JSON.parse made an
 * object, its keys and numbers a message, and was the largest part of the transform). Anything else — nested values,
 * escapes, long or exponent numbers the scanner would not read exactly, text that is not JSON — answers false, and
 * the caller reads the text with JSON.parse as before (which also words the error). What it does read is exactly what
 * JSON.parse gives: numbers of at most 15 digits are an exact integer divided by an exact power of ten (one correctly
 * rounded operation, as JSON.parse rounds), strings without escapes are the text between their quotes.
 */

const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Reads `text` as a flat JSON object: `into[k]` is the value of `names[k]` (undefined when absent); false when it cannot. */
export type FlatScan = (text: string, into: unknown[]) => boolean;

/** Where the string whose opening quote is at `at` ends (its closing quote), or -1: an escape, a control character, no end. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    if (c === BACKSLASH || c < 0x20) return -1;
  }
  return -1;
}

function skipSpace(text: string, at: number): number {
  for (;;) {
    const c = text.charCodeAt(at);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return at;
    at++;
  }
}

/** The scanner's position and last value (one scan at a time; locals of `scan` otherwise). */
let end = 0;
let scalar: unknown;

/** A number at `at` into `scalar`, its end into `end`; false when not one the scanner reads exactly. */
function number(text: string, at: number): boolean {
  const negative = text.charCodeAt(at) === 0x2d;
  let i = negative ? at + 1 : at;
  let mantissa = 0;
  let digits = 0;
  let c = text.charCodeAt(i);
  if (c === 0x30) {
    i++;
    digits = 1;
  } else {
    while (c >= 0x30 && c <= 0x39) {
      mantissa = mantissa * 10 + c - 0x30;
      digits++;
      c = text.charCodeAt(++i);
    }
    if (digits === 0) return false;
  }
  let fraction = 0;
  if (text.charCodeAt(i) === 0x2e) {
    c = text.charCodeAt(++i);
    while (c >= 0x30 && c <= 0x39) {
      mantissa = mantissa * 10 + c - 0x30;
      fraction++;
      c = text.charCodeAt(++i);
    }
    if (fraction === 0) return false;
  }
  c = text.charCodeAt(i);
  // An exponent or more than 15 digits: the integer arithmetic would not be exact.
  if (c === 0x65 || c === 0x45 || digits + fraction > 15) return false;
  const magnitude = fraction === 0 ? mantissa : mantissa / POWERS_OF_TEN[fraction];
  scalar = negative ? -magnitude : magnitude;
  end = i;
  return true;
}

/** A scalar at `at` into `scalar`, its end into `end`; false when the scanner does not read it. */
function value(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c === QUOTE) {
    const close = stringEnd(text, at);
    if (close < 0) return false;
    scalar = text.slice(at + 1, close);
    end = close + 1;
    return true;
  }
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return number(text, at);
  if (text.startsWith('true', at)) scalar = true;
  else if (text.startsWith('false', at)) scalar = false;
  else if (text.startsWith('null', at)) scalar = null;
  else return false;
  end = at + (scalar === false ? 5 : 4);
  return true;
}

export function flatScanner(names: readonly string[]): FlatScan {
  return (text, into) => {
    for (let k = 0; k < names.length; k++) into[k] = undefined;
    let at = skipSpace(text, 0);
    if (text.charCodeAt(at) !== 0x7b) return false;
    at = skipSpace(text, at + 1);
    if (text.charCodeAt(at) === 0x7d) return skipSpace(text, at + 1) === text.length;
    for (;;) {
      if (text.charCodeAt(at) !== QUOTE) return false;
      const keyEnd = stringEnd(text, at);
      if (keyEnd < 0) return false;
      const keyLength = keyEnd - at - 1;
      let slot = -1;
      for (let k = 0; k < names.length; k++) {
        if (names[k].length === keyLength && text.startsWith(names[k], at + 1)) {
          slot = k;
          break;
        }
      }
      at = skipSpace(text, keyEnd + 1);
      if (text.charCodeAt(at) !== 0x3a) return false;
      if (!value(text, skipSpace(text, at + 1))) return false;
      // A repeated key: the last one wins, as in JSON.parse.
      if (slot >= 0) into[slot] = scalar;
      scalar = undefined;
      at = skipSpace(text, end);
      const c = text.charCodeAt(at);
      if (c === 0x2c) {
        at = skipSpace(text, at + 1);
        continue;
      }
      if (c !== 0x7d) return false;
      return skipSpace(text, at + 1) === text.length;
    }
  };
}
