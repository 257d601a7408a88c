/**
 * A JSON reader that keeps 64-bit integers exact: an integer literal beyond Number's safe range becomes a bigint
 * (JSON.parse would round 18446744073709551614 to ...616). Everything else reads as JSON.parse reads it. The writer,
 * `exactJsonText`, is its inverse: compact JSON with bigints written as their digits.
 */

export type ExactJson = null | boolean | number | bigint | string | ExactJson[] | { [key: string]: ExactJson };

export function parseExactJson(text: string): ExactJson {
  const reader = new Reader(text);
  const value = reader.value();
  reader.skipSpace();
  if (reader.pos !== text.length) reader.fail('trailing text');
  return value;
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

class Reader {
  pos = 0;
  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new SyntaxError(`exact JSON: ${what} at offset ${this.pos}`);
  }

  skipSpace(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos])) this.pos++;
  }

  value(): ExactJson {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    return this.number();
  }

  private number(): number | bigint {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (!m) this.fail('unexpected character');
    this.pos += m[0].length;
    const isInteger = m[1] === undefined && m[2] === undefined;
    const n = Number(m[0]);
    return isInteger && !Number.isSafeInteger(n) ? BigInt(m[0]) : n;
  }

  private string(): string {
    STRING.lastIndex = this.pos;
    const m = STRING.exec(this.text);
    if (!m) this.fail('bad string');
    this.pos += m[0].length;
    return JSON.parse(m[0]) as string;
  }

  private array(): ExactJson[] {
    this.pos++;
    const items: ExactJson[] = [];
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return items;
    }
    for (;;) {
      items.push(this.value());
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === ']') return items;
      if (c !== ',') this.fail('expected , or ]');
    }
  }

  private object(): { [key: string]: ExactJson } {
    this.pos++;
    const out: { [key: string]: ExactJson } = {};
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.fail('expected a key');
      const key = this.string();
      this.skipSpace();
      if (this.text[this.pos++] !== ':') this.fail('expected :');
      out[key] = this.value();
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === '}') return out;
      if (c !== ',') this.fail('expected , or }');
    }
  }
}

/** Compact JSON text (no spaces, keys in their order) with bigints as their digits; numbers as JSON.stringify writes them. */
export function exactJsonText(value: ExactJson): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(exactJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    // a key holding undefined is left out, as JSON.stringify leaves it out
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${exactJsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
