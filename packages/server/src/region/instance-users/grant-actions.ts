import { and, eq, gt, isNull, ne, or } from 'drizzle-orm';
import type { InstanceUserAction } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { roleGrants } from '../../store/schema';

export type Subject = { memberId: string } | { groupId: string };

/**
 * Applies an action to the grants on ONE instance given to a member or group itself (instance, database,
 * super table and view level; organization-level grants and grants through groups are not touched):
 * disable → DISABLED, active → ACTIVE (unexpired ones only: an expired grant can only be deleted), delete →
 * removed, expired or not. The caller has checked the action is allowed (instanceActionRefusal).
 */
export async function applyGrantAction(db: Db, now: number, orgId: string, instanceId: string, subject: Subject, action: InstanceUserAction): Promise<void> {
  const owner = 'memberId' in subject ? eq(roleGrants.memberId, subject.memberId) : eq(roleGrants.groupId, subject.groupId);
  const scope = and(eq(roleGrants.orgId, orgId), eq(roleGrants.instanceId, instanceId), ne(roleGrants.resType, 'ORG'), owner);
  if (action === 'delete') {
    await db.delete(roleGrants).where(scope);
    return;
  }
  const unexpired = and(ne(roleGrants.status, 'EXPIRED'), or(isNull(roleGrants.expiration), gt(roleGrants.expiration, now)));
  await db
    .update(roleGrants)
    .set({ status: action === 'active' ? 'ACTIVE' : 'DISABLED' })
    .where(and(scope, unexpired));
}
