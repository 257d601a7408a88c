import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { TopicConsumers, TopicItem, TopicShareItem } from '@tscloud/contracts';
import { changeLanguage } from '../../i18n';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../testing/screenHarness';
import TopicsPage from './TopicsPage';
import TopicSharePage from './TopicSharePage';
import TopicConsumersPage from './TopicConsumersPage';
import TopicExamplePage from './TopicExamplePage';
import { forgetInstanceTokens, rememberInstanceToken } from '../../data/instances/tokens';
import { copiedByHand } from '../../testing/clipboard';

/** The Topics screens with the real request layer against a server answering as ours does. */
vi.setConfig({ testTimeout: 120_000 });

const topic: TopicItem = { name: 'hot', db: 'power', kind: 'database', with_meta: false, sql: 'CREATE TOPIC `hot` AS DATABASE `power`', create_time: 1_700_000_000_000, columns: [] };
const shares: TopicShareItem[] = [
  { member_id: 'm1', user_id: 'u1', email: 'owner@example.com', name: '', engine_user: 'u_1', shared: false, implied: true },
  { member_id: 'm2', user_id: 'u2', email: 'analyst@example.com', name: '', engine_user: 'u_2', shared: false, implied: false },
];
// Shaped as the server maps ins_subscriptions (topics-routes.test.ts checks that mapping on a real engine).
const consumers: TopicConsumers = {
  topic: 'hot',
  groups: [
    {
      group: 'replay',
      consumers: [],
      lag: 7,
      snapshot: true,
      vgroups: [
        {
          vgroup_id: 2,
          consumer_id: null,
          committed: { text: 'snapshot:3:1767225604000:m1', log: 3, phase: 'rows', table: 'm1', super_table: false, ts: '1767225604000', time: 1_767_225_604_000 },
          begin: 0,
          end: 10,
          lag: 7,
          snapshot: true,
          rows: 4096,
        },
        { vgroup_id: 3, consumer_id: null, committed: 12, begin: 0, end: 12, lag: 0, snapshot: false, rows: 0 },
      ],
    },
    {
      group: 'schema',
      consumers: [{ consumer_id: 'c9', client_id: 'loader', user: 'u_1', fqdn: 'host-1', status: 'rebalancing', up_time: 1_700_000_000_000, subscribe_time: 1_700_000_000_000, parameters: '' }],
      lag: 0,
      snapshot: true,
      vgroups: [
        {
          vgroup_id: 2,
          consumer_id: null,
          committed: { text: 'snapshot:0:meta:0:meters', log: 0, phase: 'schema', table: 'meters', super_table: true, ts: null, time: null },
          begin: 0,
          end: 0,
          lag: 0,
          snapshot: true,
          rows: 1,
        },
      ],
    },
  ],
};
const instance = testInstance({ gateway_url: 'http://console.test/gw/i1' });

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (path === '/api/app/list') return sendJson(res, ok([instance]));
  if (path === '/api/region/local/topic/list/i1') return sendJson(res, ok([topic]));
  if (path === '/api/data/user/dblist/i1') return sendJson(res, ok([{ databaseName: 'power', privileges: ['db:read'] }, { databaseName: 'nowal', privileges: ['db:read'] }]));
  if (path === '/api/region/local/topic/create/i1') {
    const body = JSON.parse(req.body) as { name: string; db: string };
    if (body.db === 'nowal') return sendJson(res, { code: 400, message: 'error.topicWalRetention', data: null });
    if (body.name === 'hot') return sendJson(res, { code: 409, message: 'error.topicExists', data: null });
    return sendJson(res, ok({ ...topic, name: body.name }));
  }
  if (path === '/api/region/local/topic/share/i1/hot') {
    if (req.method === 'PUT') return sendJson(res, ok(shares.map((s) => (s.member_id === 'm2' ? { ...s, shared: true } : s))));
    return sendJson(res, ok(shares));
  }
  if (path === '/api/region/local/topic/consumers/i1/hot') return sendJson(res, ok(consumers));
  if (path === '/api/region/local/topic/sample/i1/hot') {
    const message = { vgroup_id: 2, offset: 0, table_name: 'd1', stable_name: 'meters', message_type: 1, columns: ['ts', 'current', 'location'], meta: null };
    return sendJson(res, ok({ topic: 'hot', count: 1, messages: [{ ...message, row: ['2023-11-14T22:13:20.500Z', 10.3, 'hall-a'] }] }));
  }
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server);

function open(element: React.ReactElement) {
  signIn({ instances: [instance] });
  renderScreen(element);
}

