import { ApiCode } from '@tscloud/contracts';
import { ApiError } from '../api/errors';
import { queryClient } from '../data/queryClient';
import { userKeys } from '../data/user/keys';
import { fetchUserInfo } from '../data/user/info';
import { fetchBanner } from '../data/banner/banner';
import { fetchVerifyUrls } from '../data/dict/verifyUrls';
import { patchBoot } from '../state/boot';
import { logout } from '../state/logout';
import { selectOrg, setUserInfo } from '../state/session';
import { StorageKey, readJson, removeKey, writeJson } from '../state/storage';
import type { LoadTarget } from './guard';
import type { QueryAction } from './firstLoadQuery';
import { loadOrgScope, rebuild } from './rebuild';
import { navigateTo } from './navigation';
import { Paths } from './paths';

const inFlight = new Map<LoadTarget, Promise<void>>();

/**
 * The loads the guard asks for. Each one records its result in the boot store, which re-runs the guard. A load
 * already under way is joined, not repeated (the guard may ask again while the user navigates).
 */
export function performLoad(what: LoadTarget): Promise<void> {
  const running = inFlight.get(what);
  if (running) return running;
  const started = load(what).finally(() => inFlight.delete(what));
  inFlight.set(what, started);
  return started;
}

async function load(what: LoadTarget): Promise<void> {
  switch (what) {
    case 'banner': {
      const banner = await fetchBanner();
      patchBoot({ bannerChecked: true, banner });
      return;
    }
    case 'global': {
      const verifyUrls = await fetchVerifyUrls();
      patchBoot({ globalLoaded: true, verifyUrls });
      return;
    }
    case 'user': {
      try {
        const info = await queryClient.fetchQuery({ queryKey: userKeys.info(), queryFn: fetchUserInfo, staleTime: 0 });
        setUserInfo(info);
        patchBoot({ userLoaded: true });
      } catch {
        // §4: a failure loading user info forces logout without a server logout call.
        await logout({ callServer: false });
      }
      return;
    }
    case 'rebuild':
      try {
        await rebuild();
      } catch (error) {
        // 439 after every retry (the server busy): the organizations cannot be loaded. The console opens without
        // them on Messages (/alert), which says what happened (issue 14 item 14); other failures are not handled here.
        if (!(error instanceof ApiError && error.code === ApiCode.RETRY)) throw error;
        await loadOrgScope(null, null);
        patchBoot({ orgs: [], rebuilt: true, justRebuilt: true });
        navigateTo(Paths.ALERT);
      }
      return;
  }
}

/** Rule 7's actions. */
export async function applyQueryActions(actions: readonly QueryAction[]): Promise<void> {
  for (const action of actions) {
    switch (action.kind) {
      case 'storeSource':
        writeJson(StorageKey.SOURCE, action.value, 'session');
        break;
      case 'storeInstanceType':
        writeJson(StorageKey.INSTANCE_TYPE, action.value, 'session');
        break;
      case 'setSharedDbCode':
        writeJson(StorageKey.SHARED_DB_CODE, action.value, 'session');
        break;
      case 'switchOrg':
        selectOrg(action.orgId, action.instanceId);
        await loadOrgScope(action.orgId, action.instanceId);
        break;
      case 'providerValue':
        // Stored for the marketplace / identity-provider flow; the profile token is cleared and SSO logged out.
        writeJson(StorageKey.PROVIDER_VALUE, { name: action.name, value: action.value });
        await logout({ callServer: true });
        return;
    }
  }
  patchBoot({ queryHandled: true });
}

/**
 * Rule 6. Fetching the database and adding it to the explorer's platform or shared list belongs to the explorer
 * (issue 5): the shell moves the marker to EXPLORER_DATABASE for it and goes to /explorer.
 */
export function handOverDatabase(source: 'platform' | 'shared'): void {
  const key = source === 'platform' ? StorageKey.PLATFORM_DB_ID : StorageKey.SHARED_DB_CODE;
  const value = readJson<string | null>(key, null, 'session');
  removeKey(key, 'session');
  if (value) writeJson(StorageKey.EXPLORER_DATABASE, { source, value }, 'session');
}
