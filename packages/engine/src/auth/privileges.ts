import type { GrantDef, Privilege, UserDef } from '../catalog/model';

/** What a statement needs on an object; checked against the user's grants (facts §3.4). */
export type Access = 'read' | 'write';

function covers(privilege: Privilege, access: Access): boolean {
  if (privilege === 'ALL') return true;
  return access === 'read' ? privilege === 'READ' : privilege === 'WRITE';
}

function matches(grant: GrantDef, db: string, table?: string): boolean {
  if (grant.db !== '*' && grant.db !== db) return false;
  if (grant.table === '*') return true;
  return table !== undefined && grant.table === table;
}

/** True when `user` may read/write `db` (or `db.table`). Root and database owners pass. */
export function allowed(user: UserDef, access: Access, db: string, table?: string, owner?: string): boolean {
  if (user.superuser || owner === user.name) return true;
  return user.grants.some((g) => covers(g.privilege, access) && matches(g, db, table));
}

/** Whether `user` sees database `db` at all (any grant on it, or owning it). */
export function visible(user: UserDef, db: string, owner?: string): boolean {
  if (user.superuser || owner === user.name) return true;
  return user.grants.some((g) => g.db === '*' || g.db === db);
}

/** Tag condition SQL that limits what `user` reads of db.table ('' = no limit; undefined = not allowed at all). */
export function readCondition(user: UserDef, db: string, table: string, owner?: string): string | undefined {
  if (user.superuser || owner === user.name) return '';
  const grants = user.grants.filter((g) => covers(g.privilege, 'read') && matches(g, db, table));
  if (grants.length === 0) return undefined;
  if (grants.some((g) => g.condition === '')) return '';
  return grants.map((g) => `(${g.condition})`).join(' OR ');
}