const creates = () => server.requests.filter((r) => r.method === 'POST' && r.url === '/api/region/local/topic/create/i1');
const field = (name: string) => document.getElementById(`field-${name}`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('topics screen', () => {
  it('lists topics; the create form checks the rules before sending, shows the SQL, and shows refusals under the field keeping the input', async () => {
    open(<TopicsPage />);
    expect(await screen.findByText('CREATE TOPIC `hot` AS DATABASE `power`', undefined, { timeout: 30_000 })).toBeTruthy();
    // YYYY-MM-DD HH:mm:ss in the edition's zone (UTC in the tests), not the browser's "11/14/2023, 10:13:20 PM".
    expect(screen.getByText('2023-11-14 22:13:20')).toBeTruthy();
    // Sample rows: the REST protocol's RFC 3339 timestamps in the same format (with the ms), other cells as they are.
    fireEvent.click(screen.getByRole('button', { name: 'Sample messages' }));
    const sample = await screen.findByTestId('topic-sample', undefined, { timeout: 30_000 });
    expect(await within(sample).findByText('2023-11-14 22:13:20.500', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(within(sample).getByText('10.3')).toBeTruthy();
    expect(within(sample).getByText('hall-a')).toBeTruthy();
    fireEvent.click(screen.getByTestId('topic-create'));
    await screen.findByTestId('topic-form', undefined, { timeout: 30_000 });

    type('name', '1bad');
    type('db', 'power');
    expect(await screen.findByText('Topic names start with a letter or underscore and hold letters, digits and underscores (at most 192)', undefined, { timeout: 30_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(creates()).toHaveLength(0);

    type('name', 'hot');
    await waitFor(() => expect(screen.getByTestId('topic-sql').textContent).toBe('CREATE TOPIC `hot` AS DATABASE `power`'), { timeout: 30_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Topic name already exists', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(field('name').value).toBe('hot');

    type('name', 'fresh');
    type('db', 'nowal');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('A topic needs a database WAL retention period above zero', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(field('db').value).toBe('nowal');
    expect(JSON.parse(creates().at(-1)!.body)).toMatchObject({ name: 'fresh', kind: 'database', db: 'nowal', with_meta: false });
  });
});

describe('topic share screen', () => {
  it('offers Share to members without implied rights and sends the grant', async () => {
    open(<TopicSharePage />);
    const analyst = (await screen.findByText('analyst@example.com', undefined, { timeout: 30_000 })).closest('tr')!;
    const owner = screen.getByText('owner@example.com').closest('tr')!;
    expect(within(owner).queryAllByRole('button')).toHaveLength(0);
    expect(within(owner).getByText('Through database read')).toBeTruthy();
    fireEvent.click(within(analyst).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT' && r.url === '/api/region/local/topic/share/i1/hot' && JSON.parse(r.body).action === 'grant')).toBe(true), {
      timeout: 30_000,
    });
    expect(await screen.findByText('Shared', undefined, { timeout: 30_000 })).toBeTruthy();
  });
});

describe('topic consumers screen', () => {
  it('shows a snapshot position as the table and time reached, its lag as the log part plus the rest of the snapshot, in the user language', async () => {
    open(<TopicConsumersPage />);
    const position = await screen.findByText('snapshot (table m1, ts 2026-01-01 00:00:04.000)', undefined, { timeout: 30_000 });
    expect(position.closest('[data-testid="snapshot-position"]')!.getAttribute('title')).toBe('snapshot:3:1767225604000:m1');
    const row = position.closest('tr')!;
    expect(within(row).getByText('then log offset 3')).toBeTruthy();
    expect(within(row).getByText('7 + rest of snapshot')).toBeTruthy();
    // A log offset stays a number with its plain lag.
    const logRow = screen.getAllByRole('row').find((r) => r.querySelector('td')?.textContent === '3')!;
    expect([...logRow.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['3', 'none', '12', '12', '0', '0']);
    expect(screen.getAllByText('Snapshot in progress')).toHaveLength(2);
    expect(screen.getByText('snapshot (schema, super table meters)')).toBeTruthy();
    // The consumer's state in words, its time in the one date format (1_700_000_000_000 in UTC, the test edition's zone).
    const consumer = screen.getByText('loader').closest('tr')!;
    expect(within(consumer).getByText('Rebalancing')).toBeTruthy();
    expect(within(consumer).getByText('2023-11-14 22:13:20')).toBeTruthy();

    await changeLanguage('zh');
    try {
      expect(await screen.findByText('快照（表 m1，时间戳 2026-01-01 00:00:04.000）', undefined, { timeout: 30_000 })).toBeTruthy();
      expect(screen.getByText('7 + 快照剩余部分')).toBeTruthy();
      expect(screen.getByText('快照（表结构，超级表 meters）')).toBeTruthy();
      expect(screen.getAllByText('快照进行中')).toHaveLength(2);
      expect(within(screen.getByText('loader').closest('tr')!).getByText('重新平衡中')).toBeTruthy();
      expect(within(screen.getByText('loader').closest('tr')!).getByText('2023-11-14 22:13:20')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('topic example screen', () => {
  it('without a token seen in this session the snippets carry the same readable placeholder as the programming page', async () => {
    forgetInstanceTokens();
    open(<TopicExamplePage />);
    const python = await screen.findByTestId('consumer-snippet-python', undefined, { timeout: 30_000 });
    expect(python.textContent).toContain('YOUR_TOKEN');
    expect(python.textContent).not.toMatch(/<TOKEN>|%3CTOKEN%3E/);
  });

  it('shows the token masked, and a copy by hand holds the real token', async () => {
    rememberInstanceToken('i1', 'abcdefghijklmnop');
    open(<TopicExamplePage />);
    const python = await screen.findByTestId('consumer-snippet-python', undefined, { timeout: 30_000 });
    expect(python.textContent).toContain('abcd********mnop');
    expect(python.textContent).not.toContain('abcdefghijklmnop');
    const copied = copiedByHand(python)!;
    expect(copied).toContain('abcdefghijklmnop');
    expect(copied).not.toContain('****');
    forgetInstanceTokens();
  });
});
