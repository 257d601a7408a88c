import { describe, expect, it } from 'vitest';
import { ALL_PRIVILEGES, APP_MENU_NAMES, BUILTIN_ROLE_PRIVILEGES, ORG_MENU_NAMES } from '@tscloud/contracts';
import { APP_MENUS, ORG_MENUS, menuMap } from '../../src/platform/menus';

describe('menu maps', () => {
  it('name every navigation entry of the contracts', () => {
    expect(Object.keys(ORG_MENUS).sort()).toEqual([...ORG_MENU_NAMES].sort());
    expect(Object.keys(APP_MENUS).sort()).toEqual([...APP_MENU_NAMES].sort());
  });

  it('show Billing outside a marketplace and Metering inside one', () => {
    const all = new Set<string>(ALL_PRIVILEGES);
    expect(menuMap(ORG_MENUS, all, false)).toMatchObject({ Billing: true, Metering: false });
    expect(menuMap(ORG_MENUS, all, true)).toMatchObject({ Billing: false, Metering: true });
  });

  it('follow the built-in roles', () => {
    const viewer = new Set<string>(BUILTIN_ROLE_PRIVILEGES.Viewer);
    expect(menuMap(APP_MENUS, viewer, false)).toMatchObject({ Explorer: true, 'Data In': false, Management: false, Dashboard: true });
    const developer = new Set<string>(BUILTIN_ROLE_PRIVILEGES.Developer);
    expect(menuMap(APP_MENUS, developer, false)).toMatchObject({ 'Data In': true, 'Data Out': true, Replication: false });
    expect(menuMap(ORG_MENUS, new Set(), false)).toMatchObject({ Instances: false, Messages: true, Setting: true });
  });

  it('hide Data In from a member who may write but not read replication (issue 13 item 9)', () => {
    const writer = new Set<string>(['db:read', 'db:write']);
    expect(menuMap(APP_MENUS, writer, false, writer)).toMatchObject({ Explorer: true, 'Data In': false });
    writer.add('replication:read');
    expect(menuMap(APP_MENUS, writer, false, writer)).toMatchObject({ 'Data In': true });
  });

  it('open the per-database entries on privileges held anywhere in the instance, the rest only instance-wide', () => {
    const admin = new Set<string>(BUILTIN_ROLE_PRIVILEGES.Admin);
    const onOneDatabase = menuMap(APP_MENUS, new Set(), false, admin);
    expect(onOneDatabase).toMatchObject({ Explorer: true, Console: true, Streams: true, Topics: true, 'Data In': true });
    expect(onOneDatabase).toMatchObject({ Dashboard: false, Management: false, 'TSDB Users': false, Programming: false, Logs: false });
  });
});
