import type { Precision } from '../catalog/db-options';

/** One result column as REST's column_meta reports it: name, type name (`VARCHAR`, `DECIMAL(10,2)`), length. */
export interface ResultColumn {
  name: string;
  type: string;
  length: number;
}

/**
 * A statement's result. Row values are JS values: number/bigint for integers, number for floats (FLOAT values are
 * float32), boolean, string, Uint8Array for VARBINARY/GEOMETRY/BLOB, string for DECIMAL and JSON, and for TIMESTAMP
 * an integer (number or bigint) in `precision` units since the epoch. null is NULL.
 */
export interface ResultSet {
  kind: 'rows';
  columns: ResultColumn[];
  rows: unknown[][];
  precision: Precision;
}

/** DDL, INSERT, DELETE: REST shows a synthetic `affected_rows` column. */
export interface AffectedRows {
  kind: 'affected';
  affectedRows: number;
}

export type StatementResult = ResultSet | AffectedRows;

export function affected(n: number): AffectedRows {
  return { kind: 'affected', affectedRows: n };
}
