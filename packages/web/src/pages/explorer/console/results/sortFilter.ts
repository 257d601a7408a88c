import type { ColumnKind } from './columns';
import { timestampNs } from './timeZone';

/**
 * Sort and filter of a result over the rows the browser holds (≤ 1000, data-explorer.md §2), not only the page
 * shown. Pure: the rows are never changed, a new array of the same row objects is returned.
 */
export type SortDirection = 'ascend' | 'descend';
export interface SortRule {
  column: number;
  direction: SortDirection;
}

/** A number exactly as sent: 64-bit integers arrive as bigints (or integer text), compared as bigints. */
function exactNumber(value: unknown): bigint | number | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    if (/^-?\d+$/.test(value.trim())) return BigInt(value.trim());
    const n = Number(value);
    return Number.isNaN(n) ? null : n;
  }
  return null;
}

const collator = new Intl.Collator(undefined, { numeric: true });

/** The value a cell sorts by, null when it has none (NULL, or not readable as the column's kind). */
function sortKey(value: unknown, kind: ColumnKind): bigint | number | string | null {
  if (value === null || value === undefined) return null;
  if (kind === 'number') return exactNumber(value);
  if (kind === 'time') return timestampNs(value);
  return typeof value === 'string' ? value : String(value);
}

/** Ascending order of two keys of one kind; bigint and number compare exactly with each other in JS. */
function compareKeys(a: bigint | number | string, b: bigint | number | string): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Rows sorted by one column: numbers numerically (64-bit exact), timestamps by time, text naturally; NULLs last. */
export function sortRows<T extends readonly unknown[]>(rows: readonly T[], rule: SortRule, kind: ColumnKind): T[] {
  const sign = rule.direction === 'ascend' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, key: sortKey(row[rule.column], kind) }));
  keyed.sort((x, y) => {
    if (x.key === null || y.key === null) return x.key === null ? (y.key === null ? 0 : 1) : -1;
    return sign * compareKeys(x.key, y.key);
  });
  return keyed.map((k) => k.row);
}

/** Per column, the text a shown cell must contain (case-insensitive); empty texts filter nothing. */
export type ColumnFilters = Record<number, string>;

export function activeFilters(filters: ColumnFilters): [number, string][] {
  return Object.entries(filters)
    .filter(([, text]) => text.trim() !== '')
    .map(([column, text]) => [Number(column), text.trim().toLowerCase()]);
}

/** Rows whose shown text (`textOf`, the zone's time for timestamps, NULL for nulls) contains every filter's text. */
export function filterRows<T extends readonly unknown[]>(rows: readonly T[], filters: ColumnFilters, textOf: (value: unknown, column: number) => string): T[] {
  const rules = activeFilters(filters);
  if (rules.length === 0) return [...rows];
  return rows.filter((row) => rules.every(([column, text]) => textOf(row[column], column).toLowerCase().includes(text)));
}
