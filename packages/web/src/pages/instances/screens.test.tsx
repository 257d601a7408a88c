import { describe, expect, it, vi } from 'vitest';
import { copiedByHand } from '../../testing/clipboard';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { ServerResponse } from 'node:http';
import type { Instance } from '@tscloud/contracts';
import { rememberInstanceToken, forgetInstanceTokens } from '../../data/instances/tokens';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { testPlanList } from '../../testing/pricePlans';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../testing/screenHarness';
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

let instances: Instance[] = [];
let billing = { balance: 0, credit_card: false, marketplace: false };
let allowList: Array<{ id: string; app_id: string; ip: string; create_time: number }> = [];

const instance = (id: string, alias: string, status: Instance['cluster_status'], level: 0 | 1 = 1): Instance =>
  testInstance({ id, name: `tsdb-${id}`, alias, td_cluster_id: `tsdb-${id}`, cluster_status: status, gateway_url: `http://gw.example:8080/gw/${id}`, plan: level, app_price_plan_level: level });

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
  if (path === '/api/billing/PricePlan/list/instance') return sendJson(res, ok(testPlanList(req.url)));
  if (path === '/api/billing/payment/summary/overview') return sendJson(res, ok(billing));
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
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server, {
  reset: () => {
    billing = { balance: 0, credit_card: false, marketplace: false };
    forgetInstanceTokens();
    allowList = [];
  },
});

function open(path: string, routes: RouteObject[], dialogs = false) {
  signIn({ instances, email: 'ann@example.com' });
  return renderScreen(routes, { at: path, dialogs });
}

