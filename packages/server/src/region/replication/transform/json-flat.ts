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

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Reads `text` as a flat JSON object: `into[k]` is the value of `names[k]` (undefined when absent); false when it cannot. */
export type FlatScan = (text: string, into: unknown[]) => boolean;

export function flatScanner(names: readonly string[]): FlatScan {
  let at = 0;
  let text = '';

  const skipSpace = () => {
    while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  };
  /** The end of a string starting at `at` (its opening quote), or -1 for an escape, a control character or no end. */
  const stringEnd = (): number => {
    for (let i = at + 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) return i;
      if (c === BACKSLASH || c < 0x20) return -1;
    }
    return -1;
  };
  const digit = (i: number) => {
    const c = text.charCodeAt(i);
    return c >= 0x30 && c <= 0x39;
  };
  /** A scalar at `at`, or undefined (then the scan fails); `at` moves past it. */
  const value = (): unknown => {
    const c = text.charCodeAt(at);
    if (c === QUOTE) {
      const end = stringEnd();
      if (end < 0) return undefined;
      const start = at + 1;
      at = end + 1;
      return text.slice(start, end);
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return number();
    for (const [word, literal] of LITERALS) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return literal;
      }
    }
    return undefined;
  };
  const number = (): number | undefined => {
    const negative = text.charCodeAt(at) === 0x2d;
    let i = negative ? at + 1 : at;
    let mantissa = 0;
    let digits = 0;
    if (text.charCodeAt(i) === 0x30) {
      i++;
      digits = 1;
    } else {
      for (; digit(i); i++, digits++) mantissa = mantissa * 10 + text.charCodeAt(i) - 0x30;
      if (digits === 0) return undefined;
    }
    let fraction = 0;
    if (text.charCodeAt(i) === 0x2e) {
      i++;
      for (; digit(i); i++, fraction++) mantissa = mantissa * 10 + text.charCodeAt(i) - 0x30;
      if (fraction === 0) return undefined;
    }
    const next = text.charCodeAt(i);
    // An exponent or more than 15 digits: the integer arithmetic would not be exact.
    if (next === 0x65 || next === 0x45 || digits + fraction > 15) return undefined;
    at = i;
    const magnitude = fraction === 0 ? mantissa : mantissa / POWERS_OF_TEN[fraction];
    return negative ? -magnitude : magnitude;
  };

  return (input, into) => {
    text = input;
    at = 0;
    for (let k = 0; k < names.length; k++) into[k] = undefined;
    skipSpace();
    if (text.charCodeAt(at) !== 0x7b) return false;
    at++;
    skipSpace();
    if (text.charCodeAt(at) === 0x7d) {
      at++;
      skipSpace();
      return at === text.length;
    }
    for (;;) {
      if (text.charCodeAt(at) !== QUOTE) return false;
      const keyEnd = stringEnd();
      if (keyEnd < 0) return false;
      const keyLength = keyEnd - at - 1;
      let slot = -1;
      for (let k = 0; k < names.length; k++) {
        if (names[k].length === keyLength && text.startsWith(names[k], at + 1)) {
          slot = k;
          break;
        }
      }
      at = keyEnd + 1;
      skipSpace();
      if (text.charCodeAt(at) !== 0x3a) return false;
      at++;
      skipSpace();
      const read = value();
      if (read === undefined) return false;
      // A repeated key: the last one wins, as in JSON.parse.
      if (slot >= 0) into[slot] = read;
      skipSpace();
      const c = text.charCodeAt(at);
      at++;
      if (c === 0x2c) {
        skipSpace();
        continue;
      }
      if (c !== 0x7d) return false;
      skipSpace();
      return at === text.length;
    }
  };
}

const LITERALS: ReadonlyArray<readonly [string, boolean | null]> = [
  ['true', true],
  ['false', false],
  ['null', null],
];
