import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, Group, Role } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { FakeClock } from '../../src/clock';
import type { RegisteredRoute } from '../../src/http/route-policy';
import { provideInstanceDirectory } from '../../src/platform/access';
import { createSession } from '../../src/platform/accounts';
import { createAlert } from '../../src/platform/alerts';
import { createOrg, request, signedIn, type Caller } from '../orgs/helpers';

/**
 * Calls EVERY registered non-public route (whatever area registered it, now or later) as callers who must get
 * nothing: no token; a member of another organization; a member whose only grant expired; a disabled member.
 * A route whose guard lets one of them through fails this test.
 */
const CANARY_ORG = 'Victimcanary';
const CANARY_EMAIL = 'victim.canary@example.com';
const VICTIM_INSTANCE = 'inst-victim-canary';
const ATTACKER_INSTANCE = 'inst-attacker';

interface Victim {
  orgId: string;
  ownerId: string;
  groupId: string;
  roleId: string;
  grantId: string;
  alertId: string;
}

/** Fills path parameters with plausible ids of the victim organization's resources. */
function fillPath(route: RegisteredRoute, v: Victim, instanceId = VICTIM_INSTANCE): string {
  const idFor = (url: string): string => {
    if (route.policy.access === 'instance') return instanceId;
    if (url.startsWith('/api/group/')) return v.groupId;
    if (url.startsWith('/api/role/')) return v.roleId;
    if (url.startsWith('/api/user/') || url.startsWith('/uc/api/user/')) return v.ownerId;
    if (url.startsWith('/api/alert/')) return v.alertId;
    return v.orgId;
  };
  const values: Record<string, string> = { orgId: v.orgId, appId: instanceId, instanceId, regionId: 'default', region: 'default', type: 'user', name: 'db1', connection_id: 'c1' };
  return route.url
    .replace(/:(\w+)/g, (_, param: string) => (param === 'id' ? idFor(route.url) : (values[param] ?? 'x1')))
    .replace(/\*/g, 'x1')
    // Calls that name their instance in the query (monitoring, allow-list) get the victim's, and a time range.
    .concat(`?app_id=${instanceId}&start=${Date.UTC(2026, 0, 1)}&end=${Date.UTC(2026, 0, 2)}`);
}

/** One body with every field a route of this console might read, naming the victim's resources. */
function bodyFor(v: Victim): Record<string, unknown> {
  return {
    name: 'Hijacked',
    userId: v.ownerId,
    userIds: [v.ownerId],
    groupId: v.groupId,
    groupIds: [v.groupId],
    roleId: v.roleId,
    privileges: ['org:read'],
    grantIds: [v.grantId],
    ids: [v.alertId],
    email: 'intruder@example.com',
    token: 'x',
    resType: 'ORG',
    app_id: VICTIM_INSTANCE,
  };
}

function expectNothing(route: RegisteredRoute, res: ApiEnvelope, who: string): void {
  const label = `${who}: ${route.method} ${route.url}`;
  expect(res.code, label).not.toBe(200);
  expect(res.data ?? null, label).toBeNull();
  const text = JSON.stringify(res);
  expect(text, label).not.toContain(CANARY_ORG);
  expect(text, label).not.toContain(CANARY_EMAIL);
}

