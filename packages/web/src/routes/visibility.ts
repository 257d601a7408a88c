import { matchPath } from 'react-router';
import { satisfies } from '@tscloud/contracts';
import type { MenuMap } from '@tscloud/contracts';
import { CONSOLE_ROUTES, type RouteEntry } from './table';

/**
 * The visible tree: which console routes the current user may open, and the side menu built from them
 * (platform-shell.md §2 "Navigation labels", §6 menu filtering).
 */
export interface VisibilityContext {
  /** Privileges on the current organization. */
  orgPrivileges: readonly string[];
  /** Privileges on the current instance as a whole (added to the organization's for instance screens). */
  instancePrivileges: readonly string[];
  /** Privileges held somewhere in the current instance (for `resource` screens); the instance's own when absent. */
  instanceResourcePrivileges?: readonly string[];
  /** An instance is selected: instance screens exist only then (added dynamically after sign-in). */
  hasInstance: boolean;
  orgMenus: MenuMap;
  instanceMenus: MenuMap;
  billingArea: 'billing' | 'metering';
}

/** A menu name is hidden only when the server's map says false for it; names it does not list stay shown. */
function menuAllows(map: MenuMap, name: string | undefined): boolean {
  return name === undefined || map[name] !== false;
}

export function isVisible(route: RouteEntry, ctx: VisibilityContext): boolean {
  if (route.edition && route.edition !== ctx.billingArea) return false;
  if (route.scope === 'instance') {
    if (!ctx.hasInstance) return false;
    const held = [...ctx.orgPrivileges, ...(route.resource ? (ctx.instanceResourcePrivileges ?? ctx.instancePrivileges) : ctx.instancePrivileges)];
    if (route.privileges && !satisfies(held, route.privileges)) return false;
    return menuAllows(ctx.instanceMenus, route.menu);
  }
  if (route.privileges && !satisfies(ctx.orgPrivileges, route.privileges)) return false;
  return menuAllows(ctx.orgMenus, route.menu);
}

export function visibleRoutes(ctx: VisibilityContext, routes: readonly RouteEntry[] = CONSOLE_ROUTES): RouteEntry[] {
  const byName = new Map(routes.map((r) => [r.name, r]));
  // A child is only visible when its parent is.
  return routes.filter((r) => isVisible(r, ctx) && (!r.parent || (byName.has(r.parent) && isVisible(byName.get(r.parent)!, ctx))));
}

export function isPermitted(path: string, visible: readonly RouteEntry[]): boolean {
  return visible.some((r) => matchPath({ path: r.path, end: true }, path) !== null);
}

export interface MenuItem {
  name: string;
  path: string;
  labelKey: RouteEntry['labelKey'];
  icon?: RouteEntry['icon'];
  children: MenuItem[];
}

export type MenuSection = 'instance' | 'org' | 'common';
export interface SideMenu {
  instance: MenuItem[];
  org: MenuItem[];
  common: MenuItem[];
}

function sectionOf(route: RouteEntry): MenuSection | null {
  if (route.scope === 'instance') return 'instance';
  if (route.scope === 'org') return 'org';
  if (route.scope === 'common') return 'common';
  return null;
}

/** Side menu: instance entries, then organization entries, then common entries, each in table order. */
export function buildSideMenu(visible: readonly RouteEntry[]): SideMenu {
  const menu: SideMenu = { instance: [], org: [], common: [] };
  const flagged = visible.filter((r) => r.sideMenu);
  for (const route of flagged) {
    if (route.parent) continue;
    const section = sectionOf(route);
    if (!section) continue;
    const children = flagged
      .filter((c) => c.parent === route.name)
      .map((c) => ({ name: c.name, path: c.path, labelKey: c.labelKey, children: [] }));
    // A parent with sub-entries lists its own page first, so the default screen stays reachable.
    const own = { name: route.name, path: route.path, labelKey: route.defaultLabelKey ?? route.labelKey, children: [] };
    const items = children.length > 0 ? [own, ...children] : [];
    menu[section].push({ name: route.name, path: route.path, labelKey: route.labelKey, icon: route.icon, children: items });
  }
  return menu;
}

/** The first leaf of the side menu, in its order. */
export function firstMenuPath(menu: SideMenu): string | null {
  const first = [...menu.instance, ...menu.org, ...menu.common][0];
  if (!first) return null;
  return first.children[0]?.path ?? first.path;
}
