import { describe, expect, it } from 'vitest';
import { TdError } from '../../src/errors';
import { KEYWORDS, lowerOutsideQuotes, tokenize } from '../../src/sql';

const kinds = (sql: string) => tokenize(sql).map((t) => [t.kind, t.value]);

describe('tokenizer', () => {
  it('reads words upper-cased, with positions', () => {
    const tokens = tokenize('select  ts FROM d1001');
    expect(tokens.map((t) => [t.kind, t.value, t.start, t.end])).toEqual([
      ['word', 'SELECT', 0, 6],
      ['word', 'TS', 8, 10],
      ['word', 'FROM', 11, 15],
      ['word', 'D1001', 16, 21],
      ['eof', '', 21, 21],
    ]);
  });

  it('reads back-quoted identifiers keeping case, doubled back-quotes', () => {
    expect(kinds('`Meters` `a``b`')).toEqual([
      ['quoted', 'Meters'],
      ['quoted', 'a`b'],
      ['eof', ''],
    ]);
  });

  it('reads strings in both quote styles with escapes', () => {
    expect(kinds(`'it''s' "say ""hi""" 'a\\'b' "c\\"d" 'x\\ny\\tz\\\\' 'a\\%b\\_'`)).toEqual([
      ['string', "it's"],
      ['string', 'say "hi"'],
      ['string', "a'b"],
      ['string', 'c"d'],
      ['string', 'x\ny\tz\\'],
      ['string', 'a\\%b\\_'],
      ['eof', ''],
    ]);
  });

  it('reads numbers: integers, floats, scientific, hex, binary', () => {
    expect(kinds('12 1.5 .5 3. 1e10 2.5E-3 0x1F 0b101')).toEqual([
      ['integer', '12'],
      ['float', '1.5'],
      ['float', '.5'],
      ['float', '3.'],
      ['float', '1e10'],
      ['float', '2.5E-3'],
      ['hex', '31'],
      ['binary', '5'],
      ['eof', ''],
    ]);
  });

  it('reads durations adjacent to numbers, any case', () => {
    expect(kinds('10m 1h 5s 3a 2u 7b 1d 2w 1n 1y 1H')).toEqual([
      ...['10m', '1h', '5s', '3a', '2u', '7b', '1d', '2w', '1n', '1y', '1H'].map((v) => ['duration', v]),
      ['eof', ''],
    ]);
    // a unit followed by more name characters is not a duration
    expect(kinds('10ms')).toEqual([
      ['integer', '10'],
      ['word', 'MS'],
      ['eof', ''],
    ]);
  });

  it('reads operators, normalising != and ==', () => {
    expect(kinds('<= >= <> != == < > = + - * / % & | || << >> ~ -> ( ) , .').map((k) => k[1])).toEqual([
      '<=', '>=', '<>', '<>', '=', '<', '>', '=', '+', '-', '*', '/', '%', '&', '|', '||', '<<', '>>', '~', '->',
      '(', ')', ',', '.', '',
    ]);
  });

  it('skips -- and /* */ comments and hints', () => {
    expect(kinds('select /*+ para_tables_sort() */ 1 -- trailing\n + /* x */ 2')).toEqual([
      ['word', 'SELECT'],
      ['integer', '1'],
      ['punct', '+'],
      ['integer', '2'],
      ['eof', ''],
    ]);
  });

  it('stops at the first semicolon, with an eof token on it', () => {
    const tokens = tokenize('show databases; drop database x');
    expect(tokens.map((t) => t.kind)).toEqual(['word', 'word', 'eof']);
    expect(tokens[2]).toMatchObject({ value: ';', start: 14 });
  });

  it('rejects unterminated strings and stray characters with 9728', () => {
    for (const sql of ["select 'abc", 'select `abc', 'select $x', 'select !x']) {
      let error: unknown;
      try {
        tokenize(sql);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(TdError);
      expect((error as TdError).code).toBe(9728);
      expect((error as TdError).message).toMatch(/^unrecognized token: "/);
    }
  });

  it('knows TDengine keywords', () => {
    for (const k of ['SELECT', 'PRECISION', 'BUFFER', 'TAGS', 'VALUE', 'TBNAME', '_WSTART', 'COUNT']) {
      expect(KEYWORDS.has(k)).toBe(true);
    }
    for (const w of ['TS', 'CURRENT', 'VOLTAGE', 'LOCATION', 'NAME', 'AVG']) expect(KEYWORDS.has(w)).toBe(false);
  });
});

describe('lowerOutsideQuotes (TDengine strntolower)', () => {
  it('lower-cases ASCII letters outside quotes only', () => {
    expect(lowerOutsideQuotes("SELECT 'AbC', \"DeF\", `GhI` FROM T")).toBe("select 'AbC', \"DeF\", `GhI` from t");
    expect(lowerOutsideQuotes("SELECT 'It\\'S' FROM T")).toBe("select 'It\\'S' from t");
    expect(lowerOutsideQuotes("SELECT 'A''B' X")).toBe("select 'A''B' x");
    expect(lowerOutsideQuotes('SELECT ÄÖ FROM T')).toBe('select ÄÖ from t');
    expect(lowerOutsideQuotes("SELECT 'unterminated ABC")).toBe("select 'unterminated ABC");
    expect(lowerOutsideQuotes('already lower')).toBe('already lower');
  });
});
