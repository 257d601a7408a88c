import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

const f = useQueryFixture(async () => {
  await f.run('CREATE TABLE test.paths (ts TIMESTAMP, v VARCHAR(32), n NCHAR(32))');
  // 'a\\b' is the three characters a, \, b; 'C:\\dir\\é' has a two-byte character after the backslashes
  await f.run("INSERT INTO test.paths VALUES (1500000000000, 'a\\\\b', 'a\\\\b') (1500000001000, 'C:\\\\dir\\\\é', 'C:\\\\dir\\\\é')");
});

describe('string functions on text with backslashes', () => {
  it('stores the backslash as one character', async () => {
    expect(await f.rows('select v, n from paths order by ts')).toEqual([
      ['a\\b', 'a\\b'],
      ['C:\\dir\\é', 'C:\\dir\\é'],
    ]);
  });

  it('LENGTH (bytes: UTF-8 in VARCHAR, 4 a character in NCHAR), CHAR_LENGTH and UPPER (ASCII letters only) on VARCHAR and NCHAR columns', async () => {
    expect(await f.rows('select length(v), char_length(v), upper(v), length(n), char_length(n), upper(n) from paths order by ts')).toEqual([
      [3, 3, 'A\\B', 12, 3, 'A\\B'],
      [9, 8, 'C:\\DIR\\é', 32, 8, 'C:\\DIR\\é'],
    ]);
  });

  it('LENGTH of a literal with a backslash', async () => {
    expect(await f.rows("select length('x\\\\y'), char_length('x\\\\y'), lower('X\\\\Y')")).toEqual([[3, 3, 'x\\y']]);
  });
});
