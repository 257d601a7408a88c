import { blobValue, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { duckType, duckTypeSql } from '../../storage/duck-types';
import { quoteIdent } from '../../storage/names';
import type { TypeSpec } from '../../types';

/** Rows the executor loads into a temporary table (columns `c0`, `c1`, ...) before running the plan's SQL. */
export interface TempTable {
  name: string;
  types: TypeSpec[];
  rows: unknown[][];
}

/** A JS value as the DuckDB value the appender takes for a column of TDengine type `t`. */
function duckValue(v: unknown, t: TypeSpec): DuckDBValue {
  if (v === null || v === undefined) return null;
  switch (t.name) {
    case 'TIMESTAMP':
    case 'BIGINT':
    case 'BIGINT UNSIGNED':
      return typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v)));
    case 'BOOL':
      return Boolean(v);
    case 'VARBINARY':
    case 'GEOMETRY':
    case 'BLOB':
      return blobValue(v instanceof Uint8Array ? v : Buffer.from(String(v)));
    case 'VARCHAR':
    case 'NCHAR':
    case 'JSON':
      return String(v);
    case 'DECIMAL':
      return Number(v);
    default:
      return Number(v);
  }
}

/** Creates `temp.main.<name>` (c0, c1, ...) on this connection and appends the rows (system tables). */
export async function loadTempTable(conn: DuckDBConnection, t: TempTable): Promise<void> {
  const cols = t.types.map((type, i) => `${quoteIdent(`c${i}`)} ${type.name === 'DECIMAL' ? 'DOUBLE' : duckTypeSql(type)}`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE ${quoteIdent(t.name)} (${cols.join(', ')})`);
  if (t.rows.length === 0) return;
  const appender = await conn.createAppender(t.name, 'main', 'temp');
  try {
    const types = t.types.map((type) => (type.name === 'DECIMAL' ? undefined : duckType(type)));
    for (const row of t.rows) {
      for (let i = 0; i < t.types.length; i++) appender.appendValue(duckValue(row[i], t.types[i]), types[i]);
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}
