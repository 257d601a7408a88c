import type { ResultColumn, ResultSet } from '../../format/result';

/** A SHOW result; timestamps of system tables are in ms unless a database's own precision applies. */
export function rowsResult(columns: ResultColumn[], rows: unknown[][], precision: ResultSet['precision'] = 'ms'): ResultSet {
  return { kind: 'rows', columns: columns.map((c) => ({ name: c.name, type: c.type, length: c.length })), rows, precision };
}
