import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { en, type TicketDetail, type TicketSummary } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import { changeLanguage } from '../../i18n';
import IssueDetailPage from './IssueDetailPage';
import SupportPage from './SupportPage';

/** The customer's support screens with the real request layer against a scripted server. */
vi.setConfig({ testTimeout: 60_000 });

const person = { id: 'u1', name: 'Ann Lee', email: 'owner@example.com' };
const summary: TicketSummary = {
  id: 't1', number: 1001, title: 'Queries time out', type: 1, type_name: 'Technical problem', product: 'console', instance_id: null,
  state: 'awaiting_response', assignee: { id: 's1', name: 'Sam', email: 'sam@support.test' }, creator: person, create_time: 1_700_000_000_000, update_time: 1_700_000_100_000,
};
const detail: TicketDetail = {
  ...summary,
  description: 'It fails with <timeout> and [this](javascript:alert(1)) link',
  notify_email: 'owner@example.com',
  notify_on_progress: true,
  attachments: [{ id: 'f1', name: 'server.log', content_type: 'text/plain; charset=utf-8', size: 2048 }],
  comments: [
    { id: 'c1', content: 'Which **database**?', author: { id: 's1', name: 'Sam', email: 'sam@support.test' }, author_kind: 'staff', attachments: [], create_time: 1_700_000_050_000, update_time: 1_700_000_050_000 },
  ],
  events: [
    { action: 'create', from_state: null, to_state: 'unassigned', actor: person, actor_kind: 'customer', assignee: null, at: 1_700_000_000_000 },
    { action: 'request_info', from_state: 'processing', to_state: 'awaiting_response', actor: { id: 's1', name: 'Sam', email: 'sam@support.test' }, actor_kind: 'staff', assignee: null, at: 1_700_000_050_000 },
  ],
  actions: ['close'],
};
let created: TicketDetail | null = null;

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (path === '/api/dict/issuetype') return sendJson(res, ok([{ id: 1, name: 'Technical problem' }, { id: 2, name: 'Billing and payment' }]));
  if (path === '/api/support/limits') return sendJson(res, ok({ max_files: 3, max_file_bytes: 10 * 1024 * 1024, markdown_max: 9999 }));
  if (path === '/api/issues' && req.method === 'GET') return sendJson(res, ok({ content: [summary], total: 11 }));
  if (path === '/api/issues' && req.method === 'POST') {
    const body = JSON.parse(req.body) as { title: string };
    created = { ...detail, id: 't2', number: 1002, title: body.title, state: 'unassigned', comments: [], events: [detail.events[0]] };
    return sendJson(res, ok(created));
  }
  if (path === '/api/issues/t1') return sendJson(res, ok(detail));
  if (path === '/api/issues/t1/comments') return sendJson(res, ok({ ...detail, state: 'processing', comments: [...detail.comments, { ...detail.comments[0], id: 'c2', content: JSON.parse(req.body).content, author: person, author_kind: 'customer' }] }));
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});
useScreenTest(server);

const posts = (path: string) => server.requests.filter((r) => r.method === 'POST' && r.url.split('?')[0] === path).map((r) => JSON.parse(r.body) as Record<string, unknown>);
const routes = [
  { path: '/support', element: <SupportPage /> },
  { path: '/support/:id', element: <IssueDetailPage /> },
  { path: '/support/issues', element: <SupportPage /> },
];

describe('support screens', () => {
  it('lists the issues 10 a page and asks the server with the chosen filters', async () => {
    signIn();
    renderScreen(routes, { at: '/support' });
    expect(await screen.findByText('Queries time out')).toBeTruthy();
    expect(screen.getByText('#1001')).toBeTruthy();
    expect(screen.getByText('Waiting for your response')).toBeTruthy();
    const search = screen.getByPlaceholderText('Search titles');
    fireEvent.change(search, { target: { value: '100% CPU' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.requests.some((r) => r.url.includes('title=100%25+CPU') || r.url.includes('title=100%25%20CPU'))).toBe(true));
  });

  it('checks the rules before sending, keeps what was typed, then shows /support/issues', async () => {
    signIn();
    const router = renderScreen(routes, { at: '/support', dialogs: true });
    fireEvent.click(await screen.findByTestId('issue-new'));
    const form = await screen.findByTestId('issue-form');
    // fields by their ids (FormField's field-<name>, which their labels point at): role and label queries cost seconds here
    const field = (name: string) => form.querySelector<HTMLInputElement>(`#field-${name}`)!;
    const submit = () => fireEvent.click(screen.getByText('Open issue').closest('button')!);
    fireEvent.change(field('title'), { target: { value: 'ab' } });
    fireEvent.change(field('description'), { target: { value: 'Since **Monday**' } });
    submit();
    expect(await screen.findByText(en['support.titleLength'])).toBeTruthy();
    expect(screen.getByText(en['validation.required'])).toBeTruthy();
    expect(posts('/api/issues')).toEqual([]);
    expect(field('title').value).toBe('ab');

    fireEvent.change(field('title'), { target: { value: 'Ingest stalls' } });
    fireEvent.mouseDown(field('type'));
    fireEvent.click(await screen.findByTitle('Billing and payment'));
    submit();
    await waitFor(() => expect(posts('/api/issues')).toHaveLength(1));
    expect(posts('/api/issues')[0]).toMatchObject({ title: 'Ingest stalls', description: 'Since **Monday**', type: 2, product: 'other', notify_email: 'owner@example.com', notify_on_progress: true, attachments: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/issues'));
  });

  it('shows the issue, its inert markdown, the conversation and the timeline; a reply is posted', async () => {
    signIn();
    renderScreen(routes, { at: '/support/t1' });
    const detailCard = await screen.findByTestId('issue-detail');
    expect(within(detailCard).getByText(/It fails with <timeout>/)).toBeTruthy();
    for (const link of detailCard.querySelectorAll('a')) expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    expect(within(detailCard).getByLabelText('Download server.log')).toBeTruthy();
    const staffReply = screen.getByTestId('comment-staff');
    expect(staffReply.textContent).toContain('Which database?');
    expect(staffReply.querySelector('.ticket-markdown strong')?.textContent).toBe('database');
    expect(screen.getAllByTestId('ticket-event').map((e) => e.textContent)).toEqual([expect.stringContaining('Ann Lee opened the issue'), expect.stringContaining('Sam asked for more information')]);

    const composer = screen.getByTestId('comment-composer');
    fireEvent.change(composer.querySelector('#field-content')!, { target: { value: 'The `power` database' } });
    fireEvent.click(within(composer).getByText('Send').closest('button')!);
    await waitFor(() => expect(posts('/api/issues/t1/comments')).toEqual([{ content: 'The `power` database', attachments: [] }]));
    expect(await screen.findByText('Reply sent')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    signIn();
    await changeLanguage('zh');
    try {
      renderScreen(routes, { at: '/support' });
      expect(await screen.findByText('等待您的回复')).toBeTruthy();
      expect(screen.getByText('新建工单')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });
});
