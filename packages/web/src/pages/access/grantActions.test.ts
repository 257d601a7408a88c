import { describe, expect, it } from 'vitest';
import { grantActionsFor, isGrantExpired, shownGrantStatus } from './grantActions';

const NOW = 1_800_000_000_000;

describe('grant actions', () => {
  it('an expired grant (status or past expiration) offers only delete', () => {
    expect(grantActionsFor({ status: 'EXPIRED', expiration: null, via: 'USER' }, 'user', NOW)).toEqual(['delete']);
    expect(grantActionsFor({ status: 'ACTIVE', expiration: NOW - 1, via: 'USER' }, 'user', NOW)).toEqual(['delete']);
    expect(grantActionsFor({ status: 'DISABLED', expiration: NOW, via: 'GROUP' }, 'group', NOW)).toEqual(['delete']);
  });

  it('a grant through a group offers no direct action on the member', () => {
    expect(grantActionsFor({ status: 'ACTIVE', expiration: null, via: 'GROUP' }, 'user', NOW)).toEqual([]);
    expect(grantActionsFor({ status: 'EXPIRED', expiration: null, via: 'GROUP' }, 'user', NOW)).toEqual([]);
  });

  it('the group itself manages its grants', () => {
    expect(grantActionsFor({ status: 'ACTIVE', expiration: null, via: 'GROUP' }, 'group', NOW)).toEqual(['disable', 'delete']);
  });

  it('active grants can be disabled, disabled ones activated; both deleted', () => {
    expect(grantActionsFor({ status: 'ACTIVE', expiration: NOW + 1, via: 'USER' }, 'user', NOW)).toEqual(['disable', 'delete']);
    expect(grantActionsFor({ status: 'DISABLED', expiration: null, via: 'USER' }, 'user', NOW)).toEqual(['active', 'delete']);
  });

  it('shows Expired once the expiration has passed', () => {
    expect(isGrantExpired({ status: 'ACTIVE', expiration: NOW }, NOW)).toBe(true);
    expect(shownGrantStatus({ status: 'DISABLED', expiration: NOW - 5 }, NOW)).toBe('EXPIRED');
    expect(shownGrantStatus({ status: 'DISABLED', expiration: NOW + 5 }, NOW)).toBe('DISABLED');
  });
});
