import { describe, expect, it } from 'vitest';
import { Privilege } from '@tscloud/contracts';
import { engineScopeSql, engineUserName, engineUserPassword, engineUserPlan } from '../../src/region/instance-users/engine-users';

describe('engine user mirror of platform grants', () => {
  it('names are deterministic, short enough for the engine, and passwords differ per instance', () => {
    expect(engineUserName('member-1')).toBe(engineUserName('member-1'));
    expect(engineUserName('member-1')).not.toBe(engineUserName('member-2'));
    expect(engineUserName('member-1')).toMatch(/^u_[0-9a-f]{16}$/);
    const user = engineUserName('member-1');
    expect(engineUserPassword('secret-a', user)).toHaveLength(24);
    expect(engineUserPassword('secret-a', user)).not.toBe(engineUserPassword('secret-b', user));
  });

  it('maps read/write/drop per level, and db:create at instance level to CREATEDB', () => {
    const plan = engineUserPlan(
      [
        { resType: 'DATABASE', resId: 'power', privileges: [Privilege.DB_READ] },
        { resType: 'DATABASE', resId: 'water', privileges: [Privilege.DB_READ, Privilege.DB_WRITE] },
        { resType: 'STABLE', resId: 'power.meters', privileges: [Privilege.STABLE_READ, Privilege.STABLE_WRITE] },
        { resType: 'VIEW', resId: 'power.v', privileges: [Privilege.VIEW_READ] },
      ],
      false,
    );
    expect(plan).toEqual({
      createdb: false,
      grants: [
        { privilege: 'READ', db: 'power', table: '*' },
        { privilege: 'READ', db: 'water', table: '*' },
        { privilege: 'WRITE', db: 'water', table: '*' },
        { privilege: 'READ', db: 'power', table: 'meters' },
        { privilege: 'WRITE', db: 'power', table: 'meters' },
      ],
    });
    expect(engineUserPlan([{ resType: 'INSTANCE', resId: 'i1', privileges: [Privilege.DB_READ, Privilege.DB_DROP, Privilege.DB_CREATE] }], false)).toEqual({
      createdb: true,
      grants: [{ privilege: 'ALL', db: '*', table: '*' }],
    });
    expect(engineUserPlan([], true)).toEqual({ createdb: true, grants: [{ privilege: 'ALL', db: '*', table: '*' }] });
    expect(engineUserPlan([{ resType: 'ORG', resId: null, privileges: [Privilege.INSTANCE_READ] }], false)).toEqual({ createdb: false, grants: [] });
  });

  it('quotes names in GRANT scopes', () => {
    expect(engineScopeSql('*', '*')).toBe('*.*');
    expect(engineScopeSql('my`db', 'tb')).toBe('`my``db`.`tb`');
  });
});
