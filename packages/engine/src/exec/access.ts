import { allowed } from '../auth/privileges';
import { TdError } from '../errors';
import type { ExecContext } from './context';

/** Privilege checks every executor runs before touching anything (facts §3.4). */

export function requireRead(ctx: ExecContext, db: string, table?: string): void {
  const owner = ctx.catalog.findDatabase(db)?.owner;
  if (!allowed(ctx.user, 'read', db, table, owner)) throw TdError.permissionDenied();
}

export function requireWrite(ctx: ExecContext, db: string, table?: string): void {
  const owner = ctx.catalog.findDatabase(db)?.owner;
  if (!allowed(ctx.user, 'write', db, table, owner)) throw TdError.permissionDenied();
}

/** ALTER/DROP DATABASE and schema changes of super tables: root, the owner, or ALL on db.*. */
export function requireDbAdmin(ctx: ExecContext, db: string): void {
  const entry = ctx.catalog.findDatabase(db);
  if (ctx.user.superuser || entry?.owner === ctx.user.name) return;
  if (ctx.user.grants.some((g) => g.privilege === 'ALL' && (g.db === '*' || g.db === db) && g.table === '*')) return;
  throw TdError.permissionDenied();
}

export function requireSuperuser(ctx: ExecContext): void {
  if (!ctx.user.superuser) throw TdError.permissionDenied();
}

export function requireCreateDb(ctx: ExecContext): void {
  if (!ctx.user.superuser && !ctx.user.createdb) throw TdError.permissionDenied();
}
