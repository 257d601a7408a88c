import { KEEP_ALIVE_DELAY_MS, MFA_TOKEN_REUSE_MS, SESSION_LIFETIME_MS } from '@tscloud/contracts';
import type { UserInfo } from '@tscloud/contracts';
import { StorageKey, TOKEN_COOKIE, readCookie, readJson, removeCookie, writeCookie, writeJson } from './storage';
import { createStore, useStore } from './store';

/**
 * The session of platform-shell.md §3–4: token, user info, multi-factor state, current organization and instance,
 * sidebar state and device id. The token lives in a cookie with a 2 h lifetime that every request pushes forward
 * (keep-alive, 5 s after the request), so a token that is gone after the page was hidden means the session ended.
 */
export interface MfaState {
  /** Token from a successful verification, reused for MFA_TOKEN_REUSE_MS. */
  verifyToken: string | null;
  verifiedAt: number | null;
  /** A code typed for the next protected call. */
  mfaCode: string | null;
}

export interface CurrentSelection {
  orgId: string | null;
  instanceId: string | null;
}

export interface SessionState {
  userInfo: UserInfo | null;
  mfa: MfaState;
  current: CurrentSelection;
  sidebarOpen: boolean;
  /** Bumped whenever the token cookie is written or removed, so React re-reads it. */
  tokenVersion: number;
}

const EMPTY_MFA: MfaState = { verifyToken: null, verifiedAt: null, mfaCode: null };
const NO_SELECTION: CurrentSelection = { orgId: null, instanceId: null };

export const session = createStore<SessionState>({
  userInfo: null,
  mfa: EMPTY_MFA,
  current: NO_SELECTION,
  sidebarOpen: readJson<boolean>(StorageKey.SIDEBAR_OPEN, true),
  tokenVersion: 0,
});

export function useSession<S>(select: (state: SessionState) => S): S {
  return useStore(session, select);
}

// --- token -------------------------------------------------------------------------------------------------

export function getToken(): string | null {
  return readCookie(TOKEN_COOKIE);
}

export function setToken(token: string): void {
  writeCookie(TOKEN_COOKIE, token, SESSION_LIFETIME_MS);
  session.set((s) => ({ ...s, tokenVersion: s.tokenVersion + 1 }));
}

let keepAliveTimer: ReturnType<typeof setTimeout> | null = null;

/** After a request: 5 s later the token's lifetime restarts (debounced, one timer for a burst of requests). */
export function scheduleKeepAlive(): void {
  if (keepAliveTimer) clearTimeout(keepAliveTimer);
  keepAliveTimer = setTimeout(() => {
    keepAliveTimer = null;
    const token = getToken();
    if (token) writeCookie(TOKEN_COOKIE, token, SESSION_LIFETIME_MS);
  }, KEEP_ALIVE_DELAY_MS);
}

// --- device --------------------------------------------------------------------------------------------------

export function getDeviceId(): string {
  let id = readJson<string | null>(StorageKey.DEVICE_ID, null);
  if (!id) {
    id = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    writeJson(StorageKey.DEVICE_ID, id);
  }
  return id;
}

// --- user and selection --------------------------------------------------------------------------------------

export function setUserInfo(userInfo: UserInfo | null): void {
  const stored = userInfo ? readJson<CurrentSelection>(StorageKey.orgOf(userInfo.id), NO_SELECTION) : NO_SELECTION;
  session.set((s) => ({ ...s, userInfo, current: userInfo ? { ...NO_SELECTION, ...stored } : NO_SELECTION }));
}

/** Switches organization (and instance) and remembers the choice under 'org' + userId. */
export function selectOrg(orgId: string | null, instanceId: string | null = null): void {
  const current = { orgId, instanceId };
  const userId = session.get().userInfo?.id;
  if (userId) writeJson(StorageKey.orgOf(userId), current);
  session.set((s) => ({ ...s, current }));
}

export function selectInstance(instanceId: string | null): void {
  selectOrg(session.get().current.orgId, instanceId);
}

export function rememberRoute(path: string): void {
  const userId = session.get().userInfo?.id;
  if (userId) writeJson(StorageKey.routeOf(userId), path);
}

export function lastRoute(): string | null {
  const userId = session.get().userInfo?.id;
  return userId ? readJson<string | null>(StorageKey.routeOf(userId), null) : null;
}

export function setSidebarOpen(open: boolean): void {
  writeJson(StorageKey.SIDEBAR_OPEN, open);
  session.set((s) => ({ ...s, sidebarOpen: open }));
}

// --- multi-factor ---------------------------------------------------------------------------------------------

export function setVerifyToken(token: string, now = Date.now()): void {
  session.set((s) => ({ ...s, mfa: { ...s.mfa, verifyToken: token, verifiedAt: now } }));
}

export function setMfaCode(code: string | null): void {
  session.set((s) => ({ ...s, mfa: { ...s.mfa, mfaCode: code } }));
}

export function clearMfa(): void {
  session.set((s) => ({ ...s, mfa: EMPTY_MFA }));
}

/** The headers of §7: a verification token only while it may be reused (540000 ms). */
export function mfaHeaders(now = Date.now()): { verifyToken?: string; mfaCode?: string } {
  const { verifyToken, verifiedAt, mfaCode } = session.get().mfa;
  const fresh = verifyToken && verifiedAt !== null && now - verifiedAt < MFA_TOKEN_REUSE_MS;
  return { ...(fresh ? { verifyToken } : {}), ...(mfaCode ? { mfaCode } : {}) };
}

/** Clears what §4 says a logout clears that this store holds: token, user info, MFA data, organization data. */
export function clearSession(): void {
  if (keepAliveTimer) clearTimeout(keepAliveTimer);
  keepAliveTimer = null;
  removeCookie(TOKEN_COOKIE);
  session.set((s) => ({ ...s, userInfo: null, mfa: EMPTY_MFA, current: NO_SELECTION, tokenVersion: s.tokenVersion + 1 }));
}
