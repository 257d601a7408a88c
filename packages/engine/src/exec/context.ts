import { quoteName } from '@tscloud/contracts/sql';
import type { Catalog } from '../catalog/catalog';
import type { UserDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import type { QualifiedName } from '../sql';
import type { Storage } from '../storage/storage';
import type { TableWriter } from '../storage/table-writer';
import type { StatementResult } from '../format/result';

/** Everything a statement executor needs: the catalog, storage, who runs it, and the statement's clock. */
export interface ExecContext {
  catalog: Catalog;
  storage: Storage;
  writer: TableWriter;
  user: UserDef;
  /** current database (`/rest/sql/{db}` or the library caller's) */
  db?: string;
  /** connection time zone: reading zone-less timestamp strings (UTC when absent) */
  tz?: string;
  /** one instant per statement: every NOW in a statement is the same */
  nowMs: number;
  /** the statement's SQL text (error messages quote it) */
  sql: string;
  /** runs a query (INSERT ... SELECT, DESCRIBE of a view), optionally with another current database */
  runQuery?: (query: import('../sql').QueryExpression, db?: string) => Promise<StatementResult>;
  /** aborted when the client is gone (REST request closed): its query stops */
  signal?: AbortSignal;
  /** may refuse a drop once it is known to exist and be allowed (a topic reads it: 0x03ED) */
  dropGuard?: DropGuard;
}

export interface DropGuard {
  database(db: string): void;
  stable(db: string, stable: string): void;
}

/** The database of `[db.]name`: explicit, else the current one, else 9750 `Database not specified`. */
export function resolveDb(ctx: ExecContext, name: QualifiedName): string {
  const db = name.db?.name ?? ctx.db;
  if (!db) throw new TdError(TdCode.DB_NOT_SPECIFIED, 'Database not specified');
  return db;
}

/**
 * The database of `[db.]name` for a statement that changes it: a system database is refused with `refusal(db, table)`,
 * as TDengine's translator does before looking the database up.
 */
export function writableDb(ctx: ExecContext, name: QualifiedName, refusal: (db: string, table: string) => TdError): string {
  const db = resolveDb(ctx, name);
  if (ctx.catalog.isSystemDb(db)) throw refusal(db, name.name.name);
  return db;
}

/** TDengine's 0x0200 refusal of DDL/DELETE in a system database: `Cannot <what> system database: \`db\`[.\`table\`]`. */
export const systemDbRefusal =
  (what: string, withTable: boolean) =>
  (db: string, table: string): TdError =>
    new TdError(TdCode.TSC_INVALID_OPERATION, `Cannot ${what} system database: ${quoteName(db)}${withTable ? `.${quoteName(table)}` : ''}`);

export function dbOrCurrent(ctx: ExecContext, db?: string): string {
  const name = db ?? ctx.db;
  if (!name) throw new TdError(TdCode.DB_NOT_SPECIFIED, 'Database not specified');
  return name;
}
