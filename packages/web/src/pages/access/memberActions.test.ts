import { describe, expect, it } from 'vitest';
import { canReceiveGrants, memberActionsFor } from './memberActions';

describe('member actions', () => {
  it('the owner has no actions and receives no grants', () => {
    expect(memberActionsFor({ isOwner: true, status: 'ACTIVE' })).toEqual([]);
    expect(canReceiveGrants({ isOwner: true, userId: 'u1' })).toBe(false);
  });
  it('an invitation can only be withdrawn', () => {
    expect(memberActionsFor({ isOwner: false, status: 'INVITED' })).toEqual(['delete']);
    expect(canReceiveGrants({ isOwner: false, userId: null })).toBe(false);
  });
  it('active members can be disabled, disabled ones activated, both removed', () => {
    expect(memberActionsFor({ isOwner: false, status: 'ACTIVE' })).toEqual(['disable', 'delete']);
    expect(memberActionsFor({ isOwner: false, status: 'DISABLED' })).toEqual(['active', 'delete']);
    expect(canReceiveGrants({ isOwner: false, userId: 'u2' })).toBe(true);
  });
});
