import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { ALL_PRIVILEGES, Privilege, type BillingOverview, type Instance } from '@tscloud/contracts';
import { closeDialog } from '../../components/dialogs/dialogManager';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { testPlanList } from '../../testing/pricePlans';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../testing/screenHarness';
import InstancesPage from './InstancesPage';

/**
 * The plan upgrade from the instance list (§5, §6) with the real request layer and dialogs against a scripted server:
 * the action's visibility, the no-billing-rights alert, the credit warning, the confirmation and the call.
 */
vi.setConfig({ testTimeout: 120_000 });

let instances: Instance[] = [];
let billing: BillingOverview = { balance: 0, credit_card: false, marketplace: false };

const instance = (privileges: string[], level: 0 | 1 = 0): Instance =>
  testInstance({
    gateway_url: 'http://gw.example/gw/i1',
    plan: level,
    privileges,
    app_price_plan_name: level ? 'STANDARD' : 'FREE',
    app_price_plan_level: level,
    additional_storage: { support: level > 0, metricType: 'STORAGE', price: 0.0002, storage: level ? 50 : 0 },
    additional_connector: [{ name: 'CSV', price: 0, support: true }],
  });

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (path === '/api/app/list') return sendJson(res, ok(instances));
  if (path.startsWith('/api/region/local/monitor/cluster/status/')) return sendJson(res, ok({ id: 'i1', cluster_status: 'Running', status_reason: null }));
  if (path === '/api/billing/PricePlan/list/instance') return sendJson(res, ok(testPlanList(req.url)));
  if (path === '/api/billing/payment/summary/overview') return sendJson(res, ok(billing));
  if (req.method === 'POST' && path === '/api/region/local/app/upgrade') {
    instances = instances.map((i) => ({ ...i, app_price_plan_level: 1, plan: 1 }));
    return sendJson(res, ok({ id: 'i1', price_plan_level: 1, ha: 0 }));
  }
  if (req.method === 'POST' && path === '/api/region/local/app/metrics') return sendJson(res, ok({ id: 'i1', price_plan_level: 1, ha: 0, addons: { storageGb: 100, connectors: ['CSV', 'MQTT'] } }));
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server, {
  reset: () => {
    closeDialog();
    billing = { balance: 0, credit_card: false, marketplace: false };
  },
});

function open(privileges: string[], marketplaceType: string | null = null, level: 0 | 1 = 0) {
  instances = [instance(privileges, level)];
  signIn({ instances, privileges, marketplaceType, email: 'ann@example.com' });
  renderScreen([{ path: '/instances', element: <InstancesPage /> }], { dialogs: true });
}

/** The plan dialog, looked up again each time (antd may re-mount its content while it opens). */
const planDialog = async () => (await screen.findByText(/^Current plan of prod: /, {}, { timeout: 30_000 })).closest('[role="dialog"]') as HTMLElement;
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
    expect(JSON.parse(sent.body)).toEqual({ app_id: 'i1', cluster_id: 'tsdb-i1', price_plan_id: '1', high_availability: 0, additional_metrics: [] });
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

  it('only storage or connectors changed: asks to add them and sends storage as the difference, without a credit check', async () => {
    open([...ALL_PRIVILEGES], null, 1);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Upgrade' }));
    const dialog = await planDialog();
    // The connector the instance has is ticked and cannot be removed; MQTT is offered on Standard (once the plans load).
    const csv = (await within(dialog).findByRole('checkbox', { name: /^CSV/ }, { timeout: 30_000 })) as HTMLInputElement;
    expect(csv.checked).toBe(true);
    expect(csv.disabled).toBe(true);
    const storage = within(dialog).getByRole('spinbutton', { name: 'Additional storage (GB)' });
    fireEvent.change(storage, { target: { value: '70' } });
    fireEvent.blur(storage);
    fireEvent.click(within(await planDialog()).getByRole('button', { name: 'Upgrade' }));
    expect((await screen.findByTestId('upgrade-problem', {}, { timeout: 30_000 })).textContent).toContain('Additional storage must be a multiple of 50 GB between 0 and 2000 GB');

    fireEvent.change(storage, { target: { value: '150' } });
    fireEvent.blur(storage);
    fireEvent.click(within(await planDialog()).getByRole('checkbox', { name: /^MQTT/ }));
    fireEvent.click(within(await planDialog()).getByRole('button', { name: 'Upgrade' }));
    expect((await screen.findByTestId('upgrade-confirm', {}, { timeout: 30_000 })).textContent).toContain('Add to prod: 150 GB of additional storage in total, connectors: MQTT?');
    fireEvent.click(within(await planDialog()).getByRole('button', { name: 'Confirm upgrade' }));
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/region/local/app/metrics')).toBe(true), { timeout: 30_000 });
    const sent = server.requests.find((r) => r.url === '/api/region/local/app/metrics')!;
    expect(JSON.parse(sent.body)).toEqual({
      app_id: 'i1',
      additional_metrics: [
        { metric_type: 'STORAGE', value: 100 },
        { metric_type: 'ADDITIONAL_CONNECTOR', value: 'MQTT' },
      ],
    });
    expect(server.requests.some((r) => r.url === '/api/billing/payment/summary/overview')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 30_000 });
  });
});
