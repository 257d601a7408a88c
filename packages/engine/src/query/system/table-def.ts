import type { DatabaseEntry } from '../../catalog/model';
import type { QueryContext } from '../context';
import type { SysColumn } from './columns';

export type SystemDb = 'information_schema' | 'performance_schema';
export const SYSTEM_DBS: readonly SystemDb[] = ['information_schema', 'performance_schema'];

/** One table of information_schema / performance_schema: its columns in TDengine's order and how to fill it. */
export interface SystemTableDef {
  name: string;
  /** Only users with SYSINFO 1 may read it (node, vgroup, user tables). */
  sysInfo: boolean;
  columns: SysColumn[];
  rows(ctx: QueryContext): Promise<unknown[][]> | unknown[][];
}

/** The system tables a user may list (SHOW TABLES, ins_tables, ins_columns). */
export interface SystemDirectory {
  tables(db: SystemDb, sysInfo: boolean): SystemTableDef[];
}

/** User databases the context's user may see, in creation order. */
export function visibleDatabases(ctx: QueryContext): DatabaseEntry[] {
  return ctx.catalog.databases().filter((d) => ctx.canSee(d.name));
}
