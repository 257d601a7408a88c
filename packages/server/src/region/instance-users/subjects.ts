import {
  ALL_PRIVILEGES,
  type InstanceAccessStatus,
  type InstanceGrantView,
  type InstanceGroup,
  type InstanceUser,
} from '@tscloud/contracts';
import { isExpired } from '../../platform/access';
import type { InstanceAccessState, InstanceGrant, InstanceGroupInfo } from './access-state';
import { engineUserName } from './engine-users';

/** A grant as it stands for one subject: DISABLED also when it comes through a disabled group. */
function statusOf(grant: InstanceGrant, now: number, group?: InstanceGroupInfo): InstanceAccessStatus {
  if (isExpired(grant, now)) return 'EXPIRED';
  if (grant.status !== 'ACTIVE' || group?.status === 'DISABLED') return 'DISABLED';
  return 'ACTIVE';
}

/** ACTIVE if any grant gives access now, else DISABLED if one could again, else EXPIRED; null without grants. */
function overall(statuses: InstanceAccessStatus[]): InstanceAccessStatus | null {
  if (statuses.length === 0) return null;
  if (statuses.includes('ACTIVE')) return 'ACTIVE';
  return statuses.includes('DISABLED') ? 'DISABLED' : 'EXPIRED';
}

interface Placed {
  grant: InstanceGrant;
  status: InstanceAccessStatus;
  group: InstanceGroupInfo | null;
}

function view(p: Placed): InstanceGrantView {
  return { id: p.grant.id, role: p.grant.role, resType: p.grant.resType, resName: p.grant.resName ?? p.grant.resId, status: p.status, expiration: p.grant.expiration, group: p.group?.name ?? null };
}

function summary(placed: Placed[]) {
  const live = placed.filter((p) => p.status === 'ACTIVE').map((p) => p.grant);
  const expirations = placed.map((p) => p.grant.expiration);
  return {
    live,
    privileges: [...new Set(live.flatMap((g) => g.privileges))].sort(),
    expiration: expirations.length === 0 || expirations.includes(null) ? null : Math.max(...(expirations as number[])),
    grants: placed.map(view),
  };
}

export interface ResolvedUser {
  row: InstanceUser;
  /** The grants giving access now (what the engine mirrors). */
  live: InstanceGrant[];
  isOwner: boolean;
}

/** The instance's users: the owner and every active member some grant (any status) ties to the instance. */
export function resolveUsers(state: InstanceAccessState, now: number): ResolvedUser[] {
  const out: ResolvedUser[] = [];
  for (const m of state.members) {
    const direct: Placed[] = state.grants.filter((g) => g.memberId === m.memberId).map((grant) => ({ grant, status: statusOf(grant, now), group: null }));
    const memberGroups = state.groups.filter((g) => g.memberIds.includes(m.memberId));
    const viaGroups: Placed[] = memberGroups.flatMap((group) =>
      state.grants.filter((g) => g.groupId === group.id).map((grant) => ({ grant, status: statusOf(grant, now, group), group })),
    );
    const placed = [...direct, ...viaGroups];
    if (!m.isOwner && placed.length === 0) continue;
    const directOnInstance = direct.filter((p) => p.grant.resType !== 'ORG');
    const s = summary(placed);
    const source = m.isOwner ? 'OWNER' : directOnInstance.length > 0 ? 'INSTANCE' : direct.length > 0 ? 'ORG' : 'GROUP';
    out.push({
      isOwner: m.isOwner,
      live: s.live,
      row: {
        id: m.userId,
        member_id: m.memberId,
        email: m.email,
        name: m.name,
        engine_user: engineUserName(m.memberId),
        status: m.isOwner ? 'ACTIVE' : overall(placed.map((p) => p.status))!,
        source,
        direct_status: m.isOwner ? null : overall(directOnInstance.map((p) => p.status)),
        via_group: viaGroups.length > 0,
        groups: [...new Set(viaGroups.map((p) => p.group!.name))],
        privileges: m.isOwner ? [...ALL_PRIVILEGES].sort() : s.privileges,
        expiration: m.isOwner ? null : s.expiration,
        grants: s.grants,
      },
    });
  }
  return out;
}

/** The groups with grants reaching the instance. */
export function resolveGroups(state: InstanceAccessState, now: number): InstanceGroup[] {
  return state.groups.map((group) => {
    const placed: Placed[] = state.grants.filter((g) => g.groupId === group.id).map((grant) => ({ grant, status: statusOf(grant, now, group), group: null }));
    const onInstance = placed.filter((p) => p.grant.resType !== 'ORG');
    const s = summary(placed);
    return {
      id: group.id,
      name: group.name,
      group_status: group.status,
      members: group.memberIds.length,
      status: overall(placed.map((p) => p.status))!,
      source: onInstance.length > 0 ? 'INSTANCE' : 'ORG',
      // What the actions change: the grants' own status (the group's status is the organization's to change).
      direct_status: overall(onInstance.map((p) => statusOf(p.grant, now))),
      privileges: s.privileges,
      expiration: s.expiration,
      grants: s.grants,
    };
  });
}
