import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { ServerResponse } from 'node:http';
import { ALL_PRIVILEGES, type Instance, type PricePlan } from '@tscloud/contracts';
import { Providers } from '../../app/Providers';
import { configureTestHttp } from '../../testing/httpEnvironment';
import { queryClient } from '../../data/queryClient';
import { rememberInstanceToken, forgetInstanceTokens } from '../../data/instances/tokens';
import { patchBoot } from '../../state/boot';
import { clearSession, getDeviceId, getToken, mfaHeaders, selectOrg, session, setToken, setUserInfo } from '../../state/session';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import InstancesPage from './InstancesPage';
import CreateInstancePage from './CreateInstancePage';
import IpWhiteListPage from '../ipWhiteList/IpWhiteListPage';
import ProgrammingPage from '../programming/ProgrammingPage';

/**
 * The instance screens in a DOM with the real request layer, stores and query cache, against an HTTP server that
 * answers the way the tscloud server's instance routes do (statuses move on start, aliases are unique).
 */
// A busy machine renders antd slowly in jsdom: these tests get more time than the default.
vi.setConfig({ testTimeout: 120_000 });

const ok = (data: unknown) => ({ code: 200, message: 'success', data });
let instances: Instance[] = [];
let allowList: Array<{ id: string; app_id: string; ip: string; create_time: number }> = [];

const plan = (level: 0 | 1 | 2, price: number): PricePlan => ({
  id: String(level),
  name: ['FREE', 'STANDARD', 'ENTERPRISE'][level],
  planName: ['FREE', 'STANDARD', 'ENTERPRISE'][level],
  planNameShow: ['Free', 'Standard', 'Enterprise'][level],
  level,
  basicChargeHourPrice: price,
  additionalConnector: [],
  limits: { instancesPerOrg: level === 0 ? 1 : null, cores: level === 0 ? 0.5 : 2, memoryGb: 2, storageGb: 5, egressGb: 5, databases: 3, stables: 100, tables: 1000, topics: 5, streams: 5, ipAllowList: level > 0, ha: level > 0 },
});

function instance(id: string, alias: string, status: Instance['cluster_status'], level: 0 | 1 = 1): Instance {
  return {
    id, name: `tsdb-${id}`, alias, region_id: 'local', cloud_id: 'local', cloud_name: 'Local', region_name: 'local', td_cluster_id: `tsdb-${id}`,
    cluster_status: status, status_reason: null, image_version: '3.3.0.0', app_type: 'TSDB', ha: 0, gateway_url: `http://gw.example:8080/gw/${id}`,
    type: 'TSDB', plan: level, url: '', create_time: 1_700_000_000_000, privileges: [...ALL_PRIVILEGES], quota_info: { storage: 5, egress: 5 },
    app_price_plan_name: 'STANDARD', app_price_plan_level: level, additional_storage: { support: true, metricType: 'STORAGE', price: 0, storage: 0 }, additional_connector: [],
  };
}

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  const start = /^\/api\/region\/local\/cluster\/start\/(.+)$/.exec(path);
  if (req.method === 'PUT' && start) {
    instances = instances.map((i) => (i.id === start[1] ? { ...i, cluster_status: 'Starting' } : i));
    return sendJson(res, ok({ id: start[1], cluster_status: 'Starting', status_reason: null }));
  }
  if (path === '/api/app/list') return sendJson(res, ok(instances));
  if (path.startsWith('/api/region/local/monitor/cluster/status/')) {
    const found = instances.find((i) => path.endsWith(i.id))!;
    return sendJson(res, ok({ id: found.id, cluster_status: found.cluster_status, status_reason: null }));
  }
  if (path === '/api/dict/cloud') return sendJson(res, ok([{ id: 'local', name: 'Local', regions: [{ id: 'local', name: 'local' }] }]));
  if (path === '/api/billing/PricePlan/list/instance') return sendJson(res, ok(req.url.includes('ha=1') ? [plan(1, 0.5), plan(2, 2)] : [plan(0, 0), plan(1, 0.25), plan(2, 1)]));
  if (req.method === 'POST' && path === '/api/region/local/app') {
    const body = JSON.parse(req.body) as { alias: string };
    if (instances.some((i) => i.alias.toLowerCase() === body.alias.toLowerCase())) return sendJson(res, { code: 409, message: 'Instance alias is duplicated', data: null });
    const created = instance('new1', body.alias, 'Starting');
    instances = [...instances, created];
    return sendJson(res, ok({ instance: created, token: 'secret-token-123456' }));
  }
  if (path === '/api/region/local/appipwhitelist' && req.method === 'GET') return sendJson(res, ok(allowList));
  if (path === '/api/region/local/appipwhitelist' && req.method === 'POST') {
    const body = JSON.parse(req.body) as { app_id: string; ip: string };
    allowList = [...allowList, { id: `e${allowList.length}`, app_id: body.app_id, ip: body.ip, create_time: 1_700_000_000_000 }];
    return sendJson(res, ok(allowList.at(-1)));
  }
  if (path === '/api/app/menus/i1' || path === '/api/org/menus') return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  // jsdom has no ResizeObserver (antd's tables and tabs observe their size).
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
  configureTestHttp(server.origin, { token: getToken, orgId: () => session.get().current.orgId, deviceId: getDeviceId, mfaHeaders: () => mfaHeaders() });
});

afterEach(() => {
  cleanup();
  clearSession();
  queryClient.clear();
  forgetInstanceTokens();
  server.requests.length = 0;
  allowList = [];
});

afterAll(() => server.close());

