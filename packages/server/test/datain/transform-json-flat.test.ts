import { describe, expect, it } from 'vitest';
import { flatByteScanner, flatScanner, flatValue, FlatValues } from '../../src/region/replication/transform/json-flat';

/**
 * The flat JSON scanner (transform/json-flat.ts) against JSON.parse: where it reads a text, every named key's value is
 * JSON.parse's (Object.is: -0 and NaN-free numbers alike); where JSON.parse refuses a text, the scanner does too (the
 * caller then lets JSON.parse word the error).
 */
const NAMES = ['at', 'device', 'current', 'flag', 'missing', '__proto__'];

function check(text: string): boolean {
  const values: unknown[] = [];
  const read = flatScanner(NAMES)(text, values);
  let parsed: Record<string, unknown> | undefined;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    expect(read, text).toBe(false);
    return false;
  }
  if (read) {
    expect(parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed), text).toBe(true);
    NAMES.forEach((name, k) => expect(Object.is(values[k], Object.hasOwn(parsed!, name) ? parsed![name] : undefined), `${text} ${name}: ${String(values[k])}`).toBe(true));
  }
  return read;
}

/** A reproducible sequence in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('the flat JSON scanner', () => {
  it('reads flat objects as JSON.parse does', () => {
    const read = [
      '{"at":1767225600000,"device":"d1","current":1.5}',
      ' { "at" : -0 , "device" : "" ,\n\t"current":0.1 } \r\n',
      '{}',
      '{"current":123456789012345,"flag":true,"device":null}',
      '{"current":0.00000000000001,"flag":false}',
      '{"current":-12.5,"other":"x","device":"é☃\u{1F600}"}',
      '{"device":"first","device":"last"}',
      '{"__proto__":1,"at":2}',
      '{"current":1.10}',
    ];
    for (const text of read) expect(check(text), text).toBe(true);
  });

  it('leaves to JSON.parse what it does not read exactly, and refuses what JSON.parse refuses', () => {
    const notRead = [
      '{"current":1e3}',
      '{"current":1.5E-7}',
      '{"current":1234567890123456}',
      '{"current":0.1234567890123456}',
      '{"device":"a\\"b"}',
      '{"dev\\u0069ce":"x"}',
      '{"device":{"id":1}}',
      '{"device":[1]}',
      '[1]',
      '1',
      '"text"',
      'null',
      '',
      '{',
      '{"at":1,}',
      '{"at" 1}',
      '{"at":01}',
      '{"at":-}',
      '{"at":1.}',
      '{"at":.5}',
      '{"at":+1}',
      '{"at":1}x',
      '{"at":tru}',
      '{"at":"unterminated}',
      '{"at":"tab\there"}',
      "{'at':1}",
      '{"at":1 "device":2}',
    ];
    for (const text of notRead) expect(check(text), text).toBe(false);
  });

  it('agrees with JSON.parse on 20,000 generated numbers, texts and cuts', () => {
    const next = random(15);
    const numberText = () => {
      const kind = Math.floor(next() * 5);
      if (kind === 0) return String((next() - 0.5) * 10 ** Math.floor(next() * 30 - 10));
      if (kind === 1) return String(Math.floor(next() * 2 ** 53) * (next() < 0.5 ? -1 : 1));
      const digits = Array.from({ length: 1 + Math.floor(next() * 16) }, () => Math.floor(next() * 10)).join('');
      const cut = Math.floor(next() * digits.length);
      const text = cut === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
      return (next() < 0.3 ? '-' : '') + text;
    };
    let read = 0;
    for (let i = 0; i < 20_000; i++) {
      const text = `{"at":${numberText()},"device":"d${i}","current":${numberText()}}`;
      if (check(text)) read++;
      // Every cut of a few of them is valid JSON only whole.
      if (i % 2_000 === 0) for (let at = 1; at < text.length; at++) check(text.slice(0, at));
    }
    expect(read).toBeGreaterThan(5_000);
  });

  it('reads a payload where it lies in a larger read, never past its end', () => {
    const names = ['at', 'dévice', 'v'];
    const scan = flatByteScanner(names);
    const out = new FlatValues(names.length);
    const payloads = ['{"at":1,"dévice":"☃ é","v":-2.5}', '{"v":12}', '{"v":"1"}', '{"at":true,"v":null}', '{"v":1', '{"v":"x', '{"v":1}}', '{"v":tr'];
    for (const payload of payloads) {
      // The bytes after the payload would complete a cut one ("}", "ue}") or spoil a whole one.
      const read = Buffer.concat([Buffer.from('{"v":9}'), Buffer.from(payload), Buffer.from('ue}"}')]);
      const start = 7;
      const end = start + Buffer.byteLength(payload);
      let parsed: Record<string, unknown> | undefined;
      try {
        parsed = JSON.parse(payload) as Record<string, unknown>;
      } catch {
        parsed = undefined;
      }
      const scanned = scan(read, start, end, out);
      expect(scanned, payload).toBe(parsed !== undefined);
      if (scanned) names.forEach((name, k) => expect(flatValue(out, k, read), `${payload} ${name}`).toEqual(parsed![name]));
    }
  });

  it('leaves a text with a lone surrogate to JSON.parse (its bytes would not say it)', () => {
    expect(flatScanner(['v'])(`{"v":"${String.fromCharCode(0xd800)}"}`, [])).toBe(false);
  });
});
