import { stringify } from 'lossless-json';
import type { SqlColumnMeta } from '@tscloud/contracts';

/**
 * A row as a JSON object, column name to value, with every digit: 64-bit integers (bigints) are written as JSON
 * numbers by lossless-json, timestamps as the engine's exact RFC 3339 text. A name used twice keeps its first value
 * and the later ones get "name (2)" so no value is lost.
 */
export function rowObject(columns: readonly SqlColumnMeta[], row: readonly unknown[]): Record<string, unknown> {
  // No prototype: a column named `__proto__` or `constructor` is a plain key like any other.
  const object = Object.create(null) as Record<string, unknown>;
  columns.forEach(([name], i) => {
    let key = name;
    for (let n = 2; Object.hasOwn(object, key); n++) key = `${name} (${n})`;
    object[key] = row[i] ?? null;
  });
  return object;
}

export function rowJson(columns: readonly SqlColumnMeta[], row: readonly unknown[]): string {
  return stringify(rowObject(columns, row)) ?? '{}';
}
