import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, FREE_PLAN_MAX_ORGANIZATIONS, type OrgMember, type OrgQuota, type Page } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';
import { insertInstance } from './helpers';

const INVITE_SUBJECT = /invit|邀请/i;

describe('organization users: GET /user, PUT /user/{id}, POST /user/reactivate', () => {
  const clock = new FakeClock(Date.UTC(2026, 5, 1));
  let t: TestApp;
  let owner: Caller;
  let member: Caller;
  let outsider: Caller;
  let orgId: string;
  let groupId: string;

  const accept = async (who: Caller, index = 0) => {
    const mails = t.mailbox.messages.filter((m) => m.to.includes(who.user.email) && INVITE_SUBJECT.test(m.subject));
    const mail = mails[index] ?? (await t.mailbox.waitFor(who.user.email, INVITE_SUBJECT));
    return new URL(mail.text.match(/https?:\/\/\S+accept=\S+/)![0]).searchParams.get('accept')!;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    owner = await signedIn(t, 'boss@example.com', 'Boss');
    member = await signedIn(t, 'worker@example.com', 'Worker');
    outsider = await signedIn(t, 'outsider@example.com', 'Out');
    orgId = await createOrg(owner, 'Factory');
    await createOrg(outsider, 'Outside');
    groupId = (await owner.call<{ id: string }>('POST', '/api/group', { name: 'Operators' }, orgId)).data.id;
    // Members are listed in invitation order.
    clock.advance(1000);
    await owner.call('POST', '/api/user/invite', { email: member.user.email }, orgId);
    expect((await member.call('POST', '/uc/api/user/accept', { token: await accept(member) })).code).toBe(200);
    clock.advance(1000);
    await owner.call('POST', '/api/user/invite', { email: 'pending@example.com' }, orgId);
  });
  afterAll(async () => t.close());

  it('lists the users paged and filtered', async () => {
    const all = await owner.call<Page<OrgMember>>('GET', '/api/user', undefined, orgId);
    expect(all.data).toMatchObject({ total: 3, current_page: 1, page_size: 10 });
    expect(all.data.list.map((m) => m.email)).toEqual(['boss@example.com', 'worker@example.com', 'pending@example.com']);
    const page2 = await owner.call<Page<OrgMember>>('GET', '/api/user?current_page=2&page_size=2', undefined, orgId);
    expect(page2.data.list.map((m) => m.email)).toEqual(['pending@example.com']);
    const invited = await owner.call<Page<OrgMember>>('GET', '/api/user?status=INVITED', undefined, orgId);
    expect(invited.data.list.map((m) => m.email)).toEqual(['pending@example.com']);
    const byEmail = await owner.call<Page<OrgMember>>('GET', '/api/user?email=WORK', undefined, orgId);
    expect(byEmail.data.list.map((m) => m.email)).toEqual(['worker@example.com']);
    expect((await owner.call('GET', '/api/user?status=GONE', undefined, orgId)).code).toBe(ApiCode.BAD_REQUEST);
  });

  it('changes a user’s status and groups', async () => {
    const updated = await owner.call<OrgMember>('PUT', `/api/user/${member.user.id}`, { groupIds: [groupId] }, orgId);
    expect(updated.data.groups).toEqual([{ id: groupId, name: 'Operators' }]);
    const disabled = await owner.call<OrgMember>('PUT', `/api/user/${member.user.id}`, { status: 'DISABLED', groupIds: [] }, orgId);
    expect(disabled.data).toMatchObject({ status: 'DISABLED', groups: [] });
    expect((await owner.call<OrgMember>('PUT', `/api/user/${member.user.id}`, { status: 'ACTIVE' }, orgId)).data.status).toBe('ACTIVE');

    const expectMessage = (res: { code: number; message: string }, code: number, message: string) => expect({ code: res.code, message: res.message }).toEqual({ code, message });
    expectMessage(await owner.call('PUT', `/api/user/${owner.user.id}`, { status: 'DISABLED' }, orgId), ApiCode.BAD_REQUEST, 'The organization owner cannot be removed');
    expectMessage(await owner.call('PUT', `/api/user/${member.user.id}`, {}, orgId), ApiCode.BAD_REQUEST, 'This field is required');
    expectMessage(await owner.call('PUT', `/api/user/${member.user.id}`, { groupIds: ['no-such-group'] }, orgId, { 'accept-language': 'zh-CN' }), ApiCode.NOT_FOUND, '未找到');
    expectMessage(await owner.call('PUT', `/api/user/${outsider.user.id}`, { status: 'DISABLED' }, orgId), ApiCode.NOT_FOUND, 'Not found');
    // A member without user:update privileges, and a stranger to the organization, are refused.
    expectMessage(await member.call('PUT', `/api/user/${member.user.id}`, { status: 'ACTIVE' }, orgId), ApiCode.FORBIDDEN, 'You do not have permission for this operation');
    expect((await outsider.call('PUT', `/api/user/${member.user.id}`, { status: 'DISABLED' }, orgId)).code).not.toBe(200);
    expect((await outsider.call('GET', '/api/user', undefined, orgId)).code).not.toBe(200);
  });

  it('sends a new invitation to a user still invited, and only to them', async () => {
    const pending = (await owner.call<Page<OrgMember>>('GET', '/api/user?status=INVITED', undefined, orgId)).data.list[0];
    const before = t.mailbox.messages.filter((m) => m.to.includes('pending@example.com')).length;
    const res = await owner.call('POST', '/api/user/reactivate', { memberId: pending.memberId }, orgId);
    expect(res).toMatchObject({ code: 200, data: { email: 'pending@example.com' } });
    await expect.poll(() => t.mailbox.messages.filter((m) => m.to.includes('pending@example.com')).length, { timeout: 10_000 }).toBe(before + 1);
    const again = await owner.call('POST', '/api/user/reactivate', { userId: member.user.id }, orgId);
    expect({ code: again.code, message: again.message }).toEqual({ code: ApiCode.CONFLICT, message: 'The user is not waiting for an invitation' });
    const zh = await owner.call('POST', '/api/user/reactivate', { userId: member.user.id }, orgId, { 'accept-language': 'zh-CN' });
    expect(zh.message).toBe('该用户不在等待邀请');
    expect((await owner.call('POST', '/api/user/reactivate', {}, orgId)).message).toBe('This field is required');
    expect((await member.call('POST', '/api/user/reactivate', { memberId: pending.memberId }, orgId)).code).toBe(ApiCode.FORBIDDEN);
  });
});

