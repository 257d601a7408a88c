import { AccountStatus, Privilege } from '@tscloud/contracts';
import { EXEMPT_PATHS, Paths, isAuthPath, normalizePath } from './paths';
import { parseFirstLoadQuery, type QueryAction } from './firstLoadQuery';

/**
 * The routing rules 1–9 of platform-shell.md §2, in order, as a pure function: given what is known now, what
 * happens to a navigation. Where a rule needs data the decision is "load …"; the React adapter (RouteGuard.tsx)
 * loads it, updates the state and asks again, until the answer is "allow", "redirect" or "abnormal".
 */
export interface GuardState {
  path: string;
  /** The query string of the navigation ("?a=1" or ""). */
  search: string;
  /** No navigation was let through since the page loaded: the first load's query is still pending (rule 7). */
  firstLoad: boolean;
  banner: { checked: boolean; blocking: boolean };
  /** A stored login flag (token) or an authenticated single-sign-on session. */
  loggedIn: boolean;
  globalLoaded: boolean;
  user: { loaded: boolean; status: number | null };
  /** Organization list, instance list and the user's data are loaded and the routes rebuilt. */
  rebuilt: boolean;
  /** The rebuild happened during this navigation (the first-arrival branch of rule 5). */
  justRebuilt: boolean;
  ownsCurrentOrg: boolean;
  instanceCount: number;
  /** Whether a path is in the visible tree. */
  permitted: (path: string) => boolean;
  firstMenuPath: string | null;
  /** The stored default page (the user's last route). */
  defaultPage: string | null;
  platformDbId: string | null;
  sharedDbCode: string | null;
  /** Query parameters of the first load were handled already. */
  queryHandled: boolean;
  privileges: readonly string[];
}

export type LoadTarget = 'banner' | 'global' | 'user' | 'rebuild';

export type GuardDecision =
  | { kind: 'load'; what: LoadTarget }
  | { kind: 'openDatabase'; source: 'platform' | 'shared'; to: string }
  | { kind: 'applyQuery'; actions: QueryAction[]; to: string }
  | { kind: 'redirect'; to: string; rule: number }
  | { kind: 'abnormal'; status: number }
  | { kind: 'allow' };

const allow: GuardDecision = { kind: 'allow' };

function go(path: string, to: string, rule: number): GuardDecision {
  return normalizePath(to) === path ? allow : { kind: 'redirect', to, rule };
}

/**
 * Steps of arriving (complete the account, create the first instance) are remembered as the last route like any
 * page, but are never a default page to return to: the root after them would lead back (the step's "continue" or
 * "skip" would loop).
 */
const ARRIVAL_STEPS: readonly string[] = [Paths.REGISTER, Paths.CREATE_FIRST_INSTANCE];

/** Rule 5: where a signed-in user with a rebuilt route tree lands. */
function landing(s: GuardState, path: string): string {
  if (s.justRebuilt && s.instanceCount === 0 && s.ownsCurrentOrg) return Paths.CREATE_FIRST_INSTANCE;
  if (s.instanceCount > 0 && path === Paths.CREATE_FIRST_INSTANCE) return Paths.INSTANCES;
  if (path === Paths.ROOT) {
    const stored = s.defaultPage ? normalizePath(s.defaultPage.split('?')[0]) : Paths.ROOT;
    if (s.defaultPage && stored !== Paths.ROOT && !ARRIVAL_STEPS.includes(stored) && s.permitted(stored)) return s.defaultPage;
    return s.firstMenuPath ?? Paths.ROOT;
  }
  if (s.permitted(path)) return path;
  return s.firstMenuPath ?? Paths.ROOT;
}

export function decide(s: GuardState): GuardDecision {
  const path = normalizePath(s.path);

  // 1. Maintenance banner, fetched on the first navigation; an ERROR banner blocks every page but maintenance.
  if (!s.banner.checked) return { kind: 'load', what: 'banner' };
  if (s.banner.blocking) return go(path, Paths.MAINTENANCE, 1);

  // 2. /auth while logged in goes to the login route.
  if (s.loggedIn && path === Paths.AUTH) return { kind: 'redirect', to: Paths.LOGIN, rule: 2 };
  // The identity provider's answer is completed even while signed in (an owner's SSO test sign-in, docs/sso.md).
  if (s.loggedIn && path === Paths.AUTHORIZE) return allow;

  // 3. Not logged in: only the auth area and the terms page.
  if (!s.loggedIn) return isAuthPath(path) || path === Paths.TERMS ? allow : { kind: 'redirect', to: Paths.LOGIN, rule: 3 };

  // 4. Logged in: global data once; user info unless the page is exempt; at status 2 the rebuild.
  if (!s.globalLoaded) return { kind: 'load', what: 'global' };
  if (EXEMPT_PATHS.includes(path)) return allow;
  if (!s.user.loaded) return { kind: 'load', what: 'user' };
  const status = s.user.status;
  if (status === AccountStatus.NORMAL) {
    if (!s.rebuilt) return { kind: 'load', what: 'rebuild' };

    // 7, first: a link naming an organization and instance (alert e-mails, shared links) is judged in that
    // organization, so its switch comes before rule 5 picks a landing; otherwise the path, not permitted in the
    // organization the rebuild chose, would be replaced by that organization's first page.
    if (s.firstLoad && !s.queryHandled) {
      const query = parseFirstLoadQuery(s.search, path);
      if (query.actions.some((action) => action.kind === 'switchOrg')) return { kind: 'applyQuery', actions: query.actions, to: query.to };
    }

    // 5. Landing after the rebuild.
    const target = landing(s, path);
    if (normalizePath(target.split('?')[0]) !== path) {
      // The first load's query rides along so rule 7 still sees it on the landing page.
      const keep = s.firstLoad && !s.queryHandled && s.search && !target.includes('?') ? s.search : '';
      return { kind: 'redirect', to: target + keep, rule: 5 };
    }

    // 6. A platform or shared database opens the explorer.
    if (s.platformDbId) return { kind: 'openDatabase', source: 'platform', to: Paths.EXPLORER };
    if (s.sharedDbCode) return { kind: 'openDatabase', source: 'shared', to: Paths.EXPLORER };

    // 7. Query parameters of the first load.
    if (s.firstLoad && !s.queryHandled) {
      const query = parseFirstLoadQuery(s.search, path);
      if (query.actions.length > 0 || query.to !== path) return { kind: 'applyQuery', actions: query.actions, to: query.to };
    }

    // 8. The data-in default page needs replication:read, else the agents page.
    if (path === Paths.DATA_IN && !s.privileges.includes(Privilege.REPLICATION_READ)) return { kind: 'redirect', to: Paths.DATA_IN_AGENTS, rule: 8 };
    return allow;
  }

  // 9. Registration incomplete: /register.
  if (status === AccountStatus.INCOMPLETE_0 || status === AccountStatus.INCOMPLETE_1) return go(path, Paths.REGISTER, 9);
  return { kind: 'abnormal', status: status ?? -1 };
}
