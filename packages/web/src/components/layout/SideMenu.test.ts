import { describe, expect, it } from 'vitest';
import { ALL_PRIVILEGES } from '@tscloud/contracts';
import { buildSideMenu, visibleRoutes } from '../../routes/visibility';
import { groupKeyOf, selectedMenuPath } from './SideMenu';

const menu = buildSideMenu(
  visibleRoutes({ orgPrivileges: ALL_PRIVILEGES, instancePrivileges: [], hasInstance: true, orgMenus: {}, instanceMenus: {}, billingArea: 'billing' }),
);

describe('selected side-menu entry', () => {
  it('is the longest menu path the current path lies under', () => {
    expect(selectedMenuPath(menu, '/organizationAccessControl/roles')).toBe('/organizationAccessControl/roles');
    expect(selectedMenuPath(menu, '/organizationAccessControl')).toBe('/organizationAccessControl');
    expect(selectedMenuPath(menu, '/instances/create/tsdb')).toBe('/instances');
    expect(selectedMenuPath(menu, '/support/17')).toBe('/support');
    expect(selectedMenuPath(menu, '/setting')).toBeUndefined();
  });
});

describe('open group', () => {
  it('is the sub-menu holding the selected entry', () => {
    expect(groupKeyOf(menu, '/organizationAccessControl/roles')).toBe('group:organizationAccessControl');
    expect(groupKeyOf(menu, '/billing/usage')).toBe('group:billing');
    expect(groupKeyOf(menu, '/activity')).toBeUndefined();
  });
});
