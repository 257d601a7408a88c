import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, RoleGrant } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { provideInstanceDirectory } from '../../src/platform/access';
import { instances } from '../../src/store/schema';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';

/** Issue 14 item 9: the organization's grant list names who holds each grant and the instance by its alias. */
describe('grant list names the grantee and the instance', () => {
  let t: TestApp;
  let owner: Caller;
  let member: Caller;
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t, 'owner@example.com', 'Olga');
    member = await signedIn(t, 'member@example.com', 'Mia');
    orgId = await createOrg(owner, 'Named');
    const now = Date.now();
    await t.store.db.insert(instances).values({
      id: 'inst-named', orgId, name: 'tsdb-named', alias: 'production', appType: 'TSDB', cloudId: 'local', regionId: 'local', planLevel: 0,
      desiredState: 'running', status: 'Running', engineUser: 'u', enginePassword: 'p', tokenHash: 'h', createdAt: now, updatedAt: now,
    } as typeof instances.$inferInsert);
    provideInstanceDirectory(t.app, { orgOf: async (id) => (id === 'inst-named' ? orgId : null), countByOrg: async () => 1 });
    await owner.call('POST', '/api/user/invite', { email: 'member@example.com' }, orgId);
    const mail = await t.mailbox.waitFor('member@example.com', /Named/);
    await member.call('POST', '/uc/api/user/accept', { token: new URL(mail.text.match(/https?:\/\/\S+accept=\S+/)![0]).searchParams.get('accept') });
  });
  afterAll(async () => t.close());

  it('gives each grant the member e-mail or the group name, and the instance alias', async () => {
    const roles = Object.fromEntries((await owner.call<Role[]>('GET', '/api/role', undefined, orgId)).data.map((r) => [r.name, r]));
    const group = (await owner.call<{ id: string }>('POST', '/api/group', { name: 'Operators' }, orgId)).data.id;
    expect((await owner.call('PUT', '/api/user/roles', { userId: member.user.id, roleId: roles.Viewer!.id }, orgId)).code).toBe(200);
    expect((await owner.call('PUT', '/api/user/roles', { groupId: group, roleId: roles.Developer!.id, resType: 'INSTANCE', resources: [{ resId: 'inst-named' }] }, orgId)).code).toBe(200);

    const all = (await owner.call<RoleGrant[]>('GET', '/api/role/grant-list', undefined, orgId)).data;
    expect(all.find((g) => g.userId === member.user.id && g.resType === 'ORG')).toMatchObject({ memberEmail: 'member@example.com', instanceAlias: null, via: 'USER' });
    expect(all.find((g) => g.groupId === group)).toMatchObject({ groupName: 'Operators', memberEmail: null, resType: 'INSTANCE', resId: 'inst-named', instanceAlias: 'production', via: 'GROUP' });
  });
});
