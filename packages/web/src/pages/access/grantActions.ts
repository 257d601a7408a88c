import type { GrantStatusValue } from '@tscloud/contracts';
import type { GrantAction } from '../../data/access/grantAction';

/**
 * Which actions a grant row offers (platform-shell.md §4–5): an expired grant (status EXPIRED or expiration past)
 * can only be deleted; a grant a user holds through a group is managed via the group, so the user's row offers
 * none; otherwise activate or disable by status, and delete.
 */
export interface GrantState {
  status: GrantStatusValue | string;
  expiration: number | null;
  via: 'USER' | 'GROUP';
}

export function isGrantExpired(grant: Pick<GrantState, 'status' | 'expiration'>, now: number): boolean {
  return grant.status === 'EXPIRED' || (grant.expiration !== null && grant.expiration <= now);
}

/** `viewedAs`: whose grants the table lists — a member's ('user') or a group's own ('group'). */
export function grantActionsFor(grant: GrantState, viewedAs: 'user' | 'group', now: number): GrantAction[] {
  if (viewedAs === 'user' && grant.via === 'GROUP') return [];
  if (isGrantExpired(grant, now)) return ['delete'];
  return grant.status === 'DISABLED' ? ['active', 'delete'] : ['disable', 'delete'];
}

/** The status a row shows. */
export function shownGrantStatus(grant: Pick<GrantState, 'status' | 'expiration'>, now: number): GrantStatusValue {
  if (isGrantExpired(grant, now)) return 'EXPIRED';
  return grant.status === 'DISABLED' ? 'DISABLED' : 'ACTIVE';
}
