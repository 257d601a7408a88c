import {
  BIGINT,
  BLOB,
  BOOLEAN,
  DECIMAL,
  DOUBLE,
  FLOAT,
  INTEGER,
  SMALLINT,
  TINYINT,
  UBIGINT,
  UINTEGER,
  USMALLINT,
  UTINYINT,
  VARCHAR,
  type DuckDBType,
} from '@duckdb/node-api';
import type { TypeSpec } from '../types';

/** TDengine type → DuckDB column type (docs/engine-storage.md). */
export function duckType(t: TypeSpec): DuckDBType {
  switch (t.name) {
    case 'TIMESTAMP':
    case 'BIGINT':
      return BIGINT;
    case 'BOOL':
      return BOOLEAN;
    case 'TINYINT':
      return TINYINT;
    case 'SMALLINT':
      return SMALLINT;
    case 'INT':
      return INTEGER;
    case 'TINYINT UNSIGNED':
      return UTINYINT;
    case 'SMALLINT UNSIGNED':
      return USMALLINT;
    case 'INT UNSIGNED':
      return UINTEGER;
    case 'BIGINT UNSIGNED':
      return UBIGINT;
    case 'FLOAT':
      return FLOAT;
    case 'DOUBLE':
      return DOUBLE;
    case 'VARCHAR':
    case 'NCHAR':
    case 'JSON':
      return VARCHAR;
    case 'VARBINARY':
    case 'GEOMETRY':
    case 'BLOB':
      return BLOB;
    case 'DECIMAL':
      return DECIMAL(t.precision ?? 10, t.scale ?? 0);
  }
}

/** The SQL spelling for CREATE TABLE / ALTER TABLE ADD COLUMN. */
export function duckTypeSql(t: TypeSpec): string {
  return duckType(t).toString();
}
