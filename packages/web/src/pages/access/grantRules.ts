import { ROLE_EXPIRATION_MIN_LEAD_MS, isExpirationAcceptable, type GrantResource, type MessageKey, type ResTypeValue } from '@tscloud/contracts';

/**
 * The rules of the grant form (platform-shell.md §5 access control), checked before sending; the server checks the
 * same (grantRolesSchema and the grant service). Messages are contracts keys.
 */
export interface GrantDraft {
  /** Who receives the grant: a member, or a group. */
  target: 'user' | 'group';
  /** For a member: groups to join as well (a member may only be added to groups, without a role). */
  groupIds: string[];
  roleId: string | null;
  resType: ResTypeValue;
  resources: GrantResource[];
  /** Epoch ms, null = never expires. */
  expiration: number | null;
}

export type GrantField = 'roleId' | 'groupIds' | 'resources' | 'expiration';
export type GrantErrors = Partial<Record<GrantField, MessageKey>>;

export function grantFormErrors(draft: GrantDraft, now: number): GrantErrors {
  const errors: GrantErrors = {};
  if (draft.target === 'group' && !draft.roleId) errors.roleId = 'error.roleRequired';
  if (draft.target === 'user' && !draft.roleId && draft.groupIds.length === 0) errors.groupIds = 'error.groupOrRoleRequired';
  if (draft.roleId) {
    if (draft.resType !== 'ORG' && draft.resources.length === 0) errors.resources = 'error.resourceRequired';
    if (!isExpirationAcceptable(draft.expiration, now, ROLE_EXPIRATION_MIN_LEAD_MS)) errors.expiration = 'validation.expiration';
  }
  return errors;
}

/**
 * A value picked in the expiry picker: kept when it is later than now + the minimum lead, otherwise refused (the
 * caller shows 'expiration earlier than current' and the field clears).
 */
export function acceptExpiry(picked: number | null, now: number): { value: number | null; refused: boolean } {
  if (picked === null) return { value: null, refused: false };
  return isExpirationAcceptable(picked, now, ROLE_EXPIRATION_MIN_LEAD_MS) ? { value: picked, refused: false } : { value: null, refused: true };
}
