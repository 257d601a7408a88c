import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, Banner, Page } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { createAlert } from '../../src/platform/alerts';
import { clearBanner, setBanner } from '../../src/platform/banner';
import { createOrg, request, signedIn, type Caller } from '../orgs/helpers';

describe('alerts and the maintenance banner', () => {
  let t: TestApp;
  let owner: Caller;
  let other: Caller;
  let orgId: string;
  let otherOrg: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t, 'owner@example.com', 'Olga');
    other = await signedIn(t, 'other@example.com', 'Otto');
    orgId = await createOrg(owner, 'Alerted');
    otherOrg = await createOrg(other, 'Quiet');
  });
  afterAll(async () => t.close());

  it('lists, counts, reads and deletes the caller alerts in batches', async () => {
    for (const [type, content] of [
      ['CPU', 'CPU above 90%'],
      ['MEMORY', 'Memory above 90%'],
      ['DISK', 'Disk above 90%'],
    ] as const) {
      await createAlert(t.store.db, t.clock, { orgId, type, content, instanceId: 'inst-1' });
    }
    await createAlert(t.store.db, t.clock, { orgId: otherOrg, type: 'CPU', content: 'not yours' });
    expect(await owner.call('GET', '/api/alert', undefined, orgId)).toMatchObject({ code: 200, data: { count: 3 } });
    const unread = await owner.call<Page<Alert>>('GET', '/api/alert/list?current_page=1&page_size=10&status=0', undefined, orgId);
    expect(unread.data.total).toBe(3);
    expect(unread.data.list.map((a) => a.type).sort()).toEqual(['CPU', 'DISK', 'MEMORY']);
    expect(unread.data.list[0]).toMatchObject({ read: false, instanceId: 'inst-1' });

    const [first, second, third] = unread.data.list.map((a) => a.id);
    const notYours = (await other.call<Page<Alert>>('GET', '/api/alert/list', undefined, otherOrg)).data.list[0].id;
    // Ids of someone else's alerts are ignored.
    expect(await owner.call('PUT', '/api/alert/batch/read', { ids: [first, second, notYours] }, orgId)).toMatchObject({ code: 200, data: { updated: 2 } });
    expect((await owner.call('GET', '/api/alert', undefined, orgId)).data).toEqual({ count: 1 });
    expect((await owner.call<Page<Alert>>('GET', '/api/alert/list?status=1', undefined, orgId)).data.total).toBe(2);
    expect(await owner.call('DELETE', '/api/alert/batch/delete', { ids: [first, third, notYours] }, orgId)).toMatchObject({ code: 200, data: { deleted: 2 } });
    expect((await owner.call<Page<Alert>>('GET', '/api/alert/list', undefined, orgId)).data.list.map((a) => a.id)).toEqual([second]);
    expect((await other.call('GET', '/api/alert', undefined, otherOrg)).data).toEqual({ count: 1 });
    expect((await owner.call('PUT', '/api/alert/batch/read', { ids: [] }, orgId)).code).toBe(400);
  });

  it('answers the banner publicly, as set and cleared by the operator', async () => {
    expect(await request(t, { method: 'GET', url: '/api/banner' })).toMatchObject({ code: 200, data: null });
    await setBanner(t.store.db, { type: 'ERROR', content: 'Upgrading the database, back at 10:00 UTC' });
    expect((await request<Banner>(t, { method: 'GET', url: '/api/banner' })).data).toEqual({ type: 'ERROR', content: 'Upgrading the database, back at 10:00 UTC' });
    await setBanner(t.store.db, { type: 'INFO', content: 'Maintenance on Sunday' });
    expect((await request<Banner>(t, { method: 'GET', url: '/api/banner' })).data?.type).toBe('INFO');
    await expect(setBanner(t.store.db, { type: 'LOUD' as 'INFO', content: 'x' })).rejects.toThrow(/type/);
    await clearBanner(t.store.db);
    expect((await request(t, { method: 'GET', url: '/api/banner' })).data).toBeNull();
  });
});
