import { describe, expect, it } from 'vitest';
import { Privilege } from '@tscloud/contracts';
import { decide, type GuardState } from './guard';

/** A signed-in, fully loaded normal user on a permitted page; each test changes what its rule is about. */
function state(overrides: Partial<GuardState> = {}): GuardState {
  const permittedPaths = new Set(['/instances', '/dashboard', '/explorer', '/dataIn', '/dataIn/dataCollectionAgents', '/activity', '/createFirstInstance']);
  return {
    path: '/instances',
    search: '',
    firstLoad: false,
    banner: { checked: true, blocking: false },
    loggedIn: true,
    globalLoaded: true,
    user: { loaded: true, status: 2 },
    rebuilt: true,
    justRebuilt: false,
    ownsCurrentOrg: true,
    instanceCount: 1,
    permitted: (p) => permittedPaths.has(p),
    firstMenuPath: '/dashboard',
    defaultPage: null,
    platformDbId: null,
    sharedDbCode: null,
    queryHandled: false,
    privileges: [],
    ...overrides,
  };
}

describe('rule 1: maintenance banner', () => {
  it('fetches the banner on the first navigation, signed in or not', () => {
    expect(decide(state({ banner: { checked: false, blocking: false }, firstLoad: true }))).toEqual({ kind: 'load', what: 'banner' });
    expect(decide(state({ banner: { checked: false, blocking: false }, loggedIn: false, path: '/auth/login' }))).toEqual({ kind: 'load', what: 'banner' });
  });
  it('an ERROR banner sends every page but maintenance to maintenance', () => {
    const blocking = { checked: true, blocking: true };
    expect(decide(state({ banner: blocking }))).toEqual({ kind: 'redirect', to: '/auth/maintenance', rule: 1 });
    expect(decide(state({ banner: blocking, loggedIn: false, path: '/auth/login' }))).toMatchObject({ to: '/auth/maintenance' });
    expect(decide(state({ banner: blocking, path: '/auth/maintenance' }))).toEqual({ kind: 'allow' });
  });
});

describe('rule 2: /auth while logged in', () => {
  it('redirects to the login route', () => {
    expect(decide(state({ path: '/auth' }))).toEqual({ kind: 'redirect', to: '/auth/login', rule: 2 });
    expect(decide(state({ path: '/auth/' }))).toEqual({ kind: 'redirect', to: '/auth/login', rule: 2 });
  });
  it('a logged-in user on the login page lands on the console (rule 5)', () => {
    expect(decide(state({ path: '/auth/login' }))).toEqual({ kind: 'redirect', to: '/dashboard', rule: 5 });
  });
  it('the identity provider\'s answer at /auth/authorize is completed while signed in (SSO verification)', () => {
    expect(decide(state({ path: '/auth/authorize' }))).toEqual({ kind: 'allow' });
    expect(decide(state({ path: '/auth/authorize', globalLoaded: false }))).toEqual({ kind: 'allow' });
  });
});

describe('rule 3: not logged in', () => {
  const out = { loggedIn: false, user: { loaded: false, status: null }, rebuilt: false };
  it('allows the auth area and the terms page', () => {
    for (const path of ['/auth', '/auth/signup', '/auth/login', '/auth/guide/a@b.cn', '/auth/activate', '/tdcsvc']) {
      expect(decide(state({ ...out, path })), path).toEqual({ kind: 'allow' });
    }
  });
  it('sends anything else to the login page', () => {
    for (const path of ['/', '/instances', '/register', '/verified', '/authx', '/signup']) {
      expect(decide(state({ ...out, path })), path).toEqual({ kind: 'redirect', to: '/auth/login', rule: 3 });
    }
  });
});

describe('rule 4: logged in', () => {
  it('loads global data once, then user info, then the rebuild at status 2', () => {
    expect(decide(state({ globalLoaded: false }))).toEqual({ kind: 'load', what: 'global' });
    expect(decide(state({ user: { loaded: false, status: null } }))).toEqual({ kind: 'load', what: 'user' });
    expect(decide(state({ rebuilt: false }))).toEqual({ kind: 'load', what: 'rebuild' });
  });
  it('the four exempt pages skip the user-state check', () => {
    for (const path of ['/auth/activate', '/tdcsvc', '/verified', '/selectResource']) {
      expect(decide(state({ path, user: { loaded: false, status: null }, rebuilt: false })), path).toEqual({ kind: 'allow' });
    }
  });
  it('no rebuild below status 2', () => {
    expect(decide(state({ user: { loaded: true, status: 1 }, rebuilt: false, path: '/register' }))).toEqual({ kind: 'allow' });
  });
});

