import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, zh, type DeskTicketSummary, type TicketDetail, type TicketPage, type TicketSummary, type TicketType } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';
import { addStaff } from '../../src/platform/support';
import { findCommand } from '../../src/ops/commands';
import { loadConfig } from '../../src/config';
import { openIssue } from './helpers';

/** Issue 18: the customer's issues, the conversation, and the desk's moves with their timeline and e-mails. */
describe('support issues and the desk', () => {
  let t: TestApp;
  let customer: Caller;
  let outsider: Caller;
  let agent: Caller;
  let colleague: Caller;
  let orgId: string;
  let otherOrg: string;

  beforeAll(async () => {
    t = await createTestApp();
    customer = await signedIn(t, 'cora@example.com', 'Cora');
    outsider = await signedIn(t, 'otto@example.com', 'Otto');
    agent = await signedIn(t, 'agent@support.test', 'Sam');
    colleague = await signedIn(t, 'second@support.test', 'Kim');
    orgId = await createOrg(customer, 'Cora-Power');
    otherOrg = await createOrg(outsider, 'Otto-Grid');
    await addStaff(t.store.db, t.clock, agent.user.id);
    await addStaff(t.store.db, t.clock, colleague.user.id);
  });
  afterAll(async () => t.close());

  it('offers the issue types in the caller language', async () => {
    const types = (await customer.call<TicketType[]>('GET', '/api/dict/issuetype')).data;
    expect(types[0]).toEqual({ id: 1, name: 'Technical problem' });
    const zhTypes = (await customer.call<TicketType[]>('GET', '/api/dict/issuetype', undefined, null, { 'accept-language': 'zh-CN' })).data;
    expect(zhTypes[0].name).toBe('技术问题');
  });

  it("refuses a bad form with the spec's message and a field, and an unknown type or another organization's instance", async () => {
    const short = await customer.call('POST', '/api/issues', { title: 'ab', description: 'x', type: 1 }, orgId);
    expect(short).toMatchObject({ code: 400, message: en['support.titleLength'], data: { field: 'title' } });
    const shortZh = await customer.call('POST', '/api/issues', { title: 'ab', description: 'x', type: 1 }, orgId, { 'accept-language': 'zh' });
    expect(shortZh.message).toBe(zh['support.titleLength']);
    expect((await customer.call('POST', '/api/issues', { title: 'Fine title', description: 'x', type: 99 }, orgId)).message).toBe(en['support.typeUnknown']);
    const foreign = await customer.call('POST', '/api/issues', { title: 'Fine title', description: 'x', type: 1, product: 'instance', instance_id: 'not-ours' }, orgId);
    expect(foreign.message).toBe(en['support.instanceUnknown']);
    expect((await customer.call<TicketPage>('GET', '/api/issues', undefined, orgId)).data.total).toBe(0);
  });

  it('lists 10 a page, filters by state and type, searches titles literally, newest change first', async () => {
    for (let i = 1; i <= 12; i += 1) await openIssue(customer, orgId, { title: `Batch issue ${String(i).padStart(2, '0')}`, type: i % 2 ? 1 : 2 });
    await openIssue(customer, orgId, { title: '100% CPU_load' });
    const first = (await customer.call<TicketPage>('GET', '/api/issues', undefined, orgId)).data;
    expect(first.total).toBe(13);
    expect(first.content).toHaveLength(10);
    expect(first.content[0].title).toBe('100% CPU_load');
    const second = (await customer.call<TicketPage>('GET', '/api/issues?current_page=2', undefined, orgId)).data;
    expect(second.content).toHaveLength(3);
    expect((await customer.call<TicketPage>('GET', '/api/issues?type=2&page_size=100', undefined, orgId)).data.total).toBe(6);
    const search = (await customer.call<TicketPage>(`GET`, `/api/issues?title=${encodeURIComponent('0% C')}`, undefined, orgId)).data;
    expect(search.content.map((i) => i.title)).toEqual(['100% CPU_load']);
    // % and _ are literal: "1%" matches only titles with "1%", not every title starting with 1
    expect((await customer.call<TicketPage>(`GET`, `/api/issues?title=${encodeURIComponent('_')}`, undefined, orgId)).data.total).toBe(1);
    expect((await customer.call<TicketPage>('GET', '/api/issues?state=closed', undefined, orgId)).data.total).toBe(0);
    // another organization sees none of them, and none of them is found from there
    expect((await outsider.call<TicketPage>('GET', '/api/issues', undefined, otherOrg)).data.total).toBe(0);
    const id = first.content[0].id;
    expect((await outsider.call('GET', `/api/issues/${id}`, undefined, otherOrg)).code).toBe(404);
    expect((await outsider.call('DELETE', `/api/issues/${id}`, undefined, otherOrg)).code).toBe(404);
    expect((await outsider.call('POST', `/api/issues/${id}/comments`, { content: 'hi' }, otherOrg)).code).toBe(404);
    expect((await customer.call('GET', `/api/issues/${id}`, undefined, orgId)).code).toBe(200);
  });

  it('keeps the desk to staff', async () => {
    for (const [method, url] of [
      ['GET', '/api/desk/issues'],
      ['GET', '/api/desk/staff'],
      ['POST', '/api/desk/issues/x/action'],
    ] as const) {
      const res = await customer.call(method, url, method === 'POST' ? { action: 'assign' } : undefined);
      expect(res, `${method} ${url}`).toMatchObject({ code: 403, message: en['support.staffOnly'], data: null });
    }
    expect((await customer.call('GET', '/api/desk/me')).data).toEqual({ staff: false });
    expect((await agent.call('GET', '/api/desk/me')).data).toEqual({ staff: true });
    // staff are not members: the organization's own calls stay closed to them
    expect((await agent.call('GET', '/api/issues', undefined, orgId)).code).not.toBe(200);
  });

  it('walks an issue through the desk: assign, ask, the customer answers, finish, close — with a timeline and e-mails', async () => {
    const issue = await openIssue(customer, orgId, { title: 'Ingest stalls at night', notify_email: 'alerts@cora.example', notify_on_progress: true });
    expect(issue).toMatchObject({ state: 'unassigned', actions: ['close'], number: expect.any(Number), creator: { name: 'Cora User' } });

    const queue = (await agent.call<TicketPage<DeskTicketSummary>>('GET', '/api/desk/issues?queue=unassigned&page_size=100')).data;
    expect(queue.content.find((i) => i.id === issue.id)).toMatchObject({ org_name: 'Cora-Power', state: 'unassigned' });

    const assigned = await agent.call<TicketDetail>('POST', `/api/desk/issues/${issue.id}/action`, { action: 'assign' });
    expect(assigned.data).toMatchObject({ state: 'awaiting_processing', assignee: { email: 'agent@support.test' } });
    await t.mailbox.waitFor('alerts@cora.example', /awaiting processing/);
    // a customer cannot make staff moves, nor can staff delete it now
    expect((await customer.call('POST', `/api/issues/${issue.id}/action`, { action: 'reopen' }, orgId)).message).toBe(en['support.actionNotAllowed']);
    expect((await customer.call('DELETE', `/api/issues/${issue.id}`, undefined, orgId)).message).toBe(en['support.deleteTaken']);

    const mine = (await agent.call<TicketPage<DeskTicketSummary>>('GET', '/api/desk/issues?queue=mine')).data;
    expect(mine.content.map((i) => i.id)).toContain(issue.id);

    await agent.call('POST', `/api/desk/issues/${issue.id}/replies`, { content: 'Only staff: check the nightly compaction', kind: 'internal' });
    const asked = await agent.call<TicketDetail>('POST', `/api/desk/issues/${issue.id}/replies`, { content: 'Which **database** is it?', kind: 'request_info' });
    expect(asked.data.state).toBe('awaiting_response');
    const request = await t.mailbox.waitFor('alerts@cora.example', /New reply/);
    expect(request.text).toContain('Which **database** is it?');
    expect(request.text).toContain(`/support/${issue.id}`);
    expect(t.mailbox.messages.some((m) => m.text.includes('nightly compaction'))).toBe(false);
    // a rewritten answer is mailed as the answer was
    const askId = asked.data.comments.find((c) => c.author_kind === 'staff')!.id;
    expect((await agent.call('PUT', `/api/desk/comment/${askId}`, { content: 'Which **database** and which table?' })).code).toBe(200);
    expect((await t.mailbox.waitFor('alerts@cora.example', /Reply edited/)).text).toContain('which table?');

    // the customer never sees the note; her answer brings the issue back to processing and mails the assignee
    const seen = (await customer.call<TicketDetail>('GET', `/api/issues/${issue.id}`, undefined, orgId)).data;
    expect(seen.comments.map((c) => [c.author_kind, c.content])).toEqual([['staff', 'Which **database** and which table?']]);
    expect(JSON.stringify(seen)).not.toContain('nightly compaction');
    const answered = await customer.call<TicketDetail>('POST', `/api/issues/${issue.id}/comments`, { content: 'The `power` database' }, orgId);
    expect(answered.data.state).toBe('processing');
    expect((await t.mailbox.waitFor('agent@support.test', /Customer reply/)).text).toContain('The `power` database');

    // handed to a colleague; then finished and closed by staff
    expect((await agent.call('POST', `/api/desk/issues/${issue.id}/action`, { action: 'assign', assignee_id: customer.user.id })).message).toBe(en['support.assigneeNotStaff']);
    expect((await agent.call<TicketDetail>('POST', `/api/desk/issues/${issue.id}/action`, { action: 'assign', assignee_id: colleague.user.id })).data.assignee?.email).toBe('second@support.test');
    expect((await colleague.call<TicketDetail>('POST', `/api/desk/issues/${issue.id}/action`, { action: 'finish' })).data.state).toBe('finished');
    await t.mailbox.waitFor('alerts@cora.example', /finished/);
    const reopened = await customer.call<TicketDetail>('POST', `/api/issues/${issue.id}/action`, { action: 'reopen' }, orgId);
    expect(reopened.data.state).toBe('processing');
    expect((await colleague.call('POST', `/api/desk/issues/${issue.id}/action`, { action: 'close' })).message).toBe(en['support.actionNotAllowed']);
    await colleague.call('POST', `/api/desk/issues/${issue.id}/action`, { action: 'finish' });
    const closed = await colleague.call<TicketDetail>('POST', `/api/desk/issues/${issue.id}/action`, { action: 'close' });
    expect(closed.data.state).toBe('closed');

    const timeline = (await customer.call<TicketDetail>('GET', `/api/issues/${issue.id}`, undefined, orgId)).data.events;
    expect(timeline.map((e) => [e.action, e.from_state, e.to_state, e.actor.email])).toEqual([
      ['create', null, 'unassigned', 'cora@example.com'],
      ['assign', 'unassigned', 'awaiting_processing', 'agent@support.test'],
      ['request_info', 'awaiting_processing', 'awaiting_response', 'agent@support.test'],
      ['customer_reply', 'awaiting_response', 'processing', 'cora@example.com'],
      ['assign', 'processing', 'processing', 'agent@support.test'],
      ['finish', 'processing', 'finished', 'second@support.test'],
      ['reopen', 'finished', 'processing', 'cora@example.com'],
      ['finish', 'processing', 'finished', 'second@support.test'],
      ['close', 'finished', 'closed', 'second@support.test'],
    ]);
    expect(timeline[4].assignee?.email).toBe('second@support.test');
    expect(timeline.every((e, i) => i === 0 || e.at >= timeline[i - 1].at)).toBe(true);

    // a closed issue takes no more comments or edits
    expect((await customer.call('POST', `/api/issues/${issue.id}/comments`, { content: 'one more' }, orgId)).message).toBe(en['support.issueClosed']);
    expect((await customer.call('PUT', '/api/issues', { id: issue.id, title: 'Renamed', description: 'x', type: 1 }, orgId)).message).toBe(en['support.issueClosed']);
  });

  it('sends no progress mail when the customer did not ask for it', async () => {
    const quiet = await openIssue(customer, orgId, { title: 'Quiet issue', notify_email: 'quiet@cora.example', notify_on_progress: false });
    await agent.call('POST', `/api/desk/issues/${quiet.id}/action`, { action: 'assign' });
    await agent.call('POST', `/api/desk/issues/${quiet.id}/replies`, { content: 'Looking into it' });
    const loud = await openIssue(customer, orgId, { title: 'Loud issue', notify_email: 'loud@cora.example', notify_on_progress: true });
    await agent.call('POST', `/api/desk/issues/${loud.id}/action`, { action: 'assign' });
    await t.mailbox.waitFor('loud@cora.example');
    expect(t.mailbox.messages.some((m) => m.to.includes('quiet@cora.example'))).toBe(false);
  });

  it('lets only its author edit or delete a comment, and deletes an issue nobody took up', async () => {
    const issue = await openIssue(customer, orgId, { title: 'Comment rules' });
    const withComment = await customer.call<TicketDetail>('POST', `/api/issues/${issue.id}/comments`, { content: 'First version' }, orgId);
    const commentId = withComment.data.comments[0].id;
    expect((await customer.call('PUT', `/api/issues/comment/${commentId}`, { content: 'Second version' }, orgId)).code).toBe(200);
    expect((await customer.call<TicketDetail>('GET', `/api/issues/${issue.id}`, undefined, orgId)).data.comments[0].content).toBe('Second version');
    // staff cannot rewrite the customer's words; another organization does not even find the comment
    expect((await agent.call('PUT', `/api/desk/comment/${commentId}`, { content: 'Changed by staff' })).message).toBe(en['support.notAuthor']);
    expect((await outsider.call('PUT', `/api/issues/comment/${commentId}`, { content: 'x' }, otherOrg)).code).toBe(404);
    expect((await customer.call('DELETE', `/api/issues/comment/${commentId}`, undefined, orgId)).code).toBe(200);
    expect((await customer.call<TicketDetail>('GET', `/api/issues/${issue.id}`, undefined, orgId)).data.comments).toEqual([]);

    expect((await customer.call('DELETE', `/api/issues/${issue.id}`, undefined, orgId)).code).toBe(200);
    expect((await customer.call('GET', `/api/issues/${issue.id}`, undefined, orgId)).code).toBe(404);
    const all = (await customer.call<TicketPage<TicketSummary>>('GET', '/api/issues?page_size=100', undefined, orgId)).data.content;
    expect(all.some((i) => i.id === issue.id)).toBe(false);
  });

  it('names and removes staff from the operator command line', async () => {
    const helper = await signedIn(t, 'helper@support.test', 'Hal');
    const deps = { config: loadConfig({}), store: t.store, clock: t.clock, mailer: { send: async () => undefined } };
    const run = async (...argv: string[]) => {
      const found = findCommand(argv)!;
      const lines: string[] = [];
      await found.command.run(deps, found.args, (line) => lines.push(line));
      return lines;
    };
    expect((await helper.call('GET', '/api/desk/issues')).code).toBe(403);
    expect(await run('staff', 'add', 'helper@support.test')).toEqual(['helper@support.test: support staff']);
    expect((await helper.call('GET', '/api/desk/issues')).code).toBe(200);
    expect((await run('staff', 'list')).join('\n')).toContain('helper@support.test');
    await run('staff', 'remove', 'helper@support.test');
    expect((await helper.call('GET', '/api/desk/issues')).code).toBe(403);
    await expect(run('staff', 'add', 'nobody@support.test')).rejects.toThrow('no account');
  });

  it('refuses two staff moving the same issue at once: one wins, the other is told to reload', async () => {
    const issue = await openIssue(customer, orgId, { title: 'Race' });
    await agent.call('POST', `/api/desk/issues/${issue.id}/action`, { action: 'assign' });
    const [a, b] = await Promise.all([
      agent.call('POST', `/api/desk/issues/${issue.id}/action`, { action: 'finish' }),
      colleague.call('POST', `/api/desk/issues/${issue.id}/action`, { action: 'abort' }),
    ]);
    expect([a.code, b.code].sort()).toEqual([200, 400]);
    const events = (await agent.call<TicketDetail>('GET', `/api/desk/issues/${issue.id}`)).data.events;
    expect(events.filter((e) => e.action === 'finish' || e.action === 'abort')).toHaveLength(1);
  });
});
