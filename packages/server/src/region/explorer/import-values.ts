import { ApiError } from '../../http/api-error';
import { quoteText } from '@tscloud/contracts/sql';
import type { CsvRecord } from './csv-read';

/** A column of the target table as DESCRIBE reports it. */
export interface TargetColumn {
  name: string;
  type: string;
}

const INTEGER = /^[+-]?\d+$/;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const BOOL = /^(true|false|1|0)$/i;

/** One CSV value as an SQL literal for a column type, or null when it cannot be one. Empty → NULL. */
export function literalFor(type: string, value: string): string | null {
  if (value === '') return 'NULL';
  const base = type.toUpperCase().replace(/\(.*$/, '').trim();
  if (base === 'TIMESTAMP') return INTEGER.test(value) ? value : DATE_TEXT.test(value) ? quoteText(value) : null;
  if (/INT/.test(base)) return INTEGER.test(value) ? value : null;
  if (base === 'FLOAT' || base === 'DOUBLE') return value.trim() !== '' && Number.isFinite(Number(value)) ? String(Number(value)) : null;
  if (base === 'BOOL') return BOOL.test(value) ? value.toLowerCase() : null;
  return quoteText(value);
}

/**
 * Which table columns the CSV's fields fill: a first record whose every field names a column (any case) is a
 * header and picks the columns; otherwise every column in table order.
 */
export function mapColumns(records: CsvRecord[], columns: TargetColumn[]): { columns: TargetColumn[]; rows: CsvRecord[] } {
  const byName = new Map(columns.map((c) => [c.name.toLowerCase(), c]));
  const first = records[0];
  const looksLikeHeader = first.fields.some((f) => byName.has(f.trim().toLowerCase())) && first.fields.every((f) => !INTEGER.test(f.trim()));
  if (!looksLikeHeader) return { columns, rows: records };
  const picked = first.fields.map((f) => {
    const column = byName.get(f.trim().toLowerCase());
    if (!column) throw ApiError.badRequest('error.csvHeader', f);
    return column;
  });
  return { columns: picked, rows: records.slice(1) };
}

/** The VALUES tuples of the rows, checked; the first bad line is a 400 naming it. */
export function tuplesOf(rows: CsvRecord[], columns: TargetColumn[]): string[] {
  return rows.map((record) => {
    if (record.fields.length !== columns.length) throw ApiError.badRequest('error.csvColumns', record.line, record.fields.length, columns.length);
    const literals = record.fields.map((value, k) => {
      const literal = literalFor(columns[k].type, value);
      if (literal === null) throw ApiError.badRequest('error.csvValue', record.line, value.length > 40 ? `${value.slice(0, 40)}…` : value, columns[k].name, columns[k].type);
      return literal;
    });
    return `(${literals.join(',')})`;
  });
}
