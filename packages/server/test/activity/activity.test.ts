import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, MenuMap, Page, Role } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { provideInstanceDirectory } from '../../src/platform/access';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';
import { activityLog } from '../../src/store/schema';
import { EXPORT_STEP_ROWS } from '../../src/platform/activity/activity-service';

describe('activity log and menus', () => {
  let t: TestApp;
  let owner: Caller;
  let viewer: Caller;
  let orgId: string;
  let roles: Record<string, Role>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t, 'owner@example.com', 'Olga');
    viewer = await signedIn(t, 'viewer@example.com', 'Vic');
    orgId = await createOrg(owner, 'Logged');
    provideInstanceDirectory(t.app, { orgOf: async (id) => (id === 'inst-1' ? orgId : null), countByOrg: async () => 0 });
    roles = Object.fromEntries((await owner.call<Role[]>('GET', '/api/role', undefined, orgId)).data.map((r) => [r.name, r]));
    await owner.call('POST', '/api/user/invite', { email: 'viewer@example.com' }, orgId);
    const mail = await t.mailbox.waitFor('viewer@example.com', /Logged/);
    await viewer.call('POST', '/uc/api/user/accept', { token: new URL(mail.text.match(/https?:\/\/\S+accept=\S+/)![0]).searchParams.get('accept') });
    await owner.call('PUT', '/api/user/roles', { userId: viewer.user.id, roleId: roles.Viewer.id }, orgId);
  });
  afterAll(async () => t.close());

  it('records every change with type, operation, time, originator, IP and result', async () => {
    // X-Forwarded-For is not trusted unless TRUST_PROXY is set: the logged address is the socket's.
    await owner.call('PUT', `/api/org/${orgId}`, { name: 'Logged-Renamed' }, orgId, { 'x-forwarded-for': '203.0.113.9' });
    await owner.call('PUT', `/api/org/${orgId}`, { name: 'bad name' }, orgId);
    // A viewer's refused change is recorded as a failure in the organization's log.
    await viewer.call('POST', '/api/group', { name: 'Sneaky' }, orgId);
    // Reads are not changes.
    await owner.call('GET', '/api/org/users', undefined, orgId);

    const log = await owner.call<Page<ActivityEntry>>('GET', '/api/activity?page_size=50', undefined, orgId);
    expect(log.code).toBe(200);
    const entries = log.data.list;
    const renames = entries.filter((e) => e.type === 'organization' && e.operation === 'rename');
    expect(renames.map((e) => e.result).sort()).toEqual(['FAILURE', 'SUCCESS']);
    expect(renames[0]).toMatchObject({ originator: 'owner@example.com', originatorId: owner.user.id });
    expect(renames[0].requestIp).toBe('127.0.0.1');
    expect(renames[0].requestTime).toBeGreaterThan(Date.now() - 60_000);
    expect(entries.find((e) => e.type === 'group')).toMatchObject({ operation: 'create', originator: 'viewer@example.com', result: 'FAILURE' });
    expect(entries.some((e) => e.operation.startsWith('GET'))).toBe(false);
    // The invitation acceptance (a user-level call) lands in the organization it joined.
    expect(entries.find((e) => e.operation === 'accept invitation')).toMatchObject({ originator: 'viewer@example.com', result: 'SUCCESS' });
  });

  it('filters by type, originator and time range, pages, and needs activity:read', async () => {
    const byType = await owner.call<Page<ActivityEntry>>('GET', '/api/activity?type=organization', undefined, orgId);
    expect(byType.data.list.every((e) => e.type === 'organization')).toBe(true);
    expect(byType.data.total).toBeGreaterThanOrEqual(2);
    const byOriginator = await owner.call<Page<ActivityEntry>>('GET', '/api/activity?originator=viewer', undefined, orgId);
    expect(byOriginator.data.list.every((e) => e.originator === 'viewer@example.com')).toBe(true);
    const future = await owner.call<Page<ActivityEntry>>('GET', `/api/activity?from=${Date.now() + 3_600_000}`, undefined, orgId);
    expect(future.data).toMatchObject({ list: [], total: 0 });
    const paged = await owner.call<Page<ActivityEntry>>('GET', '/api/activity?current_page=2&page_size=1', undefined, orgId);
    expect(paged.data).toMatchObject({ current_page: 2, page_size: 1 });
    expect(paged.data.list).toHaveLength(1);
    expect((await viewer.call('GET', '/api/activity', undefined, orgId)).code).toBe(403);
  });

  it('keeps instance operations for the organization logs (instances/logs)', async () => {
    await owner.call('PUT', '/api/user/inst-1/roles', { userId: viewer.user.id, roleId: roles.Developer.id, resType: 'INSTANCE', resources: [{ resId: 'inst-1' }] }, orgId);
    const logs = await owner.call<Page<ActivityEntry>>('GET', '/api/instances/logs', undefined, orgId);
    expect(logs.data.list).toHaveLength(1);
    expect(logs.data.list[0]).toMatchObject({ instanceId: 'inst-1', operation: 'grant in instance', result: 'SUCCESS' });
  });

  it('names the target of a change: the member, the group, the grantee (issue 14 item 11)', async () => {
    await owner.call('POST', '/api/group', { name: 'Operators' }, orgId);
    await owner.call('POST', '/api/org/disable/orguser', { userId: viewer.user.id }, orgId);
    await owner.call('POST', '/api/org/active/orguser', { userId: viewer.user.id }, orgId);
    const entries = (await owner.call<Page<ActivityEntry>>('GET', '/api/activity?page_size=100', undefined, orgId)).data.list;
    expect(entries.find((e) => e.type === 'group' && e.result === 'SUCCESS')).toMatchObject({ operation: 'create', target: 'Operators' });
    expect(entries.find((e) => e.operation === 'disable')).toMatchObject({ type: 'member', target: 'viewer@example.com' });
    expect(entries.find((e) => e.operation === 'grant')).toMatchObject({ target: 'viewer@example.com' });
    expect(entries.find((e) => e.operation === 'invite')).toMatchObject({ target: 'viewer@example.com' });
    expect(entries.find((e) => e.type === 'organization' && e.operation === 'rename')?.target).toBeNull();
  });

  it('filters by user id, lists the types present, and exports the filtered log as CSV with the same right', async () => {
    const byUser = await owner.call<Page<ActivityEntry>>('GET', `/api/activity?userId=${viewer.user.id}&page_size=100`, undefined, orgId);
    expect(byUser.data.total).toBeGreaterThan(0);
    expect(byUser.data.list.every((e) => e.originatorId === viewer.user.id)).toBe(true);
    const types = await owner.call<string[]>('GET', '/api/activity/types', undefined, orgId);
    expect(types.data).toEqual(expect.arrayContaining(['group', 'member', 'organization', 'role']));
    expect([...types.data].sort()).toEqual(types.data);

    const res = await t.app.inject({ method: 'GET', url: '/api/activity/export?type=member', headers: { authorization: `Bearer ${owner.token}`, 'account-id': orgId } });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d+\.csv"$/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('requestTime,type,operation,target,originator,requestIp,result,instanceId');
    const members = (await owner.call<Page<ActivityEntry>>('GET', '/api/activity?type=member&page_size=100', undefined, orgId)).data;
    expect(lines).toHaveLength(members.total + 1);
    expect(lines.slice(1).every((l) => l.split(',')[1] === 'member')).toBe(true);
    expect(lines[1]).toBe(
      [new Date(members.list[0]!.requestTime).toISOString(), 'member', members.list[0]!.operation, members.list[0]!.target ?? '', members.list[0]!.originator, members.list[0]!.requestIp, members.list[0]!.result, ''].join(','),
    );
    // The export needs what reading needs: activity:read.
    const refused = await viewer.call('GET', '/api/activity/export', undefined, orgId);
    expect(refused.code).toBe(403);
  });

  it('exports in steps: more entries than one step, each once, newest first', async () => {
    const base = { orgId, userId: owner.user.id, originator: 'owner@example.com', type: 'bulk', method: 'POST', path: '/api/x', instanceId: null, requestIp: '127.0.0.1', result: 'SUCCESS' as const, code: 200 };
    // Equal times across a step's edge: the steps continue by id within one millisecond.
    const rows = Array.from({ length: EXPORT_STEP_ROWS + 5 }, (_, i) => ({ ...base, operation: `op ${i}`, target: `t${i}`, requestTime: 1_000_000 + Math.floor(i / 3) }));
    await t.store.db.insert(activityLog).values(rows);
    const res = await t.app.inject({ method: 'GET', url: '/api/activity/export?type=bulk', headers: { authorization: `Bearer ${owner.token}`, 'account-id': orgId } });
    const lines = res.body.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(EXPORT_STEP_ROWS + 5);
    expect(new Set(lines.map((l) => l.split(',')[2])).size).toBe(EXPORT_STEP_ROWS + 5);
    expect(lines[0]!.split(',')[2]).toBe(`op ${EXPORT_STEP_ROWS + 4}`);
    expect(lines.at(-1)!.split(',')[2]).toBe('op 0');
  });

  it('computes the menu maps from the caller privileges', async () => {
    const ownerMenus = await owner.call<MenuMap>('GET', '/api/org/menus', undefined, orgId);
    expect(ownerMenus.data).toMatchObject({ Instances: true, Organization: true, Activity: true, Billing: true, Metering: false, Messages: true });
    const viewerMenus = await viewer.call<MenuMap>('GET', '/api/org/menus', undefined, orgId);
    expect(viewerMenus.data).toMatchObject({ Instances: true, Organization: false, Activity: false, Billing: false, Ticket: false, Messages: true });
    // Inside inst-1 the viewer also holds the Developer role granted on that instance.
    const app = await viewer.call<MenuMap>('GET', '/api/app/menus/inst-1', undefined, orgId);
    expect(app.data).toMatchObject({ Explorer: true, 'Data In': true, Dashboard: true, Management: false, 'TSDB Users': false });
    const ownerApp = await owner.call<MenuMap>('GET', '/api/app/menus/inst-1', undefined, orgId);
    expect(ownerApp.data.Management).toBe(true);
    expect((await owner.call('GET', '/api/app/menus/inst-unknown', undefined, orgId)).code).toBe(404);
  });
});