describe('every registered route refuses callers without access', () => {
  const clock = new FakeClock(Date.UTC(2026, 5, 1));
  let t: TestApp;
  let victim: Victim;
  let owner: Caller;
  let attacker: Caller;
  let attackerOrg: string;
  let expired: Caller;
  let disabled: Caller;

  async function join(member: Caller, expiration: number | null): Promise<void> {
    await owner.call('POST', '/api/user/invite', { email: member.user.email }, victim.orgId);
    const mail = await t.mailbox.waitFor(member.user.email, new RegExp(CANARY_ORG));
    const token = new URL(mail.text.match(/https?:\/\/\S+accept=\S+/)![0]).searchParams.get('accept')!;
    expect((await member.call('POST', '/uc/api/user/accept', { token })).code).toBe(200);
    const grant = await owner.call('PUT', '/api/user/roles', { userId: member.user.id, roleId: victim.roleId, resType: 'ORG', expiration }, victim.orgId);
    expect(grant.code).toBe(200);
    // Before losing access, the member does see the organization: the refusals below are about the change.
    expect((await member.call('GET', '/api/org/users', undefined, victim.orgId)).code).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    owner = await signedIn(t, CANARY_EMAIL, 'Victim');
    attacker = await signedIn(t, 'attacker@example.com', 'Mallory');
    expired = await signedIn(t, 'expired@example.com', 'Exp');
    disabled = await signedIn(t, 'disabled@example.com', 'Dis');
    const orgId = await createOrg(owner, CANARY_ORG);
    attackerOrg = await createOrg(attacker, 'Attackerorg');
    provideInstanceDirectory(t.app, {
      orgOf: async (id) => (id === VICTIM_INSTANCE ? orgId : id === ATTACKER_INSTANCE ? attackerOrg : null),
      countByOrg: async () => 0,
    });

    const roles = await owner.call<Role[]>('GET', '/api/role', undefined, orgId);
    const admin = roles.data.find((r) => r.name === 'Admin')!;
    const group = await owner.call<{ id: string }>('POST', '/api/group', { name: 'Canary-Group' }, orgId);
    victim = { orgId, ownerId: owner.user.id, groupId: group.data.id, roleId: admin.id, grantId: '', alertId: '' };
    const groupGrant = await owner.call<{ grantIds: string[] }>('PUT', '/api/user/roles', { groupId: victim.groupId, roleId: admin.id }, orgId);
    victim.grantId = groupGrant.data.grantIds[0];
    [victim.alertId] = await createAlert(t.store.db, clock, { orgId, type: 'CPU', content: `CPU high on ${CANARY_ORG}`, userIds: [owner.user.id] });

    await join(expired, clock.now() + 10 * 60_000);
    await join(disabled, null);
    clock.advance(11 * 60_000);
    expect((await owner.call('POST', '/api/org/disable/orguser', { userId: disabled.user.id }, orgId)).code).toBe(200);
    const groups = await owner.call<Group[]>('GET', '/api/group', undefined, orgId);
    expect(groups.data[0].name).toBe('Canary-Group');
  });
  afterAll(async () => t.close());

  const guarded = () => t.app.routeTable.filter((r) => r.policy.access !== 'public');
  const orgScoped = () => guarded().filter((r) => r.policy.access === 'org' || r.policy.access === 'instance');

  it('covers the routes of this issue at least', () => {
    const names = guarded().map((r) => `${r.method} ${r.url}`);
    for (const expected of ['GET /api/org/users', 'PUT /api/user/roles', 'GET /api/activity', 'GET /api/app/menus/:appId', 'DELETE /api/org/remove/:id']) {
      expect(names).toContain(expected);
    }
    expect(orgScoped().length).toBeGreaterThan(30);
  });

  it('(a) refuses every non-public route without a token with 432', async () => {
    for (const route of guarded()) {
      const res = await request(t, { method: route.method, url: fillPath(route, victim), body: route.method === 'GET' ? undefined : bodyFor(victim) });
      expect(res.code, `${route.method} ${route.url}`).toBe(432);
      expect(res.data ?? null).toBeNull();
    }
  });

  const cases: Array<[string, () => Caller]> = [
    ['(b) a member of another organization', () => attacker],
    ['(c) a member whose grant expired', () => expired],
    ['(d) a disabled member', () => disabled],
  ];
  for (const [title, who] of cases) {
    it(`${title} gets a refusal and no data from every organization route`, async () => {
      for (const route of orgScoped()) {
        const res = await who().call(route.method, fillPath(route, victim), route.method === 'GET' ? undefined : bodyFor(victim), victim.orgId);
        expectNothing(route, res, title);
      }
    });

    it(`${title} sees none of the victim's data through user-level routes`, async () => {
      for (const route of guarded().filter((r) => r.policy.access === 'user')) {
        // A fresh session per call: a user route may end its session (logout) or change the account.
        const { token } = await createSession(t.store.db, clock, who().user.id);
        const res = await request(t, { method: route.method, url: fillPath(route, victim), token, orgId: victim.orgId, body: route.method === 'GET' ? undefined : bodyFor(victim) });
        const text = JSON.stringify(res);
        expect(text, `${route.method} ${route.url}`).not.toContain(CANARY_ORG);
        expect(text, `${route.method} ${route.url}`).not.toContain(CANARY_EMAIL);
      }
    });
  }

  it('(e) refuses every support desk route to a signed-in user who is not support staff', async () => {
    const desk = guarded().filter((r) => r.policy.access === 'staff');
    expect(desk.length).toBeGreaterThan(5);
    for (const route of desk) {
      const { token } = await createSession(t.store.db, clock, attacker.user.id);
      const res = await request(t, { method: route.method, url: fillPath(route, victim), token, body: route.method === 'GET' ? undefined : bodyFor(victim) });
      expect(res.code, `${route.method} ${route.url}`).toBe(403);
      expect(res.data ?? null, `${route.method} ${route.url}`).toBeNull();
    }
  });

  it("(b') refuses another organization's instance even inside the caller's own organization", async () => {
    for (const route of orgScoped().filter((r) => r.policy.access === 'instance')) {
      const res = await attacker.call(route.method, fillPath(route, victim), route.method === 'GET' ? undefined : bodyFor(victim), attackerOrg);
      expectNothing(route, res, 'own org, victim instance');
    }
  });

  it("(b'') acting in their own organization, a caller reaches nothing of another organization through ids", async () => {
    for (const route of orgScoped().filter((r) => r.policy.access === 'org')) {
      const res = await attacker.call(route.method, fillPath(route, victim), route.method === 'GET' ? undefined : bodyFor(victim), attackerOrg);
      const text = JSON.stringify(res);
      expect(text, `${route.method} ${route.url}`).not.toContain(CANARY_ORG);
      expect(text, `${route.method} ${route.url}`).not.toContain(CANARY_EMAIL);
    }
  });

  it('left the victim organization as it was', async () => {
    const list = await owner.call<{ list: Array<{ orgId: string; name: string }> }>('GET', '/api/org');
    expect(list.data.list.find((o) => o.orgId === victim.orgId)?.name).toBe(CANARY_ORG);
    const members = await owner.call<Array<{ email: string }>>('GET', '/api/org/users', undefined, victim.orgId);
    expect(members.data.map((m) => m.email).sort()).toEqual([CANARY_EMAIL, 'disabled@example.com', 'expired@example.com'].sort());
    const alerts = await owner.call<{ total: number }>('GET', '/api/alert/list', undefined, victim.orgId);
    expect(alerts.data.total).toBe(1);
    const grants = await owner.call<Array<{ id: string; status: string }>>('GET', `/api/role/grant-list?groupId=${victim.groupId}`, undefined, victim.orgId);
    expect(grants.data.map((g) => g.status)).toEqual(['ACTIVE']);
    const groups = await owner.call<Group[]>('GET', '/api/group', undefined, victim.orgId);
    expect(groups.data.map((g) => g.name)).toEqual(['Canary-Group']);
    const roles = await owner.call<Role[]>('GET', '/api/role', undefined, victim.orgId);
    expect(roles.data.find((r) => r.id === victim.roleId)?.name).toBe('Admin');
    const log = await owner.call<{ list: Array<{ originator: string }> }>('GET', '/api/activity?page_size=1000', undefined, victim.orgId);
    expect(log.data.list.map((e) => e.originator)).not.toContain('attacker@example.com');
  });
});
