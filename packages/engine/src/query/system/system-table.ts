import type { QueryContext } from '../context';
import type { ResultColumn } from '../../format/result';
import { TdError } from '../../errors';
import { resultColumn } from './columns';
import { findSystemTable, listSystemTables } from './registry';
import type { SystemDb } from './table-def';

export interface SystemTableResult {
  columns: ResultColumn[];
  rows: unknown[][];
}

/**
 * The rows of information_schema.<name> / performance_schema.<name> as `ctx.user` may see them; undefined when
 * there is no such table. Sysinfo tables are refused (9796 Permission denied) to users created with SYSINFO 0, and
 * sysinfo columns are left out for them, as TDengine hides them.
 */
export async function systemTable(ctx: QueryContext, db: SystemDb, name: string): Promise<SystemTableResult | undefined> {
  const def = findSystemTable(db, name);
  if (!def) return undefined;
  if (def.sysInfo && !ctx.user.sysinfo) throw TdError.permissionDenied();
  const rows = await def.rows(ctx);
  if (ctx.user.sysinfo) return { columns: def.columns.map(resultColumn), rows };
  const keep = def.columns.flatMap((c, i) => (c.sysInfo ? [] : [i]));
  return { columns: keep.map((i) => resultColumn(def.columns[i])), rows: rows.map((r) => keep.map((i) => r[i])) };
}

/** Table names of a system database (SHOW TABLES there, ins_tables); without sysInfo the sysinfo tables are left out. */
export function systemTableNames(db: SystemDb, sysInfo = true): string[] {
  return listSystemTables(db, sysInfo).map((t) => t.name);
}

export function isSystemDb(name: string): name is SystemDb {
  return name === 'information_schema' || name === 'performance_schema';
}
