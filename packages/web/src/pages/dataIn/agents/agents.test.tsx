import { describe, expect, it, vi } from 'vitest';
import type { ServerResponse } from 'node:http';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { agentExpiryRule, en, sourceUrlRule, type AgentBody, type AgentItem } from '@tscloud/contracts';
import { changeLanguage } from '../../../i18n';
import { formatDateTime } from '../../../config/format';
import { sendJson, startTestServer, type RecordedRequest } from '../../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../../testing/screenHarness';
import AgentsPage from './AgentsPage';

/** The agents page with the real request layer against a server answering as ours does (contracts' shapes and rules). */
vi.setConfig({ testTimeout: 120_000 });

const BASE = '/api/region/local/replication/i1';
const WAIT = { timeout: 30_000 };
const ADDRESS = 'wss://console.example/agent/ws';
const DAY = 86_400_000;
const agents: AgentItem[] = [];

const agentOf = (over: Partial<AgentItem>): AgentItem => ({
  agent_id: `a${agents.length + 1}`, name: 'edge', cluster_id: 'i1', dsn: '', user_id: 'u1', status: 'pending', expires_at: Date.now() + 30 * DAY,
  created_at: 1_767_225_600_000, last_seen_at: null, host: null, version: null, ...over,
});

/** What our server answers: the §5 rules checked again, §8's name refusal, the token once. */
function answer(req: RecordedRequest, res: ServerResponse) {
  const url = new URL(req.url, 'http://x');
  const path = url.pathname;
  if (path === '/api/app/list') return sendJson(res, ok([testInstance()]));
  if (isMenusCall(path)) return sendJson(res, ok({}));
  if (path === `${BASE}/taosx/address`) return sendJson(res, ok({ address: ADDRESS }));
  if (path.startsWith(`${BASE}/agent/`) && path.endsWith('/activities')) {
    return sendJson(res, ok([{ id: 2, agent_id: 'a1', time: 1_767_225_700_000, kind: 'connected', message: 'from 10.0.0.9' }, { id: 1, agent_id: 'a1', time: 1_767_225_600_000, kind: 'registered', message: null }]));
  }
  if (path !== `${BASE}/agents`) return sendJson(res, { code: 404, message: 'Not found', data: null });
  if (req.method === 'GET') return sendJson(res, ok(agents));
  const id = url.searchParams.get('agent_id');
  if (req.method === 'DELETE') {
    agents.splice(agents.findIndex((a) => a.agent_id === id), 1);
    return sendJson(res, ok(null));
  }
  const body = JSON.parse(req.body) as AgentBody;
  const rule = agentExpiryRule(Number(body.expires_at), Date.now()) ?? (body.dsn ? sourceUrlRule(body.dsn) : null);
  if (rule) return sendJson(res, { code: 400, message: en[rule as keyof typeof en], data: null });
  if (agents.some((a) => a.name === body.name && a.agent_id !== id)) return sendJson(res, { code: 409, message: 'Agent name already exists', data: null });
  const agent = agentOf({ ...(agents.find((a) => a.agent_id === id) ?? {}), name: body.name, dsn: body.dsn ?? '', expires_at: Number(body.expires_at) });
  if (!id) agents.push(agent);
  return sendJson(res, ok({ agent, token: id && !body.renew_token ? null : `tsa_${agent.agent_id}.s3cret` }));
}

const server = await startTestServer(answer);
useScreenTest(server, { reset: () => (agents.length = 0) });
const sent = (method: string) => server.requests.filter((r) => r.method === method && r.url.startsWith(`${BASE}/agents`));

function open() {
  signIn({ instances: [testInstance()] });
  renderScreen([{ path: '/dataIn/dataCollectionAgents', element: <AgentsPage /> }], { dialogs: true });
}
/** A button by its text (role queries walk antd's whole tree in jsdom: seconds each on a loaded machine). */
const button = (text: string | RegExp, within: HTMLElement = document.body) => {
  const found = [...within.querySelectorAll('button')].find((b) => (typeof text === 'string' ? b.textContent?.trim() === text : text.test(b.textContent ?? '')));
  if (!found) throw new Error(`no button ${String(text)}`);
  return found;
};
const findButton = (text: string | RegExp) => waitFor(() => button(text), WAIT);
const typeIn = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

