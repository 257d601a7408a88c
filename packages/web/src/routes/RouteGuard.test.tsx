import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, cleanup } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { ServerResponse } from 'node:http';
import { ALL_PRIVILEGES } from '@tscloud/contracts';
import { Providers } from '../app/Providers';
import { configureTestHttp } from '../testing/httpEnvironment';
import { queryClient } from '../data/queryClient';
import { boot } from '../state/boot';
import { clearSession, getDeviceId, getCsrfToken, mfaHeaders, session } from '../state/session';
import { openTestSession } from '../testing/session';
import { logout } from '../state/logout';
import { sendJson, startTestServer, type RecordedRequest } from '../testing/httpServer';
import { buildRoutes } from './router';
import { CONSOLE_PAGES } from './consolePages';
import { lazyPage } from './lazyPage';
import { replayStoredPath } from './chunkReload';
import { StorageKey, writeJson } from '../state/storage';
import { noteRetriesExhausted, serviceBusy } from '../state/serviceBusy';

/**
 * The guard adapter end to end in a DOM: the real router, stores, request layer and pages, against a real HTTP
 * server that answers as the tscloud server does.
 */
let answers: Record<string, unknown> = {};
const ok = (data: unknown) => ({ code: 200, message: 'success', data });
const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  // An answer may depend on the organization of the call (Account-Id), as the server's do.
  const answer = answers[`${path} ${String(req.headers['account-id'])}`] ?? answers[path];
  if (answer === undefined) return sendJson(res, { code: 404, message: 'Not found', data: null });
  sendJson(res, answer);
});

// The console layout is a lazy chunk: transforming it on first use took over 15 s on a loaded machine, inside a
// test's wait for the header. Loaded once here, the router's lazy import finds it ready.
beforeAll(async () => {
  await import('../components/layout/AppLayout');
}, 120_000);

beforeAll(() => {
  // antd reads media queries; jsdom has none.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  // jsdom implements getComputedStyle without pseudo-elements (antd measures the scrollbar with one).
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
  configureTestHttp(server.origin, {
    csrfToken: getCsrfToken,
    orgId: () => session.get().current.orgId,
    deviceId: getDeviceId,
    mfaHeaders: () => mfaHeaders(),
    onSessionInvalid: () => void logout({ callServer: false }),
    onRetriesExhausted: noteRetriesExhausted,
  });
});

afterEach(() => {
  cleanup();
  clearSession();
  queryClient.clear();
  boot.set((b) => ({ ...b, firstLoad: true, bannerChecked: false, banner: null, globalLoaded: false, userLoaded: false, rebuilt: false, justRebuilt: false, queryHandled: false, orgs: [], instances: [] }));
  localStorage.clear();
  serviceBusy.set(null);
  answers = {};
});

afterAll(() => server.close());

