import { MFA_TOKEN_REUSE_MS, SessionCookie } from '@tscloud/contracts';
import type { UserInfo } from '@tscloud/contracts';
import { StorageKey, readCookie, readJson, removeCookie, writeJson } from './storage';
import { createStore, useStore } from './store';

/**
 * The session of platform-shell.md §3–4: user info, multi-factor state, current organization and instance, sidebar
 * state and device id. The session token itself is not here: the server keeps it in an HttpOnly cookie no script
 * can read (issue 12 item 8, docs/web.md "Session"). What the app sees is the readable CSRF cookie the server sets
 * beside it, with the same lifetime (2 h, pushed forward by every call): its presence says a session is open, and
 * its value goes back as the X-CSRF-Token header. It gone after the page was hidden means the session ended.
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
  /** Bumped when a session starts or is cleared, so React re-reads the session cookie. */
  sessionVersion: number;
}

const EMPTY_MFA: MfaState = { verifyToken: null, verifiedAt: null, mfaCode: null };
const NO_SELECTION: CurrentSelection = { orgId: null, instanceId: null };

export const session = createStore<SessionState>({
  userInfo: null,
  mfa: EMPTY_MFA,
  current: NO_SELECTION,
  sidebarOpen: readJson<boolean>(StorageKey.SIDEBAR_OPEN, true),
  sessionVersion: 0,
});

export function useSession<S>(select: (state: SessionState) => S): S {
  return useStore(session, select);
}

// --- session indicator ---------------------------------------------------------------------------------------

/** The CSRF token of the open session (X-CSRF-Token header), or null when no session is open. */
export function getCsrfToken(): string | null {
  return readCookie(SessionCookie.CSRF);
}

/** Whether a session is open: the session indicator of §7's "rejected locally if there is no token". */
export function hasSession(): boolean {
  return getCsrfToken() !== null;
}

/** A sign-in answered: the server has set the session cookies; React re-reads them. */
export function sessionStarted(): void {
  session.set((s) => ({ ...s, sessionVersion: s.sessionVersion + 1 }));
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

/**
 * Clears what §4 says a logout clears that this store holds: the session indicator, user info, MFA data,
 * organization data. The HttpOnly session cookie is the server's to remove (sign-out does); without the indicator
 * the app treats itself as signed out either way.
 */
export function clearSession(): void {
  removeCookie(SessionCookie.CSRF);
  session.set((s) => ({ ...s, userInfo: null, mfa: EMPTY_MFA, current: NO_SELECTION, sessionVersion: s.sessionVersion + 1 }));
}
