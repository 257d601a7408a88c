import type { QueryContext } from '../context';
import { quoteIdent } from '../../storage/names';
import type { DataTypeName, TypeSpec } from '../../types';
import { systemTable } from '../system';
import type { TempTable } from '../exec/temp-table';
import type { Relation, SourceColumn } from './relation';

/** `VARCHAR` / `DECIMAL(10,2)` as column_meta prints it → a TypeSpec (length from the column's length). */
function typeFromRest(type: string, length: number): TypeSpec {
  const m = /^DECIMAL\((\d+),(\d+)\)$/.exec(type);
  if (m) return { name: 'DECIMAL', precision: Number(m[1]), scale: Number(m[2]) };
  const name = type as DataTypeName;
  return name === 'VARCHAR' || name === 'NCHAR' || name === 'VARBINARY' || name === 'GEOMETRY' ? { name, length } : { name };
}

/**
 * information_schema / performance_schema tables (rows from src/query/system) as a temporary table the executor
 * fills with DuckDB's appender on the query's connection, so WHERE, ORDER BY, LIMIT and aggregates work over them
 * like over any table, and a large catalog is not pushed through the SQL parser.
 */
export async function systemRelation(
  ctx: QueryContext,
  db: 'information_schema' | 'performance_schema',
  name: string,
  alias: string,
  register: (t: TempTable) => void,
): Promise<Relation | undefined> {
  const table = await systemTable(ctx, db, name);
  if (!table) return undefined;
  const types = table.columns.map((c) => typeFromRest(c.type, c.length));
  const tempName = `__sys_${alias}`;
  register({ name: tempName, types, rows: table.rows });
  const columns: SourceColumn[] = table.columns.map((c, i) => ({
    name: c.name,
    type: types[i],
    role: 'column',
    sql: `${alias}.${quoteIdent(`c${i}`)}`,
  }));
  return { kind: 'system', alias, qualifiers: [name], sql: `SELECT * FROM temp.main.${quoteIdent(tempName)}`, columns, tags: [], precision: 'ms' };
}
