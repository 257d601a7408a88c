import { describe, expect, it } from 'vitest';
import { ALL_PRIVILEGES, BUILTIN_ROLE_PRIVILEGES, Privilege } from '@tscloud/contracts';
import { buildSideMenu, firstMenuPath, isPermitted, visibleRoutes, type VisibilityContext } from './visibility';

const owner: VisibilityContext = {
  orgPrivileges: ALL_PRIVILEGES,
  instancePrivileges: [],
  hasInstance: true,
  orgMenus: {},
  instanceMenus: {},
  billingArea: 'billing',
};

const names = (items: { name: string }[]) => items.map((i) => i.name);

describe('side menu', () => {
  it('orders instance entries, then organization entries, then common entries', () => {
    const menu = buildSideMenu(visibleRoutes(owner));
    expect(names(menu.instance)).toEqual(['dashboard', 'dataIn', 'explorer', 'programming', 'stream', 'topic', 'tools', 'instanceAccessControl']);
    expect(names(menu.org)).toEqual(['instances', 'billing', 'organizationAccessControl']);
    expect(names(menu.common)).toEqual(['support', 'activity', 'alert']);
    expect(firstMenuPath(menu)).toBe('/dashboard');
  });

  it('lists only routes flagged for the side menu, children under their parent with its own page first', () => {
    const menu = buildSideMenu(visibleRoutes(owner));
    const access = menu.org.find((i) => i.name === 'organizationAccessControl')!;
    expect(names(access.children)).toEqual(['organizationAccessControl', 'orgUserGroups', 'orgRoles', 'orgSso']);
    expect(access.children[0].labelKey).toBe('menu.users');
    const all = [...menu.instance, ...menu.org, ...menu.common].flatMap((i) => [i.name, ...names(i.children)]);
    expect(all).not.toContain('setting');
    expect(all).not.toContain('instanceCreate');
  });

  it('a database-level Admin gets the per-database screens only, not the instance\'s own (as the server decides)', () => {
    const admin = BUILTIN_ROLE_PRIVILEGES.Admin;
    const menu = buildSideMenu(visibleRoutes({ ...owner, orgPrivileges: [], instancePrivileges: [], instanceResourcePrivileges: admin }));
    expect(names(menu.instance)).toEqual(['dataIn', 'explorer', 'stream', 'topic']);
    expect(firstMenuPath(menu)).toBe('/dataIn');
    const wide = buildSideMenu(visibleRoutes({ ...owner, orgPrivileges: [], instancePrivileges: admin, instanceResourcePrivileges: admin }));
    expect(names(wide.instance)).toContain('instanceAccessControl');
  });

  it('hides Data In, menu and route, from a member who may write but not read replication (issue 13 item 9)', () => {
    const writer = [Privilege.DB_READ, Privilege.DB_WRITE];
    const visible = visibleRoutes({ ...owner, orgPrivileges: [], instancePrivileges: writer });
    expect(names(buildSideMenu(visible).instance)).not.toContain('dataIn');
    expect(isPermitted('/dataIn', visible)).toBe(false);
    expect(isPermitted('/dataIn/dataCollectionAgents', visible)).toBe(false);
    expect(isPermitted('/explorer', visible)).toBe(true);
    expect(isPermitted('/dataIn', visibleRoutes({ ...owner, orgPrivileges: [], instancePrivileges: [...writer, Privilege.REPLICATION_READ] }))).toBe(true);
  });

  it('has no instance entries without an instance', () => {
    const menu = buildSideMenu(visibleRoutes({ ...owner, hasInstance: false }));
    expect(menu.instance).toEqual([]);
    expect(firstMenuPath(menu)).toBe('/instances');
  });

  it('is filtered by the server menu maps', () => {
    const menu = buildSideMenu(visibleRoutes({ ...owner, orgMenus: { Billing: false, Activity: true }, instanceMenus: { Explorer: false, Topics: false } }));
    expect(names(menu.org)).toEqual(['instances', 'organizationAccessControl']);
    expect(names(menu.instance)).not.toContain('explorer');
    expect(names(menu.instance)).not.toContain('topic');
    expect(names(menu.common)).toContain('activity');
  });

  it('shows metering instead of billing on a marketplace', () => {
    const menu = buildSideMenu(visibleRoutes({ ...owner, billingArea: 'metering' }));
    expect(names(menu.org)).toEqual(['instances', 'metering', 'organizationAccessControl']);
    expect(names(menu.org.find((i) => i.name === 'metering')!.children)).toEqual(['metering', 'meteringUsage']);
  });

  it('is filtered by privileges: a viewer sees no billing, no access control, no instance management', () => {
    const viewer = { ...owner, orgPrivileges: BUILTIN_ROLE_PRIVILEGES.Viewer };
    const menu = buildSideMenu(visibleRoutes(viewer));
    expect(names(menu.org)).toEqual(['instances']);
    expect(names(menu.instance)).toEqual(['dashboard', 'explorer', 'programming', 'stream', 'topic', 'tools']);
    expect(names(menu.common)).toEqual(['alert']);
  });

  it('instance privileges add to the organization privileges on instance screens', () => {
    const ctx = { ...owner, orgPrivileges: [Privilege.INSTANCE_READ], instancePrivileges: [Privilege.DB_READ] };
    expect(names(buildSideMenu(visibleRoutes(ctx)).instance)).toContain('explorer');
  });
});

describe('visible tree', () => {
  it('matches parametrised paths', () => {
    const visible = visibleRoutes(owner);
    expect(isPermitted('/instances/create/tsdb', visible)).toBe(true);
    expect(isPermitted('/support/42', visible)).toBe(true);
    expect(isPermitted('/nowhere', visible)).toBe(false);
    expect(isPermitted('/auth/login', visible)).toBe(false);
  });
  it('hides children whose parent is hidden', () => {
    const visible = visibleRoutes({ ...owner, orgMenus: { Instances: false } });
    expect(isPermitted('/instances/logs', visible)).toBe(false);
  });
});
