import type { SqlColumnMeta } from '@tscloud/contracts';
import { cellText } from '../grid';
import { formatTimestamp } from './timeZone';

/** How a column's values compare and show: numbers, timestamps, or text (everything else). */
export type ColumnKind = 'number' | 'time' | 'text';

const NUMERIC = /^(TINYINT|SMALLINT|INT|BIGINT)( UNSIGNED)?$|^(FLOAT|DOUBLE)$|^DECIMAL\b/;

export function columnKind(type: string): ColumnKind {
  const upper = type.trim().toUpperCase();
  if (upper === 'TIMESTAMP') return 'time';
  return NUMERIC.test(upper) ? 'number' : 'text';
}

export function columnKinds(columns: readonly SqlColumnMeta[]): ColumnKind[] {
  return columns.map(([, type]) => columnKind(type));
}

/** A cell as shown: timestamps in the chosen zone, everything else as the grid writes it (NULL, exact integers). */
export function displayText(value: unknown, kind: ColumnKind, zone: string): string {
  if (kind === 'time' && value !== null && value !== undefined) return formatTimestamp(value, zone) ?? cellText(value);
  return cellText(value);
}

/** The x column of a chart or a time range: `_wstart` when the result has it, else its first TIMESTAMP column. */
export function timeColumn(columns: readonly SqlColumnMeta[]): number {
  const wstart = columns.findIndex(([name, type]) => name.toLowerCase() === '_wstart' && columnKind(type) === 'time');
  return wstart >= 0 ? wstart : columns.findIndex(([, type]) => columnKind(type) === 'time');
}
