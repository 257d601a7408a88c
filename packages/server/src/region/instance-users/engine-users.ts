import { createHash, createHmac } from 'node:crypto';
import { Privilege, type ResTypeValue } from '@tscloud/contracts';
import { quoteName, quoteText } from '@tscloud/contracts/sql';

/** Engine users this area manages start with this; other engine users (root, ones made by SQL) are left alone. */
export const ENGINE_USER_PREFIX = 'u_';

/** The engine user of an organization member: deterministic, 18 bytes (the engine allows 23). */
export function engineUserName(memberId: string): string {
  return ENGINE_USER_PREFIX + createHash('sha256').update(memberId).digest('hex').slice(0, 16);
}

/**
 * The member's engine password on one instance: an HMAC of the engine user under the instance's own random
 * superuser password (decision, docs/instance-users.md): unique per instance and member, never stored, and
 * known only to whoever already holds the superuser password (the server).
 */
export function engineUserPassword(instanceSecret: string, user: string): string {
  return createHmac('sha256', instanceSecret).update(user).digest('base64url').slice(0, 24);
}

export type EnginePrivilege = 'READ' | 'WRITE' | 'ALL';
export interface EngineGrant {
  privilege: EnginePrivilege;
  /** '*' = every database. */
  db: string;
  /** '*' = every table of db. */
  table: string;
}
export interface EngineUserPlan {
  grants: EngineGrant[];
  createdb: boolean;
}

/** A live platform grant reaching the instance, as far as the engine mirror needs it. */
export interface MirroredGrant {
  resType: ResTypeValue;
  resId: string | null;
  privileges: readonly string[];
}

function scopeOf(grant: MirroredGrant): { db: string; table: string; read: string; write: string } | null {
  switch (grant.resType) {
    case 'ORG':
    case 'INSTANCE':
      return { db: '*', table: '*', read: Privilege.DB_READ, write: Privilege.DB_WRITE };
    case 'DATABASE':
      return grant.resId ? { db: grant.resId, table: '*', read: Privilege.DB_READ, write: Privilege.DB_WRITE } : null;
    case 'STABLE': {
      const dot = grant.resId?.indexOf('.') ?? -1;
      if (!grant.resId || dot <= 0) return null;
      return { db: grant.resId.slice(0, dot), table: grant.resId.slice(dot + 1), read: Privilege.STABLE_READ, write: Privilege.STABLE_WRITE };
    }
    case 'VIEW':
      // The engine grants on tables only; a view is read with its owner's rights there.
      return null;
  }
}

/**
 * What the engine should let a member do, from their live platform grants on the instance: read → READ, write
 * → WRITE, db:drop (altering and dropping databases) → ALL, on every database for organization- and
 * instance-level grants, on one database or super table below that; db:create at those levels → CREATEDB.
 * The owner gets ALL on every database and CREATEDB.
 */
export function engineUserPlan(grants: readonly MirroredGrant[], isOwner: boolean): EngineUserPlan {
  if (isOwner) return { grants: [{ privilege: 'ALL', db: '*', table: '*' }], createdb: true };
  const bits = new Map<string, { db: string; table: string; read: boolean; write: boolean; all: boolean }>();
  let createdb = false;
  for (const grant of grants) {
    const scope = scopeOf(grant);
    if (!scope) continue;
    const key = `${scope.db}\u0000${scope.table}`;
    const entry = bits.get(key) ?? { db: scope.db, table: scope.table, read: false, write: false, all: false };
    entry.read ||= grant.privileges.includes(scope.read);
    entry.write ||= grant.privileges.includes(scope.write);
    entry.all ||= scope.table === '*' && grant.privileges.includes(Privilege.DB_DROP);
    bits.set(key, entry);
    if (scope.db === '*' && grant.privileges.includes(Privilege.DB_CREATE)) createdb = true;
  }
  const out: EngineGrant[] = [];
  for (const e of bits.values()) {
    if (e.all) out.push({ privilege: 'ALL', db: e.db, table: e.table });
    else {
      if (e.read) out.push({ privilege: 'READ', db: e.db, table: e.table });
      if (e.write) out.push({ privilege: 'WRITE', db: e.db, table: e.table });
    }
  }
  return { grants: out, createdb };
}

/** The `db.table` of a GRANT/REVOKE statement. */
export function engineScopeSql(db: string, table: string): string {
  return `${db === '*' ? '*' : quoteName(db)}.${table === '*' ? '*' : quoteName(table)}`;
}

/** The statements that bring an engine user in line (reconcile.ts runs them; `user` is an engineUserName). */
export const engineUserSql = {
  create: (user: string, password: string) => `CREATE USER ${user} PASS ${quoteText(password)} SYSINFO 0`,
  grant: (grant: EngineGrant, user: string) => `GRANT ${grant.privilege} ON ${engineScopeSql(grant.db, grant.table)} TO ${user}`,
  revokeAll: (db: string, table: string, user: string) => `REVOKE ALL ON ${engineScopeSql(db, table)} FROM ${user}`,
};
