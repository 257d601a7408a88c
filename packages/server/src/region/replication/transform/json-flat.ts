/**
 * A JSON object of scalar values (`{"at":1767225600000,"device":"d1","current":1.5}`), the common MQTT payload, read
 * for the few keys a mapping names without building it (docs/benchmarks.md "Data in", sixth and eighth passes:
 * JSON.parse made an object, its keys and numbers a message, and was the largest part of the transform). The scanner
 * reads UTF-8 bytes where they lie (a socket read holds many payloads); a text is read through its bytes. Anything
 * else — nested values, escapes, long or exponent numbers the scanner would not read exactly, bytes that are not JSON
 * — answers false, and the caller reads the text with JSON.parse as before (which also words the error). What it
 * does read is exactly what JSON.parse gives: numbers of at most 15 digits are an exact integer divided by an exact
 * power of ten (one correctly rounded operation, as JSON.parse rounds), strings without escapes are the UTF-8 text
 * between their quotes (a quote byte never lies inside a multi-byte character, so the cut decodes as the whole does).
 */

const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** What a scan found for a named key (FlatValues.kinds). */
export enum FlatKind {
  Absent = 0,
  Number = 1,
  /** UTF-8 bytes [starts[k], ends[k]) of the scanned buffer, between the quotes. */
  Text = 2,
  True = 3,
  False = 4,
  Null = 5,
}

/** A scan's answer, key by key (index k: the k-th name). */
export class FlatValues {
  readonly kinds: Uint8Array;
  readonly numbers: Float64Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;

  constructor(names: number) {
    this.kinds = new Uint8Array(names);
    this.numbers = new Float64Array(names);
    this.starts = new Int32Array(names);
    this.ends = new Int32Array(names);
  }
}

/** Reads bytes [start, end) as a flat JSON object into `out`; false when it cannot. */
export type FlatByteScan = (bytes: Uint8Array, start: number, end: number, out: FlatValues) => boolean;

/** The scanner's cursor over one payload (one scan at a time). */
class Cursor {
  bytes: Uint8Array = new Uint8Array(0);
  /** The payload's end: a byte at or past it reads as -1. */
  limit = 0;
  /** After number(): the number read. After string(): the closing quote. */
  number = 0;

  at(i: number): number {
    return i < this.limit ? this.bytes[i] : -1;
  }

