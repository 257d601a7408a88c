import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { ServerResponse } from 'node:http';
import { ALL_PRIVILEGES, type Instance, type InstanceGroup, type InstanceUser, type InstanceUsersResponse } from '@tscloud/contracts';
import { Providers } from '../../app/Providers';
import { configureTestHttp } from '../../testing/httpEnvironment';
import { queryClient } from '../../data/queryClient';
import { patchBoot } from '../../state/boot';
import { clearSession, getDeviceId, getToken, mfaHeaders, selectOrg, session, setToken, setUserInfo } from '../../state/session';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import InstanceUsersPage from './InstanceUsersPage';
import InstanceGroupsPage from './InstanceGroupsPage';

/** The instance users and groups screens with the real request layer against a server answering as ours does. */
vi.setConfig({ testTimeout: 120_000 });

const ok = (data: unknown) => ({ code: 200, message: 'success', data });
const base = { privileges: ['db:read'], expiration: null, grants: [] };
const user = (id: string, email: string, over: Partial<InstanceUser>): InstanceUser => ({
  ...base, id, member_id: `m-${id}`, email, name: '', engine_user: `u_${id}`, status: 'ACTIVE', source: 'INSTANCE', direct_status: 'ACTIVE', via_group: false, groups: [], ...over,
});
const group: InstanceGroup = { ...base, id: 'g1', name: 'Analysts', group_status: 'ACTIVE', members: 2, status: 'DISABLED', source: 'INSTANCE', direct_status: 'DISABLED' };
const data: InstanceUsersResponse = {
  engine_synced: true,
  users: [
    user('u1', 'owner@example.com', { source: 'OWNER', direct_status: null }),
    user('u2', 'reader@example.com', {}),
    user('u3', 'grouped@example.com', { source: 'GROUP', direct_status: null, via_group: true, groups: ['Analysts'] }),
    user('u4', 'expired@example.com', { status: 'EXPIRED', direct_status: 'EXPIRED' }),
  ],
  groups: [group],
};

const instance = {
  id: 'i1', name: 'tsdb-i1', alias: 'prod', region_id: 'local', cloud_id: 'local', cloud_name: 'Local', region_name: 'local', td_cluster_id: 'tsdb-i1',
  cluster_status: 'Running', status_reason: null, image_version: '3.3.0.0', app_type: 'TSDB', ha: 0, gateway_url: '', type: 'TSDB', plan: 1, url: '',
  create_time: 1_700_000_000_000, privileges: [...ALL_PRIVILEGES], quota_info: { storage: 5, egress: 5 }, app_price_plan_name: 'STANDARD', app_price_plan_level: 1,
  additional_storage: { support: true, metricType: 'STORAGE', price: 0, storage: 0 }, additional_connector: [],
} as unknown as Instance;

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (path === '/api/app/list') return sendJson(res, ok([instance]));
  if (path === '/api/region/local/app/i1/users') return sendJson(res, ok(data));
  if (req.method === 'PUT' && path.startsWith('/api/region/local/app/')) return sendJson(res, ok({ id: 'x' }));
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
  // antd asks for pseudo-element styles, which jsdom does not implement.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
  configureTestHttp(server.origin, { token: getToken, orgId: () => session.get().current.orgId, deviceId: getDeviceId, mfaHeaders: () => mfaHeaders() });
});

afterEach(() => {
  cleanup();
  clearSession();
  queryClient.clear();
  server.requests.length = 0;
});

afterAll(() => server.close());

function open(element: React.ReactNode) {
  setToken('Bearer t1');
  setUserInfo({ id: 'u1', email: 'owner@example.com', first_name: 'Ann', last_name: 'Lee', accountStatus: 2, avatar: '' } as never);
  selectOrg('o1', 'i1');
  patchBoot({ orgs: [{ orgId: 'o1', name: 'Acme', orgStatus: 'ACTIVE', orgDiscount: 1, privileges: [...ALL_PRIVILEGES], marketplaceType: null, isOwner: true } as never], instances: [instance] });
  render(
    <Providers>
      <RouterProvider router={createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] })} />
    </Providers>,
  );
}

const row = async (text: string) => (await screen.findByText(text, { exact: false }, { timeout: 30_000 })).closest('tr')!;

describe('instance users screen', () => {
  it('offers only allowed actions per row and sends the confirmed one', async () => {
    open(<InstanceUsersPage />);
    const reader = await row('reader@example.com');
    expect(within(reader).getByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(within(reader).queryByRole('button', { name: 'Activate' })).toBeNull();
    const grouped = await row('grouped@example.com');
    expect(within(grouped).queryAllByRole('button')).toHaveLength(0);
    expect(within(grouped).getByText('This user has access through a group; manage it via the group')).toBeTruthy();
    const expired = await row('expired@example.com');
    expect(within(expired).queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(within(expired).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(await row('owner@example.com')).queryAllByRole('button')).toHaveLength(0);

    fireEvent.click(within(reader).getByRole('button', { name: 'Disable' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT' && r.url === '/api/region/local/app/disable/i1/user/u2')).toBe(true), { timeout: 30_000 });
  });
});

describe('instance user groups screen', () => {
  it('activates a disabled group, naming it in group_name', async () => {
    open(<InstanceGroupsPage />);
    const analysts = await row('Analysts');
    fireEvent.click(within(analysts).getByRole('button', { name: 'Activate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT' && r.url === '/api/region/local/app/active/i1/group/g1?group_name=Analysts')).toBe(true), { timeout: 30_000 });
  });
});
