import type { QueryContext } from '../../engine';
import { quoteIdent, quoteString } from '../../storage/names';
import type { DataTypeName, TypeSpec } from '../../types';
import { duckTypeSql } from '../../storage/duck-types';
import { systemTable } from '../system';
import type { Relation, SourceColumn } from './relation';

/** `VARCHAR` / `DECIMAL(10,2)` as column_meta prints it → a TypeSpec (length from the column's length). */
function typeFromRest(type: string, length: number): TypeSpec {
  const m = /^DECIMAL\((\d+),(\d+)\)$/.exec(type);
  if (m) return { name: 'DECIMAL', precision: Number(m[1]), scale: Number(m[2]) };
  const name = type as DataTypeName;
  return name === 'VARCHAR' || name === 'NCHAR' || name === 'VARBINARY' || name === 'GEOMETRY' ? { name, length } : { name };
}

function literal(value: unknown, type: TypeSpec): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Uint8Array) return `from_hex(${quoteString(Buffer.from(value).toString('hex'))})`;
  if (type.name === 'TIMESTAMP' && value instanceof Date) return String(value.getTime());
  return quoteString(String(value));
}

/**
 * information_schema / performance_schema tables (rows from src/query/system) as a VALUES relation, so WHERE,
 * ORDER BY, LIMIT and aggregates work over them like over any table.
 */
export async function systemRelation(
  ctx: QueryContext,
  db: 'information_schema' | 'performance_schema',
  name: string,
  alias: string,
): Promise<Relation | undefined> {
  const table = await systemTable(ctx, db, name);
  if (!table) return undefined;
  const types = table.columns.map((c) => typeFromRest(c.type, c.length));
  const names = table.columns.map((_, i) => quoteIdent(`c${i}`));
  const casts = types.map((t, i) => `CAST(${names[i]} AS ${duckTypeSql(t)}) AS ${names[i]}`);
  const sql =
    table.rows.length === 0
      ? `SELECT ${types.map((t, i) => `CAST(NULL AS ${duckTypeSql(t)}) AS ${names[i]}`).join(', ')} WHERE FALSE`
      : `SELECT ${casts.join(', ')} FROM (VALUES ${table.rows
          .map((r) => `(${r.map((v, i) => literal(v, types[i])).join(', ')})`)
          .join(', ')}) AS v(${names.join(', ')})`;
  const columns: SourceColumn[] = table.columns.map((c, i) => ({
    name: c.name,
    type: types[i],
    role: 'column',
    sql: `${alias}.${names[i]}`,
  }));
  return { kind: 'system', alias, qualifiers: [name], sql, columns, tags: [], precision: 'ms' };
}
