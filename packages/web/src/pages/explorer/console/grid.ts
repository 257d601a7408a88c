import type { SqlColumnMeta } from '@tscloud/contracts';

/** §2/§9: result grid columns are 100 to 400 px wide. */
export const COLUMN_MIN_WIDTH = 100;
export const COLUMN_MAX_WIDTH = 400;
const CHAR_PX = 8;
const PADDING_PX = 32;

/** A cell's text: NULL shows as "NULL", binary as hex, objects as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** Width from the longest of the name and the first rows' texts, clamped to 100–400. Pure. */
export function columnWidth(name: string, values: readonly unknown[]): number {
  const longest = values.slice(0, 200).reduce<number>((max, v) => Math.max(max, cellText(v).length), name.length);
  return Math.min(COLUMN_MAX_WIDTH, Math.max(COLUMN_MIN_WIDTH, longest * CHAR_PX + PADDING_PX));
}

export function columnWidths(meta: readonly SqlColumnMeta[], rows: readonly unknown[][]): number[] {
  return meta.map(([name], i) => columnWidth(name, rows.map((r) => r[i])));
}
