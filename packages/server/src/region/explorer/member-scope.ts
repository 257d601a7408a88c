import { ALL_PRIVILEGES } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { liveGrantsOf, type OrgContext } from '../../platform/access';

/**
 * What a member's platform grants allow on the databases and super tables of one instance, as the tree shows
 * it: organization- and instance-level grants reach every database; a DATABASE grant one database; a STABLE
 * grant (resId `db.stable`) one super table. The owner holds everything.
 */
export interface MemberScope {
  /** db:* and stable:* privileges on every database (organization, instance level). */
  everywhere: Set<string>;
  /** Privileges of DATABASE grants, per database name. */
  databases: Map<string, Set<string>>;
  /** Privileges of STABLE grants, per `db.stable`. */
  stables: Map<string, Set<string>>;
}

const DATA_PRIVILEGE = /^(db|stable):/;

function add(map: Map<string, Set<string>>, key: string, privileges: readonly string[]): void {
  const set = map.get(key) ?? new Set<string>();
  for (const p of privileges) if (DATA_PRIVILEGE.test(p)) set.add(p);
  map.set(key, set);
}

export async function memberScope(deps: AppDeps, org: OrgContext, instanceId: string): Promise<MemberScope> {
  const scope: MemberScope = { everywhere: new Set(), databases: new Map(), stables: new Map() };
  if (org.isOwner) {
    for (const p of ALL_PRIVILEGES) if (DATA_PRIVILEGE.test(p)) scope.everywhere.add(p);
    return scope;
  }
  for (const grant of await liveGrantsOf(deps.store.db, deps.clock.now(), org.orgId, org.memberId)) {
    if (grant.resType !== 'ORG' && grant.instanceId !== instanceId) continue;
    if (grant.resType === 'ORG' || grant.resType === 'INSTANCE') {
      for (const p of grant.privileges) if (DATA_PRIVILEGE.test(p)) scope.everywhere.add(p);
    } else if (grant.resType === 'DATABASE' && grant.resId) add(scope.databases, grant.resId, grant.privileges);
    else if (grant.resType === 'STABLE' && grant.resId) add(scope.stables, grant.resId, grant.privileges);
  }
  return scope;
}

const union = (...sets: Array<Set<string> | undefined>) => new Set(sets.flatMap((s) => (s ? [...s] : [])));

/** The db:* privileges on one database; null when the member may not see it at all. */
export function databasePrivileges(scope: MemberScope, db: string): string[] | null {
  const held = union(scope.everywhere, scope.databases.get(db));
  const hasStable = [...scope.stables.keys()].some((key) => key.startsWith(`${db}.`));
  if (held.size === 0 && !hasStable) return null;
  return [...held].filter((p) => p.startsWith('db:')).sort();
}

/** The stable:* privileges on one super table; null when the member may not see it. */
export function stablePrivileges(scope: MemberScope, db: string, stable: string): string[] | null {
  const held = [...union(scope.everywhere, scope.databases.get(db), scope.stables.get(`${db}.${stable}`))].filter((p) => p.startsWith('stable:'));
  return held.length ? held.sort() : null;
}