function open(path: string, routes: Array<{ path: string; element: React.ReactNode }>) {
  setToken('Bearer t1');
  setUserInfo({ id: 'u1', email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee', accountStatus: 2, avatar: '' } as never);
  selectOrg('o1', 'i1');
  patchBoot({ orgs: [{ orgId: 'o1', name: 'Acme', orgStatus: 'ACTIVE', orgDiscount: 1, privileges: [...ALL_PRIVILEGES], marketplaceType: null, isOwner: true } as never], instances });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('instances list', () => {
  it('shows each instance with its status; delete only for a Suspended one; start moves it to Starting without a reload', async () => {
    instances = [instance('i1', 'prod', 'Running'), instance('i2', 'old', 'Suspended')];
    open('/instances', [{ path: '/instances', element: <InstancesPage /> }]);
    const prodRow = (await screen.findByText('prod', {}, { timeout: 30_000 })).closest('tr')!;
    const oldRow = screen.getByText('old').closest('tr')!;
    expect(within(prodRow).getByText('Running')).toBeTruthy();
    expect(within(prodRow).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(oldRow).getByRole('button', { name: 'Delete' })).toBeTruthy();

    // The row is looked up again: the list may have been re-read (and the row re-rendered) meanwhile.
    await waitFor(() => expect(server.requests.filter((r) => r.url === '/api/app/list').length).toBeGreaterThan(0));
    fireEvent.click(within(screen.getByText('old').closest('tr')!).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT' && r.url === '/api/region/local/cluster/start/i2')).toBe(true), { timeout: 30_000 });
    await waitFor(() => expect(within(screen.getByText('old').closest('tr')!).getByText('Starting')).toBeTruthy(), { timeout: 30_000 });
  });
});

describe('create instance', () => {
  const routes = () => [
    { path: '/instances/create/:type', element: <CreateInstancePage /> },
    { path: '/instances', element: <div>list page</div> },
  ];
  const typeAlias = (value: string) => fireEvent.change(screen.getByLabelText('Alias'), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create' }));

  it('shows the name rule before sending and keeps what was typed when the server refuses', async () => {
    instances = [instance('i1', 'prod', 'Running')];
    open('/instances/create/tsdb', routes());
    expect(await screen.findByTestId('plan-price-1', {}, { timeout: 30_000 })).toHaveProperty('textContent', '$0.25 per hour');

    typeAlias('bad|name');
    submit();
    expect(await screen.findByText(/The name cannot contain/, {}, { timeout: 30_000 })).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    typeAlias('PROD');
    submit();
    expect(await screen.findByText('Instance alias is duplicated', {}, { timeout: 30_000 })).toBeTruthy();
    expect((screen.getByLabelText('Alias') as HTMLInputElement).value).toBe('PROD');
  });

  it('sends type, cloud, plan and HA, then goes to the list', async () => {
    instances = [instance('i1', 'prod', 'Running')];
    const router = open('/instances/create/tsdb', routes());
    await screen.findByTestId('plan-price-1', {}, { timeout: 30_000 });
    typeAlias('staging');
    submit();
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true), { timeout: 30_000 });
    expect(JSON.parse(server.requests.find((r) => r.method === 'POST')!.body)).toEqual({ alias: 'staging', cloud_id: 'local', price_plan_level: 0, ha: 0 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/instances'), { timeout: 60_000 });
  });
});

describe('IP allow-list', () => {
  it('refuses an invalid address before sending and adds a valid one', async () => {
    instances = [instance('i1', 'prod', 'Running', 1)];
    open('/ip', [{ path: '/ip', element: <IpWhiteListPage /> }]);
    const input = await screen.findByLabelText('IP address', {}, { timeout: 30_000 });
    fireEvent.change(input, { target: { value: '300.1.1.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a valid IP address', {}, { timeout: 30_000 })).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(input, { target: { value: '10.0.0.0/8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('10.0.0.0/8', {}, { timeout: 30_000 })).toBeTruthy();
  });

  it('the free plan shows the upgrade notice and no form', async () => {
    instances = [instance('i1', 'prod', 'Running', 0)];
    open('/ip', [{ path: '/ip', element: <IpWhiteListPage /> }]);
    expect(await screen.findByTestId('ip-upgrade-notice', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByLabelText('IP address')).toBeNull();
  });
});

describe('programming page', () => {
  it('snippets carry the real gateway URL; the token is masked on screen until revealed', async () => {
    instances = [instance('i1', 'prod', 'Running')];
    rememberInstanceToken('i1', 'abcdefghijklmnop');
    open('/programming', [{ path: '/programming', element: <ProgrammingPage /> }]);
    const curl = await screen.findByTestId('snippet-curl', {}, { timeout: 30_000 });
    expect(curl.textContent).toContain('curl -L -d "SHOW DATABASES" "http://gw.example:8080/gw/i1/rest/sql?token=abcd********mnop"');
    fireEvent.click(screen.getByRole('button', { name: 'Show token' }));
    await waitFor(() => expect(screen.getByTestId('snippet-curl').textContent).toContain('token=abcdefghijklmnop'), { timeout: 30_000 });
  });

  it('without a token seen in this session the snippets use a placeholder', async () => {
    instances = [instance('i1', 'prod', 'Running')];
    open('/programming', [{ path: '/programming', element: <ProgrammingPage /> }]);
    const curl = await screen.findByTestId('snippet-curl', {}, { timeout: 30_000 });
    expect(curl.textContent).toContain('/gw/i1/rest/sql?token=%3CTOKEN%3E');
  });
});
