import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ResTypeValue } from '@tscloud/contracts';
import type { Store } from '../../src/store/database';
import { groupMembers, orgGroups, orgMembers, roleGrants, roles } from '../../src/store/schema';
import { markAccessChanged } from '../../src/region/instance-users';
import type { Caller } from '../orgs/helpers';

/**
 * Platform state written straight to the store, as the organization's access-control calls would leave it, and
 * the change announced as those calls do (the engine users reconcile before the next SQL call).
 */

export async function addMember(store: Store, orgId: string, member: Caller): Promise<string> {
  const now = Date.now();
  const memberId = randomUUID();
  await store.db.insert(orgMembers).values({ id: memberId, orgId, userId: member.user.id, email: member.user.email, status: 'ACTIVE', invitedAt: now, joinedAt: now });
  markAccessChanged(orgId);
  return memberId;
}

export async function addGroup(store: Store, orgId: string, name: string, memberIds: string[]): Promise<string> {
  const id = randomUUID();
  await store.db.insert(orgGroups).values({ id, orgId, name, createdAt: Date.now() });
  if (memberIds.length) await store.db.insert(groupMembers).values(memberIds.map((memberId) => ({ groupId: id, memberId })));
  markAccessChanged(orgId);
  return id;
}

export async function grant(
  store: Store,
  orgId: string,
  to: { memberId: string } | { groupId: string },
  roleName: string,
  on: { resType: ResTypeValue; resId?: string; instanceId?: string },
): Promise<string> {
  const [role] = await store.db.select().from(roles).where(and(eq(roles.orgId, orgId), eq(roles.name, roleName))).limit(1);
  const id = randomUUID();
  await store.db.insert(roleGrants).values({
    id,
    orgId,
    roleId: role.id,
    memberId: 'memberId' in to ? to.memberId : null,
    groupId: 'groupId' in to ? to.groupId : null,
    resType: on.resType,
    resId: on.resId ?? null,
    resName: on.resId ?? null,
    instanceId: on.instanceId ?? null,
    createdAt: Date.now(),
  });
  markAccessChanged(orgId);
  return id;
}
