import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { InstanceGroup, InstanceUser, InstanceUsersResponse } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../testing/screenHarness';
import InstanceUsersPage from './InstanceUsersPage';
import InstanceGroupsPage from './InstanceGroupsPage';

/** The instance users and groups screens with the real request layer against a server answering as ours does. */
vi.setConfig({ testTimeout: 120_000 });

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
    // An organization grant of their own and a grant on this instance through a group (issue 14 item 9).
    user('u5', 'mixed@example.com', {
      source: 'ORG', direct_status: null, via_group: true, groups: ['Operators'],
      grants: [
        { id: 'gr1', role: 'Viewer', resType: 'ORG', resName: null, status: 'ACTIVE', expiration: null, group: null },
        { id: 'gr2', role: 'Developer', resType: 'INSTANCE', resName: null, status: 'ACTIVE', expiration: null, group: 'Operators' },
      ],
    }),
  ],
  groups: [group],
};

const instance = testInstance();

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (path === '/api/app/list') return sendJson(res, ok([instance]));
  if (path === '/api/region/local/app/i1/users') return sendJson(res, ok(data));
  if (req.method === 'PUT' && path.startsWith('/api/region/local/app/')) return sendJson(res, ok({ id: 'x' }));
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server);

function open(element: React.ReactElement) {
  signIn();
  renderScreen(element);
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

describe('where instance access comes from', () => {
  it('names the group a grant comes through, beside the organization grant', async () => {
    open(<InstanceUsersPage />);
    const mixed = await row('mixed@example.com');
    expect(within(mixed).getByText('Organization')).toBeTruthy();
    expect(within(mixed).getByText('Managed via group Operators')).toBeTruthy();
    const grouped = await row('grouped@example.com');
    expect(within(grouped).getByText('Managed via group Analysts')).toBeTruthy();
    expect(within(grouped).queryByText('Organization')).toBeNull();
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
