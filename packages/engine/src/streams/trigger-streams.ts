import { TdCode, TdError } from '../errors';
import type { ExecContext } from '../exec/context';
import type { CreateTriggerStreamStatement, Identifier } from '../sql';

/**
 * A 3.3.7 CREATE STREAM (trigger model, facts §3.3) on the engine: read, not run (docs/engine-streams.md). The engine
 * is a TDengine 3.3.7 without an snode, and answers as one in the order its checks come: a stream name without a
 * database and no current one (9750, at parse time there), the trigger table's database (904) and the table itself
 * (9731), the stream's and the output's databases (904), then 1068 `No Snode is available`.
 */
export function refuseTriggerStream(ctx: ExecContext, s: CreateTriggerStreamStatement): never {
  const db = s.name.db?.name ?? ctx.db;
  if (!db) throw new TdError(TdCode.DB_NOT_SPECIFIED, 'Database not specified');
  if (s.from) {
    const fromDb = s.from.db?.name ?? ctx.db ?? db;
    requireDatabase(ctx, fromDb);
    if (!ctx.catalog.lookup(fromDb, s.from.name.name)) throw new TdError(TdCode.TABLE_NOT_EXIST, 'Table does not exist');
  }
  requireDatabase(ctx, db);
  if (s.into?.db) requireDatabase(ctx, s.into.db.name);
  throw new TdError(TdCode.SNODE_NOT_AVAILABLE, 'No Snode is available');
}

/** 904 `Database not exist` unless the database (a user's or a system one) is there. */
export function requireDatabase(ctx: ExecContext, db: string | Identifier | undefined): void {
  const name = typeof db === 'string' ? db : db?.name;
  if (name !== undefined && !ctx.catalog.isSystemDb(name) && !ctx.catalog.findDatabase(name)) throw TdError.dbNotExist();
}
