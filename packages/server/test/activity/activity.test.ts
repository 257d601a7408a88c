import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, MenuMap, Page, Role } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { provideInstanceDirectory } from '../../src/platform/access';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';

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
