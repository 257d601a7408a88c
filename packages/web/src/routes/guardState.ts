import type { BootState } from '../state/boot';
import type { SessionState } from '../state/session';
import { StorageKey, readJson } from '../state/storage';
import type { GuardState } from './guard';
import { deriveShell, permittedIn } from './shell';

/** Collects what the guard needs from the stores, for one navigation. */
export function buildGuardState(path: string, search: string, b: BootState, s: SessionState, token: string | null, defaultPage: string | null): GuardState {
  const shell = deriveShell(b, s);
  return {
    path,
    search,
    firstLoad: b.firstLoad,
    banner: { checked: b.bannerChecked, blocking: b.banner?.type === 'ERROR' },
    loggedIn: token !== null,
    globalLoaded: b.globalLoaded,
    user: { loaded: b.userLoaded && s.userInfo !== null, status: s.userInfo?.accountStatus ?? null },
    rebuilt: b.rebuilt,
    justRebuilt: b.justRebuilt,
    ownsCurrentOrg: shell.org?.isOwner ?? false,
    instanceCount: b.instances.length,
    permitted: permittedIn(shell),
    firstMenuPath: shell.firstMenuPath,
    defaultPage,
    platformDbId: readJson<string | null>(StorageKey.PLATFORM_DB_ID, null, 'session'),
    sharedDbCode: readJson<string | null>(StorageKey.SHARED_DB_CODE, null, 'session'),
    queryHandled: b.queryHandled,
    privileges: [...(shell.org?.privileges ?? []), ...(shell.instance?.privileges ?? [])],
  };
}