  skipSpace(i: number): number {
    for (;;) {
      const c = this.at(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
      i++;
    }
  }

  /** Where the string whose opening quote is at `i` ends (its closing quote), or -1: an escape, a control character, no end. */
  stringEnd(i: number): number {
    const bytes = this.bytes;
    for (let j = i + 1; j < this.limit; j++) {
      const c = bytes[j];
      if (c === QUOTE) return j;
      if (c === BACKSLASH || c < 0x20) return -1;
    }
    return -1;
  }

  /** A number at `i` into `number`; its end, or -1 when not one the scanner reads exactly. */
  numberEnd(i: number): number {
    const negative = this.at(i) === 0x2d;
    if (negative) i++;
    let mantissa = 0;
    let digits = 0;
    let c = this.at(i);
    if (c === 0x30) {
      i++;
      digits = 1;
    } else {
      while (c >= 0x30 && c <= 0x39) {
        mantissa = mantissa * 10 + c - 0x30;
        digits++;
        c = this.at(++i);
      }
      if (digits === 0) return -1;
    }
    let fraction = 0;
    if (this.at(i) === 0x2e) {
      c = this.at(++i);
      while (c >= 0x30 && c <= 0x39) {
        mantissa = mantissa * 10 + c - 0x30;
        fraction++;
        c = this.at(++i);
      }
      if (fraction === 0) return -1;
    }
    c = this.at(i);
    // An exponent or more than 15 digits: the integer arithmetic would not be exact.
    if (c === 0x65 || c === 0x45 || digits + fraction > 15) return -1;
    const magnitude = fraction === 0 ? mantissa : mantissa / POWERS_OF_TEN[fraction];
    this.number = negative ? -magnitude : magnitude;
    return i;
  }

  /** Whether the ASCII word (true, false, null) is at `i`. */
  word(i: number, word: readonly number[]): boolean {
    for (let j = 0; j < word.length; j++) if (this.at(i + j) !== word[j]) return false;
    return true;
  }

  /** Whether the key at [start, end) is `name` (its UTF-8 bytes). */
  isKey(start: number, end: number, name: Uint8Array): boolean {
    if (end - start !== name.length) return false;
    const bytes = this.bytes;
    for (let j = 0; j < name.length; j++) if (bytes[start + j] !== name[j]) return false;
    return true;
  }
}

const TRUE = [...Buffer.from('true')];
const FALSE = [...Buffer.from('false')];
const NULL = [...Buffer.from('null')];

/** A scanner of flat objects for `names` (the keys a mapping reads). */
export function flatByteScanner(names: readonly string[]): FlatByteScan {
  const keys = names.map((name) => new Uint8Array(Buffer.from(name, 'utf8')));
  const cursor = new Cursor();

  /** The value at `i` into slot k of `out` (k < 0: read and dropped); its end, or -1. */
  const value = (i: number, k: number, out: FlatValues): number => {
    const c = cursor.at(i);
    let kind: FlatKind;
    let end: number;
    if (c === QUOTE) {
      const close = cursor.stringEnd(i);
      if (close < 0) return -1;
      if (k >= 0) {
        out.starts[k] = i + 1;
        out.ends[k] = close;
      }
      kind = FlatKind.Text;
      end = close + 1;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      end = cursor.numberEnd(i);
      if (end < 0) return -1;
      if (k >= 0) out.numbers[k] = cursor.number;
      kind = FlatKind.Number;
    } else if (cursor.word(i, TRUE)) {
      kind = FlatKind.True;
      end = i + 4;
    } else if (cursor.word(i, FALSE)) {
      kind = FlatKind.False;
      end = i + 5;
    } else if (cursor.word(i, NULL)) {
      kind = FlatKind.Null;
      end = i + 4;
    } else return -1;
    // A repeated key: the last one wins, as in JSON.parse.
    if (k >= 0) out.kinds[k] = kind;
    return end;
  };

  return (bytes, start, end, out) => {
    cursor.bytes = bytes;
    cursor.limit = end;
    out.kinds.fill(FlatKind.Absent);
    let i = cursor.skipSpace(start);
    if (cursor.at(i) !== 0x7b) return false;
    i = cursor.skipSpace(i + 1);
    if (cursor.at(i) === 0x7d) return cursor.skipSpace(i + 1) === end;
    for (;;) {
      if (cursor.at(i) !== QUOTE) return false;
      const keyEnd = cursor.stringEnd(i);
      if (keyEnd < 0) return false;
      let slot = -1;
      for (let k = 0; k < keys.length; k++) {
        if (cursor.isKey(i + 1, keyEnd, keys[k])) {
          slot = k;
          break;
        }
      }
      i = cursor.skipSpace(keyEnd + 1);
      if (cursor.at(i) !== 0x3a) return false;
      i = value(cursor.skipSpace(i + 1), slot, out);
      if (i < 0) return false;
      i = cursor.skipSpace(i);
      const c = cursor.at(i);
      if (c === 0x2c) {
        i = cursor.skipSpace(i + 1);
        continue;
      }
      if (c !== 0x7d) return false;
      return cursor.skipSpace(i + 1) === end;
    }
  };
}

/** Value k of a scan of `bytes`, as JSON.parse gives it (undefined when absent). */
export function flatValue(out: FlatValues, k: number, bytes: Buffer): unknown {
  switch (out.kinds[k] as FlatKind) {
    case FlatKind.Number:
      return out.numbers[k];
    case FlatKind.Text:
      return bytes.toString('utf8', out.starts[k], out.ends[k]);
    case FlatKind.True:
      return true;
    case FlatKind.False:
      return false;
    case FlatKind.Null:
      return null;
    default:
      return undefined;
  }
}

/** Reads `text` as a flat JSON object: `into[k]` is the value of `names[k]` (undefined when absent); false when it cannot. */
export type FlatScan = (text: string, into: unknown[]) => boolean;

/**
 * The scanner over a text (the record path: a record's payload field): through its UTF-8 bytes. A text with a lone
 * surrogate (not from UTF-8) is left to JSON.parse, which keeps it where the bytes would not.
 */
export function flatScanner(names: readonly string[]): FlatScan {
  const scan = flatByteScanner(names);
  const out = new FlatValues(names.length);
  return (text, into) => {
    if (!(text as unknown as { isWellFormed(): boolean }).isWellFormed()) return false;
    const bytes = Buffer.from(text, 'utf8');
    if (!scan(bytes, 0, bytes.length, out)) return false;
    for (let k = 0; k < names.length; k++) into[k] = flatValue(out, k, bytes);
    return true;
  };
}
