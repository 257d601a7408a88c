import type { ResourcePrivilegeAction } from '@tscloud/contracts';

/**
 * §4/§6: an entry is expired when its status is EXPIRED or its expiration has passed, and an expired one can only be
 * deleted; an active one can be disabled or deleted; a disabled one activated or deleted.
 */
export function isExpired(entry: { status: string; expiration: number | null }, now = Date.now()): boolean {
  return entry.status === 'EXPIRED' || (entry.expiration !== null && entry.expiration < now);
}

export function allowedActions(entry: { status: string; expiration: number | null }, now = Date.now()): ResourcePrivilegeAction[] {
  if (isExpired(entry, now)) return ['delete'];
  return entry.status === 'ACTIVE' ? ['disable', 'delete'] : ['active', 'delete'];
}