describe(`the free plan's limit of ${FREE_PLAN_MAX_ORGANIZATIONS} organizations`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: new FakeClock(Date.UTC(2026, 5, 1)) });
  });
  afterAll(async () => t.close());

  it('refuses a third organization of a free-plan user, in English and Chinese', async () => {
    const user = await signedIn(t, 'free@example.com', 'Free');
    // The personal organization made at first listing counts.
    await user.call('GET', '/api/org');
    expect((await user.call<OrgQuota>('GET', '/api/org/quota')).data).toEqual({ planLevel: 0, owned: 1, max: 2, canCreate: true });
    await createOrg(user, 'Second');
    expect((await user.call<OrgQuota>('GET', '/api/org/quota')).data).toEqual({ planLevel: 0, owned: 2, max: 2, canCreate: false });
    const third = await user.call('POST', '/api/org', { name: 'Third' });
    expect({ code: third.code, message: third.message, data: third.data }).toEqual({
      code: ApiCode.CONFLICT,
      message: 'The free plan allows at most 2 organizations; upgrade an instance to a paid plan to create more',
      data: null,
    });
    const zh = await user.call('POST', '/api/org', { name: 'Third' }, null, { 'accept-language': 'zh-CN' });
    expect(zh.message).toBe('免费套餐最多可拥有 2 个组织；将实例升级为付费套餐后可创建更多');
    // Being a member of someone else's organization does not count.
    const other = await signedIn(t, 'member.of.many@example.com', 'Many');
    await createOrg(other, 'Mine');
    expect((await other.call<OrgQuota>('GET', '/api/org/quota')).data.owned).toBe(1);
  });

  it('lifts the limit once an owned organization has a paid instance', async () => {
    const user = await signedIn(t, 'paid@example.com', 'Paid');
    const first = await createOrg(user, 'One');
    await createOrg(user, 'Two');
    expect((await user.call('POST', '/api/org', { name: 'Three' })).code).toBe(ApiCode.CONFLICT);
    await insertInstance(t, first, { appType: 'TSDB', planLevel: 1 });
    expect((await user.call<OrgQuota>('GET', '/api/org/quota')).data).toEqual({ planLevel: 1, owned: 2, max: null, canCreate: true });
    expect((await user.call('POST', '/api/org', { name: 'Three' })).code).toBe(200);
    expect((await user.call('GET', '/api/org/quota', undefined, null, {})).code).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/org/quota' })).json()).toMatchObject({ code: 432 });
  });

  it('takes the limit as a parameter of the deployment', async () => {
    const three = await createTestApp({ clock: new FakeClock(), env: { FREE_PLAN_MAX_ORGANIZATIONS: '3' } });
    const none = await createTestApp({ clock: new FakeClock(), env: { FREE_PLAN_MAX_ORGANIZATIONS: 'unlimited' } });
    try {
      const a = await signedIn(three, 'three@example.com', 'Three');
      for (const name of ['One', 'Two', 'Three']) await createOrg(a, name);
      const fourth = await a.call('POST', '/api/org', { name: 'Four' });
      expect(fourth.message).toBe('The free plan allows at most 3 organizations; upgrade an instance to a paid plan to create more');
      const b = await signedIn(none, 'many@example.com', 'Many');
      for (const name of ['One', 'Two', 'Three', 'Four']) await createOrg(b, name);
      expect((await b.call<OrgQuota>('GET', '/api/org/quota')).data).toEqual({ planLevel: 0, owned: 4, max: null, canCreate: true });
    } finally {
      await three.close();
      await none.close();
    }
  });
});