describe('data collection agents page', () => {
  it('lists agents with their status, created and expiry times; the activities drawer', async () => {
    agents.push(agentOf({ name: 'plant', status: 'connected', host: 'gw-1', version: '0.1.0' }), agentOf({ agent_id: 'a2', name: 'yard', expires_at: Date.now() - DAY }));
    open();
    const row = (await screen.findByText('plant', undefined, WAIT)).closest('tr')!;
    expect(within(row).getByText('Connected')).toBeTruthy();
    expect(within(row).getByText('gw-1 (0.1.0)')).toBeTruthy();
    expect(within(row).getByText(formatDateTime(1_767_225_600_000))).toBeTruthy();
    const yard = screen.getByText('yard').closest('tr')!;
    expect(within(yard).getByText('Pending')).toBeTruthy();
    expect(within(yard).getByText('expired')).toBeTruthy();

    fireEvent.click(button('Activities', row));
    const drawer = await screen.findByTestId('agent-activities', undefined, WAIT);
    expect(within(drawer).getByText('from 10.0.0.9')).toBeTruthy();
    expect(within(drawer).getAllByText(/Connected|Registered/)).toHaveLength(2);
  });

  it('registers an agent: the URL rule before sending, then the token and the command shown once', async () => {
    open();
    fireEvent.click(await findButton(/Register agent/));
    await screen.findByTestId('agent-form', undefined, WAIT);
    typeIn('agent_name', 'plant');
    typeIn('agent_dsn', 'ws://10.0.0.5:6041');
    expect(await screen.findByText(en['datasource.validation.sourceUrl'], undefined, WAIT)).toBeTruthy();
    fireEvent.click(button('Save'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent('POST')).toHaveLength(0);

    typeIn('agent_dsn', 'taos+ws://10.0.0.5:6041');
    fireEvent.click(button('Save'));
    expect((await screen.findByTestId('agent-token', undefined, WAIT)).textContent).toContain('tsa_a1.s3cret');
    const command = await screen.findByTestId('agent-command', undefined, WAIT);
    expect(command.textContent).toContain(`npm run agent -- --endpoint ${ADDRESS} --token tsa_a1.s3cret`);
    expect(screen.getByText(/about 2 minutes/)).toBeTruthy();
    // Each with its copy button.
    for (const shown of [screen.getByTestId('agent-token'), command]) expect(shown.querySelector('.ant-typography-copy')).not.toBeNull();
    const body = JSON.parse(sent('POST')[0].body) as AgentBody;
    expect(body).toMatchObject({ name: 'plant', dsn: 'taos+ws://10.0.0.5:6041' });
    expect(Number(body.expires_at)).toBeGreaterThan(Date.now());

    fireEvent.click(button('Done'));
    await waitFor(() => expect(screen.queryByTestId('agent-token')).toBeNull());
    expect(await screen.findByText('plant', undefined, WAIT)).toBeTruthy();
  });

  it('shows the server refusal of a taken name in the dialog; an expiry already past is refused before sending', async () => {
    agents.push(agentOf({ name: 'taken' }), agentOf({ agent_id: 'a2', name: 'old', expires_at: Date.now() - DAY }));
    open();
    fireEvent.click(await findButton(/Register agent/));
    await screen.findByTestId('agent-form', undefined, WAIT);
    typeIn('agent_name', 'taken');
    fireEvent.click(button('Save'));
    expect((await screen.findByTestId('agent-refusal', undefined, WAIT)).textContent).toContain('Agent name already exists');
    fireEvent.click(button('Cancel'));

    const old = (await screen.findByText('old', undefined, WAIT)).closest('tr')!;
    fireEvent.click(button('Edit', old));
    await screen.findByTestId('agent-form', undefined, WAIT);
    fireEvent.click(button('Save'));
    expect(await screen.findByText(en['validation.expiration'], undefined, WAIT)).toBeTruthy();
    expect(sent('PUT')).toHaveLength(0);
  });

  it('deletes an agent after confirming; renews a token and shows the new one; in Chinese', async () => {
    agents.push(agentOf({ name: 'gone' }), agentOf({ agent_id: 'a2', name: 'kept' }));
    open();
    const gone = (await screen.findByText('gone', undefined, WAIT)).closest('tr')!;
    fireEvent.click(button('Delete', gone));
    fireEvent.click(await findButton('OK'));
    await waitFor(() => expect(screen.queryByText('gone')).toBeNull(), WAIT);
    expect(sent('DELETE')[0].url).toContain('agent_id=a1');

    const kept = screen.getByText('kept').closest('tr')!;
    fireEvent.click(button('Renew token', kept));
    fireEvent.click(await findButton('OK'));
    expect((await screen.findByTestId('agent-token', undefined, WAIT)).textContent).toContain('tsa_a2.s3cret');
    expect(JSON.parse(sent('PUT')[0].body)).toMatchObject({ name: 'kept', renew_token: true });
    fireEvent.click(button('Done'));

    await changeLanguage('zh');
    try {
      expect(await screen.findByText('数据采集代理', undefined, WAIT)).toBeTruthy();
      expect(button(/注册代理/)).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });
});
