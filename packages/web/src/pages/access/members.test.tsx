import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { Group, OrgMember } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import { MembersTable } from './MembersTable';

/**
 * The organization's users list with the real request layer against a server answering GET /api/user and
 * PUT /api/user/{userId} as ours does (paged, e-mail substring and status filters; groups replaced).
 */
vi.setConfig({ testTimeout: 120_000 });

const groups: Group[] = [
  { id: 'g1', name: 'Ops', description: '', status: 'ACTIVE', members: [], createdAt: 0 },
  { id: 'g2', name: 'Analysts', description: '', status: 'ACTIVE', members: [], createdAt: 0 },
] as Group[];
const member = (n: number, over: Partial<OrgMember> = {}): OrgMember => ({
  memberId: `m${n}`, userId: `u${n}`, email: `user${String(n).padStart(2, '0')}@example.com`, firstName: '', lastName: '', status: 'ACTIVE', isOwner: false,
  groups: [], roles: [], invitedAt: 0, joinedAt: 0, ...over,
});
let members: OrgMember[] = [];
let refuseUpdate = false;

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = new URL(req.url, 'http://x');
  if (isMenusCall(url.pathname)) return sendJson(res, ok({}));
  if (req.method === 'GET' && url.pathname === '/api/user') {
    const page = Number(url.searchParams.get('current_page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? 10);
    const email = (url.searchParams.get('email') ?? '').toLowerCase();
    const status = url.searchParams.get('status');
    const all = members.filter((m) => (!email || m.email.includes(email)) && (!status || m.status === status));
    return sendJson(res, ok({ list: all.slice((page - 1) * size, page * size), total: all.length, current_page: page, page_size: size }));
  }
  if (req.method === 'GET' && url.pathname === '/api/group') return sendJson(res, ok(groups));
  const update = url.pathname.match(/^\/api\/user\/(u\d+)$/);
  if (req.method === 'PUT' && update) {
    if (refuseUpdate) return sendJson(res, { code: 403, message: 'You do not have permission for this operation', data: null });
    const body = JSON.parse(req.body) as { groupIds: string[] };
    const target = members.find((m) => m.userId === update[1])!;
    target.groups = groups.filter((g) => body.groupIds.includes(g.id)).map((g) => ({ id: g.id, name: g.name }));
    return sendJson(res, ok(target));
  }
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server, {
  reset: () => {
    members = [];
    refuseUpdate = false;
  },
});

const wait = { timeout: 30_000 };
const listCalls = () => server.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/user?')).map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
const emails = () => screen.queryAllByText(/^user\d+@example\.com$/).map((e) => e.textContent);

function open() {
  signIn();
  renderScreen(<MembersTable orgId="o1" canUpdate canDelete canGrant canManageGroups />, { dialogs: true });
}

describe('organization users', () => {
  it('pages, searches by e-mail and filters by status on the server', async () => {
    members = Array.from({ length: 12 }, (_, i) => member(i + 1, i === 11 ? { status: 'DISABLED' } : {}));
    open();
    await waitFor(() => expect(emails()).toHaveLength(10), wait);
    expect(listCalls()[0]).toEqual({ current_page: '1', page_size: '10', email: '' });

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(emails()).toEqual(['user11@example.com', 'user12@example.com']), wait);

    const search = screen.getByLabelText('Search by e-mail');
    fireEvent.change(search, { target: { value: 'user0' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(emails()).toHaveLength(9), wait);
    expect(listCalls().at(-1)).toEqual({ current_page: '1', page_size: '10', email: 'user0' });

    fireEvent.change(search, { target: { value: '' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.mouseDown(screen.getByLabelText('Status'));
    fireEvent.click(await screen.findByTitle('Disabled', {}, wait));
    await waitFor(() => expect(emails()).toEqual(['user12@example.com']), wait);
    expect(listCalls().at(-1)).toMatchObject({ status: 'DISABLED' });
  });

  it('replaces a member\'s groups through PUT /api/user/{userId} and shows a refusal in the dialog', async () => {
    members = [member(1, { groups: [{ id: 'g1', name: 'Ops' }] }), member(2, { isOwner: true })];
    open();
    const row = (await screen.findByText('user01@example.com', {}, wait)).closest('tr')!;
    // The owner's groups are not edited here.
    expect(within(screen.getByText('user02@example.com').closest('tr')!).queryByRole('button', { name: 'Groups' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Groups' }));
    const dialog = await screen.findByRole('dialog', {}, wait);
    fireEvent.mouseDown(within(dialog).getByLabelText('Groups'));
    fireEvent.click(await screen.findByTitle('Analysts', {}, wait));

    refuseUpdate = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByTestId('member-groups-refusal', {}, wait)).textContent).toContain('You do not have permission for this operation');

    refuseUpdate = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    const puts = server.requests.filter((r) => r.method === 'PUT').map((r) => [r.url, JSON.parse(r.body)]);
    expect(puts.at(-1)).toEqual(['/api/user/u1', { groupIds: ['g1', 'g2'] }]);
    await waitFor(() => expect(within(screen.getByText('user01@example.com').closest('tr')!).getByText('Analysts')).toBeTruthy(), wait);
  });
});
