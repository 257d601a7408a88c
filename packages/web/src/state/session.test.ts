import { afterEach, describe, expect, it, vi } from 'vitest';
import { MFA_TOKEN_REUSE_MS } from '@tscloud/contracts';
import { clearMfa, clearSession, getCsrfToken, getDeviceId, hasSession, lastRoute, mfaHeaders, rememberRoute, selectOrg, session, setMfaCode, setSidebarOpen, setUserInfo, setVerifyToken } from './session';
import { StorageKey } from './storage';
import type { UserInfo } from '@tscloud/contracts';

const user = (id: string): UserInfo => ({ id, email: `${id}@x.cn`, accountStatus: 2 }) as UserInfo;

afterEach(() => {
  clearSession();
  localStorage.clear();
  vi.useRealTimers();
});

describe('session', () => {
  it('reads the session indicator from the CSRF cookie the server set, and removes it on logout', () => {
    expect(hasSession()).toBe(false);
    // As the server's Set-Cookie leaves it (the HttpOnly session cookie beside it is invisible here).
    document.cookie = 'tscloud_csrf=c-123; Path=/';
    expect(getCsrfToken()).toBe('c-123');
    expect(hasSession()).toBe(true);
    clearSession();
    expect(getCsrfToken()).toBeNull();
    expect(hasSession()).toBe(false);
  });


  it('remembers organization and instance per user under "org" + userId', () => {
    setUserInfo(user('u1'));
    selectOrg('o1', 'i1');
    expect(JSON.parse(localStorage.getItem('orgu1')!)).toEqual({ orgId: 'o1', instanceId: 'i1' });
    setUserInfo(user('u2'));
    expect(session.get().current).toEqual({ orgId: null, instanceId: null });
    setUserInfo(user('u1'));
    expect(session.get().current).toEqual({ orgId: 'o1', instanceId: 'i1' });
  });

  it('remembers the last route per user', () => {
    setUserInfo(user('u1'));
    rememberRoute('/activity');
    setUserInfo(user('u2'));
    expect(lastRoute()).toBeNull();
    setUserInfo(user('u1'));
    expect(lastRoute()).toBe('/activity');
  });

  it('sends the verification token only within its 540000 ms reuse window; logout clears MFA state', () => {
    setVerifyToken('vt', 1_000);
    setMfaCode('123456');
    expect(mfaHeaders(1_000 + MFA_TOKEN_REUSE_MS - 1)).toEqual({ verifyToken: 'vt', mfaCode: '123456' });
    expect(mfaHeaders(1_000 + MFA_TOKEN_REUSE_MS)).toEqual({ mfaCode: '123456' });
    clearMfa();
    expect(mfaHeaders(1_000)).toEqual({});
  });

  it('sidebar state is stored locally, default open; the device id is random and stable', () => {
    expect(session.get().sidebarOpen).toBe(true);
    setSidebarOpen(false);
    expect(localStorage.getItem(StorageKey.SIDEBAR_OPEN)).toBe('false');
    const id = getDeviceId();
    expect(id).toMatch(/\w{8,}/);
    expect(getDeviceId()).toBe(id);
  });
});
