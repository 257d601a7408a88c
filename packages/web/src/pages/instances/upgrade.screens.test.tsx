import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { ServerResponse } from 'node:http';
import { ALL_PRIVILEGES, Privilege, type BillingOverview, type Instance, type PricePlan } from '@tscloud/contracts';
import { Providers } from '../../app/Providers';
import { DialogHost } from '../../components/dialogs/DialogHost';
import { closeDialog } from '../../components/dialogs/dialogManager';
import { configureTestHttp } from '../../testing/httpEnvironment';
import { queryClient } from '../../data/queryClient';
import { patchBoot } from '../../state/boot';
import { clearSession, getDeviceId, getToken, mfaHeaders, selectOrg, session, setToken, setUserInfo } from '../../state/session';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import InstancesPage from './InstancesPage';

/**
 * The plan upgrade from the instance list (§5, §6) with the real request layer and dialogs against a scripted server:
 * the action's visibility, the no-billing-rights alert, the credit warning, the confirmation and the call.
 */
vi.setConfig({ testTimeout: 120_000 });

const ok = (data: unknown) => ({ code: 200, message: 'success', data });
let instances: Instance[] = [];
let billing: BillingOverview = { balance: 0, credit_card: false, marketplace: false };

const plan = (level: 0 | 1 | 2, price: number): PricePlan => ({
  id: String(level),
  name: ['FREE', 'STANDARD', 'ENTERPRISE'][level],
  planName: ['FREE', 'STANDARD', 'ENTERPRISE'][level],
  planNameShow: ['Free', 'Standard', 'Enterprise'][level],
  level,
  basicChargeHourPrice: price,
  additionalConnector: [],
  limits: { instancesPerOrg: null, cores: 2, memoryGb: 2, storageGb: 5, egressGb: 5, databases: 3, stables: 100, tables: 1000, topics: 5, streams: 5, ipAllowList: level > 0, ha: level > 0 },
});

function instance(privileges: string[]): Instance {
  return {
    id: 'i1', name: 'tsdb-i1', alias: 'prod', region_id: 'local', cloud_id: 'local', cloud_name: 'Local', region_name: 'local', td_cluster_id: 'tsdb-i1',
    cluster_status: 'Running', status_reason: null, image_version: '3.3.0.0', app_type: 'TSDB', ha: 0, gateway_url: 'http://gw.example/gw/i1',
    type: 'TSDB', plan: 0, url: '', create_time: 1_700_000_000_000, privileges, quota_info: { storage: 5, egress: 5 },
    app_price_plan_name: 'FREE', app_price_plan_level: 0, additional_storage: { support: true, metricType: 'STORAGE', price: 0, storage: 0 }, additional_connector: [],
  };
}

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  // No keep-alive: on a loaded machine a reused idle socket can meet the server's keep-alive timeout (ECONNRESET).
  res.setHeader('Connection', 'close');
  const path = req.url.split('?')[0];
  if (path === '/api/app/list') return sendJson(res, ok(instances));
  if (path.startsWith('/api/region/local/monitor/cluster/status/')) return sendJson(res, ok({ id: 'i1', cluster_status: 'Running', status_reason: null }));
  if (path === '/api/billing/PricePlan/list/instance') return sendJson(res, ok(req.url.includes('ha=1') ? [plan(1, 0.5), plan(2, 2)] : [plan(0, 0), plan(1, 0.25), plan(2, 1)]));
  if (path === '/api/billing/payment/summary/overview') return sendJson(res, ok(billing));
  if (req.method === 'POST' && path === '/api/region/local/app/upgrade') {
    instances = instances.map((i) => ({ ...i, app_price_plan_level: 1, plan: 1 }));
    return sendJson(res, ok({ id: 'i1', price_plan_level: 1, ha: 0 }));
  }
  if (path === '/api/app/menus/i1' || path === '/api/org/menus') return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
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
  closeDialog();
  cleanup();
  clearSession();
  queryClient.clear();
  server.requests.length = 0;
  billing = { balance: 0, credit_card: false, marketplace: false };
});

