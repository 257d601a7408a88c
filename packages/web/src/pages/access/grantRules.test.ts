import { describe, expect, it } from 'vitest';
import { ROLE_EXPIRATION_MIN_LEAD_MS } from '@tscloud/contracts';
import { acceptExpiry, grantFormErrors, type GrantDraft } from './grantRules';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
const base: GrantDraft = { target: 'user', groupIds: [], roleId: 'r1', resType: 'ORG', resources: [], expiration: null };

describe('grant form rules', () => {
  it('accepts an organization-level role without expiry', () => {
    expect(grantFormErrors(base, NOW)).toEqual({});
  });

  it('a member needs a role or a group: both empty is refused', () => {
    expect(grantFormErrors({ ...base, roleId: null }, NOW)).toEqual({ groupIds: 'error.groupOrRoleRequired' });
    expect(grantFormErrors({ ...base, roleId: null, groupIds: ['g1'] }, NOW)).toEqual({});
  });

  it('a group needs a role', () => {
    expect(grantFormErrors({ ...base, target: 'group', roleId: null }, NOW)).toEqual({ roleId: 'error.roleRequired' });
  });

  it('below organization level resources must be chosen', () => {
    for (const resType of ['INSTANCE', 'DATABASE', 'STABLE', 'VIEW'] as const) {
      expect(grantFormErrors({ ...base, resType }, NOW)).toEqual({ resources: 'error.resourceRequired' });
      expect(grantFormErrors({ ...base, resType, resources: [{ resId: 'x', instanceId: 'i1' }] }, NOW)).toEqual({});
    }
  });

  it('the expiry must be later than now plus the minimum lead', () => {
    const atLead = NOW + ROLE_EXPIRATION_MIN_LEAD_MS;
    expect(grantFormErrors({ ...base, expiration: atLead }, NOW)).toEqual({ expiration: 'validation.expiration' });
    expect(grantFormErrors({ ...base, expiration: NOW - 1000 }, NOW)).toEqual({ expiration: 'validation.expiration' });
    expect(grantFormErrors({ ...base, expiration: atLead + 1 }, NOW)).toEqual({});
  });

  it('the expiry picker refuses too-early values and clears them', () => {
    expect(acceptExpiry(NOW + 60_000, NOW)).toEqual({ value: null, refused: true });
    expect(acceptExpiry(NOW + ROLE_EXPIRATION_MIN_LEAD_MS + 60_000, NOW)).toEqual({ value: NOW + ROLE_EXPIRATION_MIN_LEAD_MS + 60_000, refused: false });
    expect(acceptExpiry(null, NOW)).toEqual({ value: null, refused: false });
  });
});
