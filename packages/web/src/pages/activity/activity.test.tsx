import { afterAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { ActivityEntry } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import { changeLanguage } from '../../i18n';
import ActivityPage from './ActivityPage';

/**
 * The change log screen against a server answering GET /api/activity, /types and /export as ours does (issue 14
 * items 10, 11): target and IP columns, named types and operations in both languages, filters by type and user sent
 * to the server, and the CSV export of the filtered log.
 */
vi.setConfig({ testTimeout: 120_000 });

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: '1', type: 'member', operation: 'invite', requestTime: 1_700_000_000_000, originator: 'owner@example.com', originatorId: 'u1',
  requestIp: '203.0.113.9', result: 'SUCCESS', instanceId: null, target: 'new@example.com', ...over,
});
const entries = [
  entry({ id: '2', type: 'signin', operation: 'password sign-in', requestIp: '198.51.100.7', result: 'FAILURE', target: null }),
  entry({ id: '1' }),
];

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = new URL(req.url, 'http://x');
  if (isMenusCall(url.pathname)) return sendJson(res, ok({}));
  if (url.pathname === '/api/activity/types') return sendJson(res, ok(['member', 'signin']));
  if (url.pathname === '/api/activity/export') {
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    return res.end('requestTime,type\r\n');
  }
  if (url.pathname === '/api/activity') {
    const type = url.searchParams.get('type');
    const list = entries.filter((e) => !type || e.type === type);
    return sendJson(res, ok({ list, total: list.length, current_page: 1, page_size: 10 }));
  }
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server);
afterAll(async () => changeLanguage('en'));

const wait = { timeout: 30_000 };
const calls = (path: string) => server.requests.filter((r) => new URL(r.url, 'http://x').pathname === path).map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));

function open() {
  signIn();
  renderScreen(<ActivityPage />);
}

describe('activity log screen', () => {
  it('shows the target and the IP, and names types and operations in both languages', async () => {
    open();
    await waitFor(() => expect(screen.getByText('Sign in with password')).toBeTruthy(), wait);
    const rows = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows()[0]).toEqual(expect.arrayContaining(['Sign-in', 'Sign in with password', '—', '198.51.100.7', 'Failure']));
    expect(rows()[1]).toEqual(expect.arrayContaining(['Member', 'Invite', 'new@example.com', '203.0.113.9', 'Success']));
    expect(screen.getByRole('columnheader', { name: 'Target' })).toBeTruthy();

    await act(async () => changeLanguage('zh'));
    await waitFor(() => expect(screen.getByText('密码登录')).toBeTruthy(), wait);
    expect(rows()[1]).toEqual(expect.arrayContaining(['成员', '邀请', 'new@example.com']));
    expect(screen.getByRole('columnheader', { name: '操作对象' })).toBeTruthy();
    await act(async () => changeLanguage('en'));
  });

  it('filters by type and user on the server, and exports the filtered log', async () => {
    const createObjectURL = vi.fn(() => 'blob:activity');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    open();
    await waitFor(() => expect(screen.getByText('Invite')).toBeTruthy(), wait);

    fireEvent.mouseDown(screen.getByLabelText('Type').closest('.ant-select-selector') ?? screen.getByLabelText('Type'));
    fireEvent.click(await screen.findByTitle('Sign-in', undefined, wait));
    await waitFor(() => expect(screen.queryByText('Invite')).toBeNull(), wait);
    expect(calls('/api/activity').at(-1)).toMatchObject({ type: 'signin', current_page: '1' });

    const search = screen.getByLabelText('User e-mail');
    fireEvent.change(search, { target: { value: 'owner@' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls('/api/activity').at(-1)).toMatchObject({ type: 'signin', originator: 'owner@' }), wait);

    // An originator's link keeps only that user's entries (by id); closing its tag lifts it.
    fireEvent.click(screen.getByRole('button', { name: 'owner@example.com' }));
    await waitFor(() => expect(calls('/api/activity').at(-1)).toMatchObject({ userId: 'u1', current_page: '1' }), wait);
    expect(screen.getByText('Only owner@example.com')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(downloads).toHaveLength(1), wait);
    expect(downloads[0]).toMatch(/^activity-\d+\.csv$/);
    expect(createObjectURL).toHaveBeenCalled();
    const exported = calls('/api/activity/export').at(-1)!;
    expect(exported).toMatchObject({ type: 'signin', originator: 'owner@', userId: 'u1' });
    expect(exported.from).toBe(calls('/api/activity').at(-1)!.from);
    expect(exported.current_page).toBeUndefined();
    vi.restoreAllMocks();
  });
});
