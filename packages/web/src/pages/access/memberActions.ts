import type { OrgMember } from '@tscloud/contracts';
import type { MemberAction } from '../../data/access/memberAction';

/**
 * Actions on a member row: the owner has none (ownership is transferred, not removed); an invitation can only be
 * withdrawn (deleted); an active member can be disabled, a disabled one activated; both can be removed.
 */
export function memberActionsFor(member: Pick<OrgMember, 'isOwner' | 'status'>): MemberAction[] {
  if (member.isOwner) return [];
  if (member.status === 'INVITED') return ['delete'];
  return member.status === 'DISABLED' ? ['active', 'delete'] : ['disable', 'delete'];
}

/** Roles can be granted to members with an account (invitations receive theirs through the groups they join). */
export function canReceiveGrants(member: Pick<OrgMember, 'userId' | 'isOwner'>): member is { userId: string; isOwner: boolean } {
  return member.userId !== null && !member.isOwner;
}
