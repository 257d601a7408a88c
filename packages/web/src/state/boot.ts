import type { Banner, MenuMap, OrgSummary, VerifyUrl } from '@tscloud/contracts';
import type { Instance } from '../data/types';
import { createStore, useStore } from './store';

/**
 * What the routing rules have loaded so far (rules 1, 4, 7) and the result of the rebuild: organizations,
 * instances and menu maps of the current selection.
 */
export interface BootState {
  firstLoad: boolean;
  bannerChecked: boolean;
  banner: Banner | null;
  globalLoaded: boolean;
  verifyUrls: VerifyUrl[];
  userLoaded: boolean;
  queryHandled: boolean;
  rebuilt: boolean;
  /** The rebuild ran during the navigation being decided (rule 5's first-arrival branch). */
  justRebuilt: boolean;
  orgs: OrgSummary[];
  instances: Instance[];
  orgMenus: MenuMap;
  instanceMenus: MenuMap;
}

const initial: BootState = {
  firstLoad: true,
  bannerChecked: false,
  banner: null,
  globalLoaded: false,
  verifyUrls: [],
  userLoaded: false,
  queryHandled: false,
  rebuilt: false,
  justRebuilt: false,
  orgs: [],
  instances: [],
  orgMenus: {},
  instanceMenus: {},
};

export const boot = createStore<BootState>(initial);

export function useBoot<S>(select: (state: BootState) => S): S {
  return useStore(boot, select);
}

export function patchBoot(patch: Partial<BootState>): void {
  boot.set((s) => ({ ...s, ...patch }));
}

/** On logout the user's data goes; the banner and the global data of this page load stay. */
export function resetUserBoot(): void {
  boot.set((s) => ({ ...initial, firstLoad: false, bannerChecked: s.bannerChecked, banner: s.banner, globalLoaded: s.globalLoaded, verifyUrls: s.verifyUrls }));
}
