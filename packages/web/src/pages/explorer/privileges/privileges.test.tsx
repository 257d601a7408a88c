import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { ResourcePrivilegeGroup, ResourcePrivilegeUser } from '@tscloud/contracts';
import { act } from 'react';
import { Providers } from '../../../app/Providers';
import { changeLanguage } from '../../../i18n';
import { configureTestHttp } from '../../../testing/httpEnvironment';
import { queryClient } from '../../../data/queryClient';
import { sendJson, startTestServer, type RecordedRequest } from '../../../testing/httpServer';
import { PrivilegeDialog } from './PrivilegeDialog';
import type { ExplorerInstance } from '../context';

/** The database and super table privilege dialogs against a server answering as ours does (paths of §7). */
vi.setConfig({ testTimeout: 120_000 });

const ok = (data: unknown) => ({ code: 200, message: 'success', data });
const subject = { codes: ['db:read'], expiration: null, grants: [] };
const users: ResourcePrivilegeUser[] = [
  { ...subject, id: 'u2', email: 'reader@example.com', name: '', engine_user: 'u_2', via_group: false, groups: [], status: 'ACTIVE' },
  { ...subject, id: 'u3', email: 'grouped@example.com', name: '', engine_user: 'u_3', via_group: true, groups: ['Analysts'], status: 'ACTIVE' },
  { ...subject, id: 'u4', email: 'expired@example.com', name: '', engine_user: 'u_4', via_group: false, groups: [], status: 'EXPIRED' },
];
const groups: ResourcePrivilegeGroup[] = [{ ...subject, id: 'g1', name: 'Analysts', group_status: 'ACTIVE', members: 2, status: 'DISABLED' }];

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = req.url.split('?')[0];
  if (url.endsWith('/users/i1/power') || url.endsWith('/users/i1/power.meters') || url.endsWith('/users/i1/grid')) return sendJson(res, ok(users));
  if (url.endsWith('/groups/i1/power') || url.endsWith('/groups/i1/power.meters')) return sendJson(res, ok(groups));
  if (url.endsWith('/codes/i1/grid')) {
    const role = (id: string, name: string, grantable: boolean, codes = ['db:read']) => ({ id, name, builtin: name === 'Viewer', codes, grantable });
    return sendJson(res, ok({ codes: ['db:read', 'db:write'], roles: [role('r1', 'Keeper', true), role('r2', 'Wider', false), role('r3', 'Viewer', true, ['db:read', 'db:write'])] }));
  }
  if (url.endsWith('/codes/i1/power') || url.endsWith('/codes/i1/power.meters')) return sendJson(res, ok({ codes: ['db:read'], roles: [] }));
  if (req.method === 'PUT') return sendJson(res, ok({ id: 'x', action: 'x' }));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

const instance: ExplorerInstance = { id: 'i1', region_id: 'local', image_version: '3.3.0.0', ha: 0, free: false, privileges: ['db:privilege:manage'] };

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
  configureTestHttp(server.origin);
});

afterEach(async () => {
  cleanup();
  queryClient.clear();
  server.requests.length = 0;
  // One test reads the dialog in Chinese; the next ones read English.
  await changeLanguage('en');
});
afterAll(() => server.close());

const wait = { timeout: 30_000 };
const row = async (text: string) => (await screen.findByText(text, { exact: false }, wait)).closest('tr')!;

describe('privilege dialogs', () => {
  it('database: only allowed actions per user, group members via the group, the action sent', async () => {
    render(<Providers><PrivilegeDialog instance={instance} target={{ kind: 'database', db: 'power' }} onClose={() => undefined} /></Providers>);
    const reader = await row('reader@example.com');
    expect(within(reader).queryByText('Activate')).toBeNull();
    expect(within(await row('expired@example.com')).queryByText('Disable')).toBeNull();
    expect(within(await row('expired@example.com')).getByText('Delete')).toBeTruthy();
    expect(within(await row('grouped@example.com')).queryByText('Delete')).toBeNull();
    fireEvent.click(within(reader).getByText('Disable'));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT' && r.url === '/api/region/local/db/privilege/disable/i1/power/user/u2')).toBe(true), wait);
  });

  it('offers only the roles the server marks as the caller may give here', async () => {
    render(<Providers><PrivilegeDialog instance={instance} target={{ kind: 'database', db: 'grid' }} onClose={() => undefined} /></Providers>);
    const select = await screen.findByLabelText('Role', {}, wait);
    await waitFor(() => expect(server.requests.some((r) => r.url.endsWith('/codes/i1/grid'))).toBe(true), wait);
    fireEvent.mouseDown(select);
    expect(await screen.findByText('Keeper (Read databases)', {}, wait)).toBeTruthy();
    expect(screen.queryByText(/^Wider/)).toBeNull();
  });

  it('names roles and privileges as people read them (en and zh), the code as the tooltip, not raw codes', async () => {
    render(<Providers><PrivilegeDialog instance={instance} target={{ kind: 'database', db: 'grid' }} onClose={() => undefined} /></Providers>);
    // The grants table: the privilege's name, not `db:read`.
    const reader = await row('reader@example.com');
    expect(within(reader).getByText('Read databases')).toBeTruthy();
    expect(within(reader).queryByText('db:read')).toBeNull();
    fireEvent.mouseOver(within(reader).getByText('Read databases'));
    expect(await screen.findByRole('tooltip', {}, wait)).toHaveProperty('textContent', 'db:read');
    fireEvent.mouseDown(await screen.findByLabelText('Role', {}, wait));
    expect(await screen.findByText('Viewer (Read databases, Write databases)', {}, wait)).toBeTruthy();

    await act(async () => changeLanguage('zh'));
    expect(await within(reader).findByText('读取数据库', {}, wait)).toBeTruthy();
    expect(await screen.findByText('只读用户（读取数据库, 写入数据库）', {}, wait)).toBeTruthy();
    expect(screen.queryByText(/Viewer/)).toBeNull();
  });

  it('super table: a disabled group is activated with group_name', async () => {
    render(<Providers><PrivilegeDialog instance={instance} target={{ kind: 'stable', db: 'power', stable: 'meters' }} onClose={() => undefined} /></Providers>);
    fireEvent.click(await screen.findByText('Groups', { selector: '.ant-tabs-tab-btn' }, wait));
    const group = await row('Analysts (2 members)');
    fireEvent.click(within(group).getByText('Activate'));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT' && r.url === '/api/stable/active-group/i1/power/meters/g1?group_name=Analysts')).toBe(true), wait);
  });
});
