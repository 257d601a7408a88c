import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { DeskTicketSummary, TicketDetail } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import DeskIssuePage from './DeskIssuePage';
import DeskPage from './DeskPage';

/** The support desk's screens with the real request layer against a scripted server: staff only, queue, reply kinds, moves. */
vi.setConfig({ testTimeout: 60_000 });

const customer = { id: 'c1', name: 'Cora', email: 'cora@example.com' };
const sam = { id: 'u1', name: 'Ann Lee', email: 'owner@example.com' };
const queued: DeskTicketSummary = {
  id: 't1', number: 1001, title: 'Writes stall', type: 1, type_name: 'Technical problem', product: 'console', instance_id: null, state: 'unassigned',
  assignee: null, creator: customer, create_time: 1_700_000_000_000, update_time: 1_700_000_000_000, org_id: 'o9', org_name: 'Cora-Power',
};
const detail: TicketDetail = {
  ...queued,
  state: 'processing',
  assignee: sam,
  description: 'Since Monday',
  notify_email: null,
  notify_on_progress: false,
  attachments: [],
  comments: [{ id: 'n1', content: 'Check compaction', author: sam, author_kind: 'internal', attachments: [], create_time: 1_700_000_010_000, update_time: 1_700_000_010_000 }],
  events: [{ action: 'create', from_state: null, to_state: 'unassigned', actor: customer, actor_kind: 'customer', assignee: null, at: 1_700_000_000_000 }],
  actions: ['assign', 'request_info', 'finish', 'abort'],
};
let staff = true;

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (path === '/api/desk/me') return sendJson(res, ok({ staff }));
  if (!staff && path.startsWith('/api/desk/')) return sendJson(res, { code: 403, message: 'This is for support staff only', data: null });
  if (path === '/api/desk/issues') return sendJson(res, ok({ content: [queued], total: 1 }));
  if (path === '/api/desk/staff') return sendJson(res, ok([sam, { id: 'u2', name: 'Kim', email: 'kim@support.test' }]));
  if (path === '/api/desk/issues/t1') return sendJson(res, ok(detail));
  if (path === '/api/desk/issues/t1/replies') return sendJson(res, ok({ ...detail, state: 'awaiting_response' }));
  if (path === '/api/desk/issues/t1/action') return sendJson(res, ok({ ...detail, state: 'finished', actions: ['close'] }));
  if (path === '/api/support/limits') return sendJson(res, ok({ max_files: 5, max_file_bytes: 10 * 1024 * 1024, markdown_max: 9999 }));
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});
useScreenTest(server, { reset: () => (staff = true) });

const posts = (path: string) => server.requests.filter((r) => r.method === 'POST' && r.url.split('?')[0] === path).map((r) => JSON.parse(r.body) as Record<string, unknown>);
const routes = [
  { path: '/desk', element: <DeskPage /> },
  { path: '/desk/issues/:id', element: <DeskIssuePage /> },
];

describe('support desk screens', () => {
  it('tells someone who is not staff, and asks for no queue', async () => {
    staff = false;
    signIn();
    renderScreen(routes, { at: '/desk' });
    expect(await screen.findByText('The support desk is for support staff only.')).toBeTruthy();
    expect(server.requests.some((r) => r.url.startsWith('/api/desk/issues'))).toBe(false);
  });

  it('shows the unassigned queue with each issue organization, and opens one', async () => {
    signIn();
    const router = renderScreen(routes, { at: '/desk' });
    expect(await screen.findByText('Cora-Power')).toBeTruthy();
    expect(server.requests.some((r) => r.url.includes('queue=unassigned'))).toBe(true);
    fireEvent.click(screen.getByText('Writes stall'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/desk/issues/t1'));
  });

  it('shows staff notes, sends a request for information, and finishes', async () => {
    signIn();
    renderScreen(routes, { at: '/desk/issues/t1' });
    const note = await screen.findByTestId('comment-internal');
    expect(note.textContent).toContain('Staff note');

    const composer = screen.getByTestId('comment-composer');
    fireEvent.mouseDown(composer.querySelector('#desk-reply-kind')!);
    fireEvent.click(await screen.findByTitle('Ask the customer for information'));
    fireEvent.change(composer.querySelector('#field-content')!, { target: { value: 'Which database?' } });
    fireEvent.click(within(composer).getByText('Send').closest('button')!);
    await waitFor(() => expect(posts('/api/desk/issues/t1/replies')).toEqual([{ content: 'Which database?', attachments: [], kind: 'request_info' }]));

    fireEvent.click(screen.getByTestId('desk-finish'));
    await waitFor(() => expect(posts('/api/desk/issues/t1/action')).toEqual([{ action: 'finish' }]));
  });
});
