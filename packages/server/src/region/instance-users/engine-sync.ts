import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { instances, type InstanceRow } from '../../store/schema';
import { grantExpiredSinceReconcile, reconcileInFlight, reconcileInstanceUsers, type ReconcileLog } from './reconcile';

/**
 * When the engine users are reconciled (docs/instance-users.md "When it runs"): after something changes who may do
 * what — grants, roles, groups, members (routes with `policy.changesAccess`), databases and super tables made or
 * dropped through the console — and at instance start; never in front of every SQL call.
 *
 * A change bumps its organization's revision here; an instance is in step when it was reconciled at the current
 * revision by this process. A member's SQL call (engineUsersReady) only reconciles an instance that is not in step
 * (a change this process has not applied, one never applied here since the server started, or a grant that has
 * expired since), waiting for a reconcile in flight. Failures are logged, never thrown to the SQL call.
 */

/** `orgId` → revision of its access state, bumped by every change. */
const orgRevisions = new Map<string, number>();
/** `instanceId` → the organization revision its last reconcile started at. */
const reconciledAt = new Map<string, number>();

const revisionOf = (orgId: string) => orgRevisions.get(orgId) ?? 0;

/** Records that the organization's access state changed: its instances reconcile before their next SQL call. */
export function markAccessChanged(orgId: string): void {
  orgRevisions.set(orgId, revisionOf(orgId) + 1);
}

/** Reconciles one instance now; a failure is logged (the next change or SQL call of a stale instance retries). */
export async function syncInstanceUsers(deps: AppDeps, row: InstanceRow, log: ReconcileLog): Promise<boolean> {
  const revision = revisionOf(row.orgId);
  try {
    const synced = await reconcileInstanceUsers(deps, row, log);
    // A statement the engine refused is retried at the next change, not at every call (it may keep failing).
    if (row.status === 'Running') reconciledAt.set(row.id, revision);
    return synced;
  } catch (error) {
    log.warn({ err: error, instanceId: row.id }, 'instance users: engine reconcile failed');
    return false;
  }
}

/** After an access change in an organization: every Running instance of it reconciles (in the background). */
export async function syncOrgInstances(deps: AppDeps, orgId: string, log: ReconcileLog): Promise<void> {
  markAccessChanged(orgId);
  const rows = await deps.store.db
    .select()
    .from(instances)
    .where(and(eq(instances.orgId, orgId), eq(instances.status, 'Running')));
  await Promise.all(rows.map((row) => syncInstanceUsers(deps, row, log)));
}

/** Before a member's SQL: the engine users of this instance are in step with the platform (see above). */
export async function engineUsersReady(deps: AppDeps, row: InstanceRow, log: ReconcileLog): Promise<void> {
  await reconcileInFlight(row.id);
  const inStep = reconciledAt.get(row.id) === revisionOf(row.orgId) && !grantExpiredSinceReconcile(row.id, deps.clock.now());
  if (!inStep) await syncInstanceUsers(deps, row, log);
}
