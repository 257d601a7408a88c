import { useMemo } from 'react';
import { OrgStatus, type OrgSummary } from '@tscloud/contracts';
import { edition } from '../config/edition';
import type { Instance } from '../data/types';
import { boot, useBoot, type BootState } from '../state/boot';
import { session, useSession, type SessionState } from '../state/session';
import { buildSideMenu, firstMenuPath, isPermitted, visibleRoutes, type SideMenu, type VisibilityContext } from './visibility';
import type { RouteEntry } from './table';

/** The current selection and the visible tree, derived from what the rebuild loaded. */
export interface Shell {
  org: OrgSummary | null;
  instance: Instance | null;
  visible: RouteEntry[];
  menu: SideMenu;
  firstMenuPath: string | null;
  /** An organization is read-only unless orgStatus is ACTIVE or absent (§6). */
  readOnly: boolean;
}

export function deriveShell(b: BootState, s: SessionState): Shell {
  const org = b.orgs.find((o) => o.orgId === s.current.orgId) ?? null;
  const instance = b.instances.find((i) => i.id === s.current.instanceId) ?? null;
  const ctx: VisibilityContext = {
    orgPrivileges: org?.privileges ?? [],
    instancePrivileges: instance?.privileges ?? [],
    instanceResourcePrivileges: instance?.resource_privileges ?? instance?.privileges ?? [],
    hasInstance: instance !== null,
    orgMenus: b.orgMenus,
    instanceMenus: b.instanceMenus,
    billingArea: edition.billingArea,
  };
  const visible = visibleRoutes(ctx);
  const menu = buildSideMenu(visible);
  return { org, instance, visible, menu, firstMenuPath: firstMenuPath(menu), readOnly: Boolean(org?.orgStatus) && org?.orgStatus !== OrgStatus.ACTIVE };
}

export function currentShell(): Shell {
  return deriveShell(boot.get(), session.get());
}

export function useShell(): Shell {
  const b = useBoot((x) => x);
  const current = useSession((x) => x.current);
  return useMemo(() => deriveShell(b, { ...session.get(), current }), [b, current]);
}

export function permittedIn(shell: Shell): (path: string) => boolean {
  return (path) => isPermitted(path, shell.visible);
}
