import { describe, expect, it } from 'vitest';
import type { SqlColumnMeta } from '@tscloud/contracts';
import { rowJson } from './copyRow';

describe('copy a row as JSON', () => {
  it('writes 64-bit integers as JSON numbers with every digit, timestamps as sent, NULL as null', () => {
    const columns: SqlColumnMeta[] = [['ts', 'TIMESTAMP', 8], ['b', 'BIGINT', 8], ['u', 'BIGINT UNSIGNED', 8], ['f', 'DOUBLE', 8], ['s', 'VARCHAR', 10], ['n', 'INT', 4]];
    const row = ['2023-11-14T22:13:20.123456789Z', 9007199254740993n, 18446744073709551615n, 1.5, 'a "quoted" name', null];
    expect(rowJson(columns, row)).toBe(
      '{"ts":"2023-11-14T22:13:20.123456789Z","b":9007199254740993,"u":18446744073709551615,"f":1.5,"s":"a \\"quoted\\" name","n":null}',
    );
  });

  it('keeps every value of a name used twice, and prototype names as plain keys', () => {
    const columns: SqlColumnMeta[] = [['v', 'INT', 4], ['v', 'INT', 4], ['__proto__', 'INT', 4]];
    expect(rowJson(columns, [1, 2, 3])).toBe('{"v":1,"v (2)":2,"__proto__":3}');
  });
});
