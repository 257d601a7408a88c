import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { ALL_PRIVILEGES, type Instance } from '@tscloud/contracts';
import { closeDialog } from '../../components/dialogs/dialogManager';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { testPlanList } from '../../testing/pricePlans';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../testing/screenHarness';
import InstancesPage from './InstancesPage';

/**
 * The plan dialog on a marketplace deployment (TSCLOUD_MARKETPLACE=aws): every organization there is a marketplace
 * one, and the action is offered as 'Plan' (issue 14: it could never be opened); the marketplace meters the charge,
 * so the upgrade goes through without a balance.
 */
vi.mock('../../config/edition', async (original) => {
  const actual = await original<typeof import('../../config/edition')>();
  return { ...actual, edition: actual.resolveEdition('international', 'aws') };
});
vi.setConfig({ testTimeout: 120_000 });

let instances: Instance[] = [];

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (path === '/api/app/list') return sendJson(res, ok(instances));
  if (path.startsWith('/api/region/local/monitor/cluster/status/')) return sendJson(res, ok({ id: 'i1', cluster_status: 'Running', status_reason: null }));
  if (path === '/api/billing/PricePlan/list/instance') return sendJson(res, ok(testPlanList(req.url)));
  if (path === '/api/billing/payment/summary/overview') return sendJson(res, ok({ balance: 0, credit_card: false, marketplace: true }));
  if (req.method === 'POST' && path === '/api/region/local/app/upgrade') return sendJson(res, ok({ id: 'i1', price_plan_level: 1, ha: 0, addons: { storageGb: 0, connectors: [] } }));
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server, { reset: () => closeDialog() });

describe('the Plan dialog on a marketplace deployment', () => {
  it('opens from the Plan action of a marketplace organization and upgrades without a balance', async () => {
    instances = [testInstance({ gateway_url: 'http://gw.example/gw/i1', plan: 0, app_price_plan_name: 'FREE', app_price_plan_level: 0 })];
    signIn({ instances, privileges: [...ALL_PRIVILEGES], marketplaceType: 'aws', email: 'ann@example.com' });
    renderScreen([{ path: '/instances', element: <InstancesPage /> }], { dialogs: true });
    const row = (await screen.findByText('prod', {}, { timeout: 30_000 })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Plan' }));
    const dialog = (await screen.findByText('Current plan of prod: Free', {}, { timeout: 30_000 })).closest('[role="dialog"]') as HTMLElement;
    expect(within(dialog).getByText('Plan')).toBeTruthy();
    fireEvent.click(await within(dialog).findByText('Standard', {}, { timeout: 30_000 }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByTestId('upgrade-confirm', {}, { timeout: 30_000 })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm upgrade' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST' && r.url === '/api/region/local/app/upgrade')).toBe(true), { timeout: 30_000 });
  });
});