afterAll(() => server.close());

function open(privileges: string[], marketplaceType: string | null = null) {
  instances = [instance(privileges)];
  setToken('Bearer t1');
  setUserInfo({ id: 'u1', email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee', accountStatus: 2, avatar: '' } as never);
  selectOrg('o1', 'i1');
  patchBoot({ orgs: [{ orgId: 'o1', name: 'Acme', orgStatus: 'ACTIVE', orgDiscount: 1, privileges, marketplaceType, isOwner: true } as never], instances });
  const router = createMemoryRouter([{ path: '/instances', element: <InstancesPage /> }], { initialEntries: ['/instances'] });
  render(
    <Providers>
      <RouterProvider router={router} />
      <DialogHost />
    </Providers>,
  );
}

/** The plan dialog, looked up again each time (antd may re-mount its content while it opens). */
const planDialog = async () => (await screen.findByText('Current plan of prod: Free', {}, { timeout: 30_000 })).closest('[role="dialog"]') as HTMLElement;
const pickStandard = async () => fireEvent.click(await within(await planDialog()).findByText('Standard', {}, { timeout: 30_000 }));
const row = async () => (await screen.findByText('prod', {}, { timeout: 30_000 })).closest('tr')!;

describe('plan upgrade from the instance list', () => {
  it('checks the credit: a balance below the hourly charge shows the warning and sends nothing', async () => {
    open([...ALL_PRIVILEGES]);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Upgrade' }));
    expect(within(await planDialog()).getByText('Price plan')).toBeTruthy();
    await pickStandard();
    fireEvent.click(within(await planDialog()).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByTestId('upgrade-credit-warning', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('Insufficient credit')).toBeTruthy();
    expect(server.requests.some((r) => r.url === '/api/region/local/app/upgrade')).toBe(false);
  });

  it('with enough credit asks for confirmation, then upgrades and reloads the list', async () => {
    billing = { balance: 0.25, credit_card: false, marketplace: false };
    open([...ALL_PRIVILEGES]);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Upgrade' }));
    await pickStandard();
    fireEvent.click(within(await planDialog()).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByTestId('upgrade-confirm', {}, { timeout: 30_000 })).toBeTruthy();
    const listReads = server.requests.filter((r) => r.url === '/api/app/list').length;
    fireEvent.click(within(await planDialog()).getByRole('button', { name: 'Confirm upgrade' }));
    await waitFor(() => expect(server.requests.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/region/local/app/upgrade'), { timeout: 30_000 });
    const sent = server.requests.find((r) => r.url === '/api/region/local/app/upgrade')!;
    expect(JSON.parse(sent.body)).toEqual({ app_id: 'i1', cluster_id: 'tsdb-i1', price_plan_id: '1', high_availability: 0 });
    await waitFor(() => expect(server.requests.filter((r) => r.url === '/api/app/list').length).toBeGreaterThan(listReads), { timeout: 30_000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 30_000 });
  });

  it('without billing:credit:query shows the no-billing-rights alert instead of the dialog', async () => {
    open([Privilege.ORG_READ, Privilege.INSTANCE_READ, Privilege.BILLING_INSTANCE_UPGRADE]);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByTestId('upgrade-no-rights', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('You have no billing query rights, so you cannot upgrade the plan')).toBeTruthy();
  });

  it('is hidden without billing:instance:upgrade and for a marketplace organization', async () => {
    open([Privilege.ORG_READ, Privilege.INSTANCE_READ, Privilege.BILLING_CREDIT_QUERY]);
    expect(within(await row()).queryByRole('button', { name: 'Upgrade' })).toBeNull();
    cleanup();
    open([...ALL_PRIVILEGES], 'aws');
    expect(within(await row()).queryByRole('button', { name: 'Upgrade' })).toBeNull();
  });
});
