import { isValidElement, type ReactElement } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { ALL_PRIVILEGES, type Instance } from '@tscloud/contracts';
import { Providers } from '../app/Providers';
import { DialogHost } from '../components/dialogs/DialogHost';
import { queryClient } from '../data/queryClient';
import { patchBoot } from '../state/boot';
import { clearSession, getDeviceId, getCsrfToken, mfaHeaders, selectOrg, session, setUserInfo } from '../state/session';
import { openTestSession } from './session';
import { configureTestHttp } from './httpEnvironment';
import type { startTestServer } from './httpServer';

/**
 * What screen tests share: a screen rendered with the real request layer, stores, query cache and router against a
 * scripted test server (httpServer.ts), by a signed-in member of organization o1 with instance i1 selected.
 * Test-only helper.
 */

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The envelope of a successful answer. */
export const ok = (data: unknown) => ({ code: 200, message: 'success', data });

/** The menus calls (answered `{}`: nothing hidden), which the console shell makes for the organization and instance. */
export const isMenusCall = (path: string) => path === '/api/org/menus' || path.startsWith('/api/app/menus/');

/** What antd asks of the window and jsdom lacks: matchMedia, ResizeObserver, getComputedStyle of a pseudo-element. */
export function fillJsdomGaps(): void {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // antd asks for pseudo-element styles, which jsdom does not implement: the second argument is dropped.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
}

/** CodeMirror measures text; jsdom has no layout, so ranges report empty rectangles (screens with the SQL editor). */
export function fillRangeLayout(): void {
  document.createRange = (() => {
    const range = new Range();
    range.getBoundingClientRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) });
    range.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
    return range;
  }) as typeof document.createRange;
}

/**
 * Call at the top of a screen test file: before all, the jsdom gaps are filled and the request layer sends to
 * `server` with the session's token and organization; after each test the DOM, session, query cache and recorded
 * requests are cleared (then `reset` runs, for the file's own state); after all, the server closes.
 */
export function useScreenTest(server: TestServer, options: { beforeAll?: () => void; reset?: () => void } = {}): void {
  beforeAll(() => {
    fillJsdomGaps();
    configureTestHttp(server.origin, { csrfToken: getCsrfToken, orgId: () => session.get().current.orgId, deviceId: getDeviceId, mfaHeaders: () => mfaHeaders() });
    options.beforeAll?.();
  });
  afterEach(() => {
    cleanup();
    clearSession();
    queryClient.clear();
    server.requests.length = 0;
    options.reset?.();
  });
  afterAll(() => server.close());
}

/** Instance i1 ("prod"), Running, Standard plan, every privilege; `over` changes what a test looks at. */
export function testInstance(over: Partial<Instance> = {}): Instance {
  return {
    id: 'i1', name: 'tsdb-i1', alias: 'prod', region_id: 'local', cloud_id: 'local', cloud_name: 'Local', region_name: 'local', td_cluster_id: 'tsdb-i1',
    cluster_status: 'Running', status_reason: null, image_version: '3.3.0.0', backend: { kind: 'engine' }, stream_model: 'classic', app_type: 'TSDB', ha: 0, gateway_url: '', type: 'TSDB', plan: 1, url: '',
    create_time: 1_700_000_000_000, privileges: [...ALL_PRIVILEGES], resource_privileges: [...ALL_PRIVILEGES], quota_info: { storage: 5, egress: 5 }, app_price_plan_name: 'STANDARD', app_price_plan_level: 1,
    additional_storage: { support: true, metricType: 'STORAGE', price: 0, storage: 0 }, additional_connector: [],
    ...over,
  } as Instance;
}

export interface SignInOptions {
  /** the instances the boot data lists (default: testInstance()) */
  instances?: Instance[];
  /** the member's privileges in organization o1 (default: all) */
  privileges?: string[];
  marketplaceType?: string | null;
  email?: string;
}

/** Signs user u1 in as owner of organization o1 ("Acme") with instance i1 selected, as the boot call would. */
export function signIn(options: SignInOptions = {}): void {
  openTestSession();
  setUserInfo({ id: 'u1', email: options.email ?? 'owner@example.com', first_name: 'Ann', last_name: 'Lee', accountStatus: 2, avatar: '' } as never);
  selectOrg('o1', 'i1');
  const org = { orgId: 'o1', name: 'Acme', orgStatus: 'ACTIVE', orgDiscount: 1, privileges: options.privileges ?? [...ALL_PRIVILEGES], marketplaceType: options.marketplaceType ?? null, isOwner: true };
  patchBoot({ orgs: [org as never], instances: options.instances ?? [testInstance()] });
}

/**
 * Renders a screen in the app's providers: one element (at `/`), or routes opened at `at` (default: the first
 * route's path). `dialogs` adds the dialog host. Returns the router, for tests that look at where it went.
 */
export function renderScreen(screen: ReactElement | RouteObject[], options: { at?: string; dialogs?: boolean } = {}) {
  const routes = isValidElement(screen) ? [{ path: '/', element: screen }] : (screen as RouteObject[]);
  const router = createMemoryRouter(routes, { initialEntries: [options.at ?? routes[0].path ?? '/'] });
  render(
    <Providers>
      <RouterProvider router={router} />
      {options.dialogs && <DialogHost />}
    </Providers>,
  );
  return router;
}
