import type { OrgMember } from '@tscloud/contracts';

/** Ownership can go only to an active member with an account, other than the owner. */
export function transferCandidates(members: readonly OrgMember[]): Array<OrgMember & { userId: string }> {
  return members.filter((m): m is OrgMember & { userId: string } => m.status === 'ACTIVE' && !m.isOwner && m.userId !== null);
}
