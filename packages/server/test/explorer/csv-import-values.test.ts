import { describe, expect, it } from 'vitest';
import { CsvQuoteError, readCsv } from '../../src/region/explorer/csv-read';
import { literalFor, mapColumns, tuplesOf } from '../../src/region/explorer/import-values';
import { csvLine } from '../../src/region/explorer/csv';
import { ApiError } from '../../src/http/api-error';

describe('CSV reading for the import', () => {
  it('reads RFC 4180: quotes, doubled quotes, separators and line breaks inside quotes, CRLF/LF, BOM, blank lines', () => {
    const text = '\ufeffa,b,c\r\n"x, y","say ""hi""","two\nlines"\n\n1,,3\n';
    expect(readCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 5, fields: ['1', '', '3'] },
    ]);
    expect(readCsv('last,line')).toEqual([{ line: 1, fields: ['last', 'line'] }]);
    expect(readCsv('""')).toEqual([{ line: 1, fields: [''] }]);
  });

  it('reads back what the export writes', () => {
    const rows = [['ts', 'note'], [1, 'a,"b"\r\nc'], [2, null]];
    expect(readCsv(rows.map(csvLine).join('')).map((r) => r.fields)).toEqual([['ts', 'note'], ['1', 'a,"b"\r\nc'], ['2', '']]);
  });

  it('names the line an unclosed quote opened on', () => {
    expect(() => readCsv('a,b\n1,"open\nstill')).toThrow(CsvQuoteError);
    try {
      readCsv('a,b\n1,"open\nstill');
    } catch (error) {
      expect((error as CsvQuoteError).line).toBe(2);
    }
  });
});

describe('CSV values for the engine', () => {
  it('turns values into literals by column type, or refuses them', () => {
    expect(literalFor('TIMESTAMP', '1767225600000')).toBe('1767225600000');
    expect(literalFor('TIMESTAMP', '2026-01-01 00:00:00.123')).toBe("'2026-01-01 00:00:00.123'");
    expect(literalFor('TIMESTAMP', 'yesterday')).toBeNull();
    expect(literalFor('INT', '-12')).toBe('-12');
    expect(literalFor('BIGINT UNSIGNED', '1.5')).toBeNull();
    expect(literalFor('DOUBLE', '1e3')).toBe('1000');
    expect(literalFor('FLOAT', 'NaN')).toBeNull();
    expect(literalFor('BOOL', 'TRUE')).toBe('true');
    expect(literalFor('BOOL', 'yes')).toBeNull();
    expect(literalFor('VARCHAR', "it's a \\ test")).toBe("'it\\'s a \\\\ test'");
    expect(literalFor('NCHAR', '')).toBe('NULL');
  });

  const columns = [
    { name: 'ts', type: 'TIMESTAMP' },
    { name: 'v', type: 'INT' },
  ];

  it('takes a header of column names (any case and order), or fills every column in order', () => {
    const withHeader = mapColumns(readCsv('V,TS\n1,2\n'), columns);
    expect(withHeader.columns.map((c) => c.name)).toEqual(['v', 'ts']);
    expect(withHeader.rows).toHaveLength(1);
    const plain = mapColumns(readCsv('2,1\n'), columns);
    expect(plain.columns).toBe(columns);
    expect(() => mapColumns(readCsv('ts,w\n1,2\n'), columns)).toThrow(ApiError);
  });

  it('builds tuples, naming the first bad line', () => {
    expect(tuplesOf(readCsv('1,2\n3,\n'), columns)).toEqual(['(1,2)', '(3,NULL)']);
    const bad = (text: string) => {
      try {
        tuplesOf(readCsv(text), columns);
      } catch (error) {
        return [(error as ApiError).messageKey, (error as ApiError).args];
      }
      return null;
    };
    expect(bad('1,2\n3\n')).toEqual(['error.csvColumns', [2, 1, 2]]);
    expect(bad('1,x\n')).toEqual(['error.csvValue', [1, 'x', 'v', 'INT']]);
  });
});
