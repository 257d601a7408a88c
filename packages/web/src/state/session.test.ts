import { afterEach, describe, expect, it, vi } from 'vitest';
import { MFA_TOKEN_REUSE_MS, SESSION_LIFETIME_MS } from '@tscloud/contracts';
import { clearMfa, clearSession, getDeviceId, getToken, lastRoute, mfaHeaders, rememberRoute, scheduleKeepAlive, selectOrg, session, setMfaCode, setSidebarOpen, setToken, setUserInfo, setVerifyToken } from './session';
import { StorageKey } from './storage';
import type { UserInfo } from '@tscloud/contracts';

const user = (id: string): UserInfo => ({ id, email: `${id}@x.cn`, accountStatus: 2 }) as UserInfo;

afterEach(() => {
  clearSession();
  localStorage.clear();
  vi.useRealTimers();
});

describe('session', () => {
  it('keeps the token in a cookie and clears it on logout', () => {
    setToken('Bearer abc');
    expect(getToken()).toBe('Bearer abc');
    clearSession();
    expect(getToken()).toBeNull();
  });

  it('keep-alive rewrites the token 5 s after a request, once for a burst', () => {
    vi.useFakeTimers();
    setToken('Bearer abc');
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
      writes.push(v);
      descriptor.set!.call(document, v);
    });
    scheduleKeepAlive();
    scheduleKeepAlive();
    vi.advanceTimersByTime(4_999);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain(`Max-Age=${SESSION_LIFETIME_MS / 1000}`);
    spy.mockRestore();
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