describe('instances list', () => {
  it('shows each instance with its status; delete only for a Suspended one; start moves it to Starting without a reload', async () => {
    const onCluster = { ...instance('i2', 'old', 'Suspended'), image_version: '3.3.7.5', backend: { kind: 'tdengine-cluster', cluster_name: 'east-1' }, stream_model: 'triggers' } as const;
    instances = [instance('i1', 'prod', 'Running'), onCluster];
    open('/instances', [{ path: '/instances', element: <InstancesPage /> }]);
    const prodRow = (await screen.findByText('prod', {}, { timeout: 30_000 })).closest('tr')!;
    // what serves each: our engine, or the TDengine cluster with its version
    expect(screen.getByTestId('instance-server-i1').textContent).toBe('Managed engine 3.3.0.0');
    expect(screen.getByTestId('instance-server-i2').textContent).toBe('TDengine 3.3.7.5, cluster east-1');
    const oldRow = screen.getByText('old').closest('tr')!;
    expect(within(prodRow).getByText('Running')).toBeTruthy();
    // The alias stays on one line however narrow its column.
    expect(screen.getByText('prod').closest('td')!.style.whiteSpace).toBe('nowrap');
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

  it('a paid plan the credit does not cover is refused before sending, as the plan upgrade is; a card on file passes (issue 14 item 6)', async () => {
    instances = [instance('i1', 'prod', 'Running')];
    const router = open('/instances/create/tsdb', routes(), true);
    fireEvent.click(await screen.findByTestId('plan-price-1', {}, { timeout: 30_000 }));
    typeAlias('paid');
    submit();
    const warning = await screen.findByTestId('upgrade-credit-warning', {}, { timeout: 30_000 });
    expect(warning.textContent).toBe('Your credit balance is below the hourly charge of this plan; add a credit card or credit before creating an instance on it');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect((screen.getByLabelText('Alias') as HTMLInputElement).value).toBe('paid');

    billing = { balance: 0, credit_card: true, marketplace: false };
    submit();
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true), { timeout: 30_000 });
    expect(JSON.parse(server.requests.find((r) => r.method === 'POST')!.body)).toMatchObject({ alias: 'paid', price_plan_level: 1 });
    // Settle: the list is reloaded after the create and the new token is shown once.
    await waitFor(() => expect(router.state.location.pathname).toBe('/instances'), { timeout: 60_000 });
    expect(await screen.findByText('Token of paid', {}, { timeout: 30_000 })).toBeTruthy();
  });

  it('the free plan card gives both storage readings; the IDMP type says it works as a time-series database', async () => {
    instances = [instance('i1', 'prod', 'Running')];
    open('/instances/create/tsdb', routes());
    await screen.findByTestId('plan-price-1', {}, { timeout: 30_000 });
    expect(screen.getByText('Storage (GB): 5 (also stated as 20)')).toBeTruthy();
    expect(screen.queryByTestId('idmp-notice')).toBeNull();
    cleanup();
    open('/instances/create/idmp', routes());
    expect((await screen.findByTestId('idmp-notice', {}, { timeout: 30_000 })).textContent).toContain('IDMP works as a time-series database for now');
  });

  it('sends type, cloud, plan and HA, goes to the list and shows the new token once', async () => {
    instances = [instance('i1', 'prod', 'Running')];
    const router = open('/instances/create/tsdb', routes(), true);
    await screen.findByTestId('plan-price-1', {}, { timeout: 30_000 });
    typeAlias('staging');
    submit();
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true), { timeout: 30_000 });
    expect(JSON.parse(server.requests.find((r) => r.method === 'POST')!.body)).toEqual({ alias: 'staging', cloud_id: 'local', price_plan_level: 0, ha: 0 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/instances'), { timeout: 60_000 });
    // The create answer's token, in a dialog: masked, with the warning that it is shown only now, revealed on demand.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 30_000 });
    expect(within(dialog).getByText('Token of staging')).toBeTruthy();
    expect(within(dialog).getByText(/shown only this once/)).toBeTruthy();
    expect(within(dialog).getByTestId('instance-token').textContent).toContain('secr');
    expect(within(dialog).getByTestId('instance-token').textContent).not.toContain('secret-token-123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show token' }));
    await waitFor(() => expect(within(dialog).getByTestId('instance-token').textContent).toContain('secret-token-123456'));
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('Token of staging')).toBeNull());
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

  it('accepts IPv6 addresses and ranges in compressed form, refuses malformed ones before sending', async () => {
    instances = [instance('i1', 'prod', 'Running', 1)];
    open('/ip', [{ path: '/ip', element: <IpWhiteListPage /> }]);
    const input = await screen.findByLabelText('IP address', {}, { timeout: 30_000 });
    fireEvent.change(input, { target: { value: '2001:db8::1::2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a valid IP address', {}, { timeout: 30_000 })).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(input, { target: { value: '2001:DB8::/32' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('2001:db8::/32', {}, { timeout: 30_000 })).toBeTruthy();
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

  it('copying a masked snippet or token by hand copies the real token', async () => {
    instances = [instance('i1', 'prod', 'Running')];
    rememberInstanceToken('i1', 'abcdefghijklmnop');
    open('/programming', [{ path: '/programming', element: <ProgrammingPage /> }]);
    const curl = (await screen.findByTestId('snippet-curl', {}, { timeout: 30_000 })).querySelector('pre')!;
    expect(curl.textContent).toContain('token=abcd********mnop');
    expect(copiedByHand(curl)).toBe('curl -L -d "SHOW DATABASES" "http://gw.example:8080/gw/i1/rest/sql?token=abcdefghijklmnop"');
    expect(copiedByHand(screen.getByTestId('instance-token'))).toBe('abcdefghijklmnop');
  });

  it('without a token seen in this session the snippets use a placeholder', async () => {
    instances = [instance('i1', 'prod', 'Running')];
    open('/programming', [{ path: '/programming', element: <ProgrammingPage /> }]);
    const curl = await screen.findByTestId('snippet-curl', {}, { timeout: 30_000 });
    expect(curl.textContent).toContain('/gw/i1/rest/sql?token=YOUR_TOKEN"');
    expect(screen.queryByRole('button', { name: /Copy with token/ })).toBeNull();
  });

  it('while the token is known in this tab, "Copy with token" copies the snippet ready to run', async () => {
    // jsdom has no clipboard: the browser's Clipboard API is given a recorder here.
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    instances = [instance('i1', 'prod', 'Running')];
    rememberInstanceToken('i1', 'abcdefghijklmnop');
    open('/programming', [{ path: '/programming', element: <ProgrammingPage /> }]);
    await screen.findByTestId('snippet-curl', {}, { timeout: 30_000 });
    fireEvent.click(screen.getByRole('button', { name: /Copy with token/ }));
    await waitFor(() => expect(copied).toHaveLength(1));
    expect(copied[0]).toBe('curl -L -d "SHOW DATABASES" "http://gw.example:8080/gw/i1/rest/sql?token=abcdefghijklmnop"');
    // What is on screen stays masked.
    expect(screen.getByTestId('snippet-curl').textContent).toContain('token=abcd********mnop');
  });
});
