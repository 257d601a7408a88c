import { describe, expect, it } from 'vitest';
import { subjectRowActions } from './subjectActions';

describe('instance user and group row actions', () => {
  it('an active user with grants on the instance can be disabled or deleted; a disabled one activated or deleted', () => {
    expect(subjectRowActions({ source: 'INSTANCE', direct_status: 'ACTIVE' }, false)).toEqual({ actions: ['disable', 'delete'], note: null });
    expect(subjectRowActions({ source: 'INSTANCE', direct_status: 'DISABLED' }, false)).toEqual({ actions: ['active', 'delete'], note: null });
  });

  it('an expired grant can only be deleted', () => {
    expect(subjectRowActions({ source: 'INSTANCE', direct_status: 'EXPIRED' }, false)).toEqual({ actions: ['delete'], note: 'error.expiredGrant' });
  });

  it('a user with access only through a group is managed via the group', () => {
    expect(subjectRowActions({ source: 'GROUP', direct_status: null }, false)).toEqual({ actions: [], note: 'error.managedByGroup' });
  });

  it('the owner and organization-level access offer nothing here', () => {
    expect(subjectRowActions({ source: 'OWNER', direct_status: null }, false)).toEqual({ actions: [], note: 'error.lastOwner' });
    expect(subjectRowActions({ source: 'ORG', direct_status: null }, false)).toEqual({ actions: [], note: 'error.instanceLevelOnly' });
  });

  it('a read-only organization offers no action', () => {
    expect(subjectRowActions({ source: 'INSTANCE', direct_status: 'ACTIVE' }, true).actions).toEqual([]);
  });
});