const user = (accountStatus: number) => ({ id: 'u1', email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee', accountStatus, avatar: '' });
const org = { orgId: 'o1', name: 'Acme', orgStatus: 'ACTIVE', orgDiscount: 1, privileges: ALL_PRIVILEGES, marketplaceType: null, isOwner: true };

function start(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('route guard in the app', () => {
  it('signed out: any console page goes to the sign-in form', async () => {
    answers = { '/api/banner': ok(null) };
    const router = start('/activity');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 15_000 })).toBeTruthy();
  });

  it('an ERROR banner sends every page to maintenance', async () => {
    answers = { '/api/banner': ok({ type: 'ERROR', content: 'Upgrading until 22:00' }) };
    const router = start('/auth/signup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/maintenance'));
    expect(await screen.findByText('Upgrading until 22:00', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('account status 1 goes to /register', async () => {
    openTestSession();
    answers = { '/api/banner': ok(null), '/api/dict/verify-urls': ok([]), '/api/user/info': ok(user(1)), '/api/dict/industry': ok([]), '/api/dict/position': ok([]), '/api/dict/country': ok([]) };
    const router = start('/activity');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('status 2, owner without instances: the organization list is loaded and the landing is /createFirstInstance', async () => {
    openTestSession();
    answers = {
      '/api/banner': ok(null),
      '/api/dict/verify-urls': ok([]),
      '/api/user/info': ok(user(2)),
      '/api/org': ok({ list: [org], total: 1, current_page: 1, page_size: 10000 }),
      '/api/org/menus': ok({ Instances: true }),
      '/api/app/list': ok([]),
      '/api/alert/list': ok({ list: [], total: 0, current_page: 1, page_size: 10 }),
    };
    const router = start('/activity');
    await waitFor(() => expect(router.state.location.pathname).toBe('/createFirstInstance'), { timeout: 5000 });
    expect(session.get().current.orgId).toBe('o1');
    expect(server.requests.find((r) => r.url.startsWith('/api/org?'))?.url).toBe('/api/org?current_page=1&page_size=10000');
    await router.navigate('/activity');
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
    expect(await screen.findByTestId('org-switcher', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('a deep link ?orgId=&insId= switches the organization and lands on its path, not that organization\'s first page (issue 14 item 7)', async () => {
    openTestSession();
    const other = { ...org, orgId: 'o2', name: 'Globex' };
    answers = {
      '/api/banner': ok(null),
      '/api/dict/verify-urls': ok([]),
      '/api/user/info': ok(user(2)),
      '/api/org': ok({ list: [org, other], total: 2, current_page: 1, page_size: 10000 }),
      '/api/org/menus': ok({}),
      // The organization chosen at sign-in (o1) has no instances; the linked one has the instance of the alert.
      '/api/app/list o1': ok([]),
      '/api/app/list o2': ok([{ id: 'i2', name: 'plant', region_id: 'r', cluster_status: 'Running', app_type: 'TSDB' }]),
      '/api/app/menus/i2': ok({}),
      '/api/alert/list': ok({ list: [], total: 0, current_page: 1, page_size: 10 }),
    };
    const router = start('/dashboard?orgId=o2&insId=i2');
    await waitFor(() => expect(session.get().current).toMatchObject({ orgId: 'o2', instanceId: 'i2' }), { timeout: 5000 });
    await waitFor(() => expect(boot.get().firstLoad).toBe(false), { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a page chunk that fails again after its reload is shown inside the console layout (issue 14 item 8)', async () => {
    openTestSession();
    answers = {
      '/api/banner': ok(null),
      '/api/dict/verify-urls': ok([]),
      '/api/user/info': ok(user(2)),
      '/api/org': ok({ list: [{ ...org, isOwner: false }], total: 1, current_page: 1, page_size: 10000 }),
      '/api/org/menus': ok({}),
      '/api/app/list': ok([]),
      '/api/alert/list': ok({ list: [], total: 0, current_page: 1, page_size: 10 }),
    };
    // This page load is the reload made for /activity, and its chunk is still missing.
    writeJson(StorageKey.CHUNK_RELOAD_PATH, { path: '/activity', at: Date.now() }, 'session');
    replayStoredPath();
    const activityPage = CONSOLE_PAGES.activity;
    CONSOLE_PAGES.activity = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/ActivityPage-gone.js')));
    try {
      start('/activity');
      expect(await screen.findByText(/This page could not be loaded/, {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
      expect(screen.getByTestId('org-switcher')).toBeTruthy();
    } finally {
      CONSOLE_PAGES.activity = activityPage;
      window.history.replaceState(null, '', '/');
    }
  });

  it('the organization list still 439 after every retry: the console opens on Messages, which says why (issue 14 item 14)', async () => {
    openTestSession();
    answers = {
      '/api/banner': ok(null),
      '/api/dict/verify-urls': ok([]),
      '/api/user/info': ok(user(2)),
      '/api/org': { code: 21439, message: '', data: null },
      '/api/alert/list': ok({ list: [], total: 0, current_page: 1, page_size: 10 }),
    };
    const before = server.requests.length;
    const router = start('/activity');
    await waitFor(() => expect(router.state.location.pathname).toBe('/alert'), { timeout: 10_000 });
    const explanation = await screen.findByTestId('service-busy', {}, { timeout: 15_000 });
    expect(explanation.textContent).toContain('The service was busy: GET /api/org was tried 6 times without an answer');
    // The first try and the five retries of §8.
    expect(server.requests.slice(before).filter((r) => r.url.startsWith('/api/org?')).length).toBeGreaterThanOrEqual(6);
  });

  it('any other status shows the account-abnormal dialog titled with the status', async () => {
    openTestSession();
    answers = { '/api/banner': ok(null), '/api/dict/verify-urls': ok([]), '/api/user/info': ok(user(3)) };
    start('/activity');
    expect(await screen.findByText('Status 3', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('a failure loading user info logs out without a server logout call', async () => {
    openTestSession();
    answers = { '/api/banner': ok(null), '/api/dict/verify-urls': ok([]), '/api/user/info': { code: 21432, message: 'gone', data: null } };
    const before = server.requests.length;
    const router = start('/activity');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(getCsrfToken()).toBeNull();
    expect(server.requests.slice(before).some((r) => r.url === '/api/user/logout')).toBe(false);
  });
});
