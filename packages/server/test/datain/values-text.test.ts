import { describe, expect, it } from 'vitest';
import { literal, valuesText } from '../../src/region/replication/runner/values-text';

/**
 * The INSERT's VALUES text written byte by byte (runner/values-text.ts) is exactly the literals joined: numbers
 * written by digits must read as String() writes them, and every other value as `literal` quotes it.
 */
const joined = (rows: Array<{ columns: Record<string, unknown> }>, names: string[]) =>
  rows.map((row) => `(${names.map((name) => literal(row.columns[name])).join(',')})`).join('');

describe('valuesText', () => {
  it('writes each value as its literal: integers, floats, signs, limits, non-finite, bigint, booleans, NULL, texts', () => {
    const values: unknown[] = [
      0, -0, 7, 10, 99, 100, 1_767_225_600_000, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, 2 ** 60, 1e21, -1, -1_767_225_600_000,
      0.1, 1234.5, -2.5e-7, 1e-7, 3.4028234663852886e38, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
      12345678901234567890n, -5n, true, false, null, undefined,
      '', 'plain', "it's", 'back\\slash', 'line\nbreak', 'ünïcødé 温度 🌡', '1767225600000000000', '123',
    ];
    const rows = values.map((v, i) => ({ columns: { ts: 1_767_225_600_000 + i, v } }));
    expect(valuesText(rows, ['ts', 'v'])).toBe(joined(rows, ['ts', 'v']));
  });

  it('a missing column is NULL; columns in the order asked', () => {
    const rows = [{ columns: { a: 1, b: 'x' } }, { columns: { b: 2.5 } }];
    expect(valuesText(rows, ['b', 'a'])).toBe("('x',1)(2.5,NULL)");
  });

  it('grows past its buffer and starts afresh on each call', () => {
    const long = 'é'.repeat(700_000);
    const rows = [{ columns: { t: long } }, { columns: { t: long } }];
    expect(valuesText(rows, ['t'])).toBe(joined(rows, ['t']));
    expect(valuesText([{ columns: { t: 1 } }], ['t'])).toBe('(1)');
  });
});