describe('rule 5: landing after the rebuild', () => {
  it('no instances in an owned organization: /createFirstInstance right after the rebuild', () => {
    expect(decide(state({ instanceCount: 0, justRebuilt: true }))).toEqual({ kind: 'redirect', to: '/createFirstInstance', rule: 5 });
    expect(decide(state({ instanceCount: 0, justRebuilt: true, ownsCurrentOrg: false }))).toEqual({ kind: 'allow' });
    expect(decide(state({ instanceCount: 0, justRebuilt: false }))).toEqual({ kind: 'allow' });
  });
  it('instances present and target createFirstInstance: /instances', () => {
    expect(decide(state({ path: '/createFirstInstance' }))).toEqual({ kind: 'redirect', to: '/instances', rule: 5 });
  });
  it('a permitted target goes there, another to the first side-menu entry', () => {
    expect(decide(state({ path: '/activity' }))).toEqual({ kind: 'allow' });
    expect(decide(state({ path: '/organizationAccessControl/roles' }))).toEqual({ kind: 'redirect', to: '/dashboard', rule: 5 });
  });
  it('the root goes to the stored default page, else the first side-menu entry', () => {
    expect(decide(state({ path: '/', defaultPage: '/activity' }))).toEqual({ kind: 'redirect', to: '/activity', rule: 5 });
    expect(decide(state({ path: '/', defaultPage: '/gone' }))).toEqual({ kind: 'redirect', to: '/dashboard', rule: 5 });
    expect(decide(state({ path: '/' }))).toEqual({ kind: 'redirect', to: '/dashboard', rule: 5 });
  });
  it('skipping the first instance (root, last page /createFirstInstance) goes to the first side-menu entry', () => {
    expect(decide(state({ path: '/', instanceCount: 0, defaultPage: '/createFirstInstance' }))).toEqual({ kind: 'redirect', to: '/dashboard', rule: 5 });
  });
  it('completing the account (root, last page /register) goes to the first side-menu entry', () => {
    const permitted = (p: string) => p === '/register' || p === '/dashboard';
    expect(decide(state({ path: '/', defaultPage: '/register', permitted }))).toEqual({ kind: 'redirect', to: '/dashboard', rule: 5 });
  });
  it('keeps the first load query on the landing page', () => {
    expect(decide(state({ path: '/', search: '?src=ad', firstLoad: true }))).toEqual({ kind: 'redirect', to: '/dashboard?src=ad', rule: 5 });
  });
});

describe('rule 6: platform and shared databases', () => {
  it('opens the database and goes to the explorer', () => {
    expect(decide(state({ platformDbId: 'db1' }))).toEqual({ kind: 'openDatabase', source: 'platform', to: '/explorer' });
    expect(decide(state({ sharedDbCode: 'x' }))).toEqual({ kind: 'openDatabase', source: 'shared', to: '/explorer' });
  });
});

describe('rule 7: first-load query parameters', () => {
  it('applies src, instanceType, orgId+insId and provider values', () => {
    const d = decide(state({ firstLoad: true, search: '?src=ad&InstanceType=TDASSET&orgId=o1&insId=i1&x-amzn-marketplace-token=t' }));
    expect(d).toEqual({
      kind: 'applyQuery',
      to: '/instances',
      actions: [
        { kind: 'storeSource', value: 'ad' },
        { kind: 'storeInstanceType', value: 'TDASSET' },
        { kind: 'switchOrg', orgId: 'o1', instanceId: 'i1' },
        { kind: 'providerValue', name: 'x-amzn-marketplace-token', value: 't' },
      ],
    });
  });
  it('sharedDBCode goes to the explorer; redirect is decoded and followed (same site only)', () => {
    expect(decide(state({ firstLoad: true, search: '?sharedDBCode=abc' }))).toMatchObject({ kind: 'applyQuery', to: '/explorer' });
    expect(decide(state({ firstLoad: true, search: `?redirect=${encodeURIComponent('/activity?x=1')}` }))).toEqual({ kind: 'applyQuery', actions: [], to: '/activity?x=1' });
    expect(decide(state({ firstLoad: true, search: '?redirect=https%3A%2F%2Fevil.example' }))).toEqual({ kind: 'allow' });
  });
  it('orgId+insId switch before rule 5 judges the path, so a link lands where it points (issue 14 item 7)', () => {
    // The organization the rebuild chose has no instances (owner: /createFirstInstance) or does not permit the path.
    const deepLink = { firstLoad: true, justRebuilt: true, path: '/dashboard', search: '?orgId=o2&insId=i2' };
    const switchThenPath = { kind: 'applyQuery', actions: [{ kind: 'switchOrg', orgId: 'o2', instanceId: 'i2' }], to: '/dashboard' };
    expect(decide(state({ ...deepLink, instanceCount: 0 }))).toEqual(switchThenPath);
    expect(decide(state({ ...deepLink, permitted: () => false }))).toEqual(switchThenPath);
    // After the switch the path is judged in the linked organization.
    expect(decide(state({ ...deepLink, queryHandled: true }))).toEqual({ kind: 'allow' });
  });
  it('only on the first load, once', () => {
    expect(decide(state({ firstLoad: false, search: '?src=ad' }))).toEqual({ kind: 'allow' });
    expect(decide(state({ firstLoad: true, queryHandled: true, search: '?src=ad' }))).toEqual({ kind: 'allow' });
  });
});

describe('rule 8: data-in default', () => {
  it('goes to the agents page unless the user has replication:read', () => {
    expect(decide(state({ path: '/dataIn' }))).toEqual({ kind: 'redirect', to: '/dataIn/dataCollectionAgents', rule: 8 });
    expect(decide(state({ path: '/dataIn', privileges: [Privilege.REPLICATION_READ] }))).toEqual({ kind: 'allow' });
  });
});

describe('rule 9 and abnormal accounts', () => {
  it('status 0 or 1 goes to /register', () => {
    for (const status of [0, 1]) {
      expect(decide(state({ user: { loaded: true, status }, rebuilt: false }))).toEqual({ kind: 'redirect', to: '/register', rule: 9 });
      expect(decide(state({ user: { loaded: true, status }, rebuilt: false, path: '/register' }))).toEqual({ kind: 'allow' });
    }
  });
  it('any other status is abnormal', () => {
    expect(decide(state({ user: { loaded: true, status: 5 }, rebuilt: false }))).toEqual({ kind: 'abnormal', status: 5 });
  });
});
