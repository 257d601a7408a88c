import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreatedInstance, Instance, InstanceStatusInfo, InstanceStatusValue } from '@tscloud/contracts';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { systemClock } from '../../src/clock';
import { createMailer } from '../../src/mail';
import type { Store } from '../../src/store/database';
import { orgMembers, roleGrants, roles } from '../../src/store/schema';
import { markAccessChanged } from '../../src/region/instance-users';
import { createTestStore } from '../support/store';
import type { TestApp } from '../support/app';
import { createActiveUser, createSession } from '../../src/platform/accounts';
import { request, type Caller } from '../orgs/helpers';

export const REGION = 'local';
export const CLOUD = 'local';

/**
 * A server on a store and DATA_DIR that outlive it, so a test can stop the server and start a new one on the
 * same store (a restart). Mail goes to DATA_DIR/outbox; instance tests send none.
 */
export class InstancesWorld {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'tscloud-instances-'));
  store!: Store;
  app!: FastifyInstance;

  async open(): Promise<TestApp> {
    this.app = await this.build();
    return this.testApp();
  }

  /** Another server on the same store and DATA_DIR (a second process of a multi-server deployment). */
  async build(env: Record<string, string> = {}): Promise<FastifyInstance> {
    this.store ??= await createTestStore();
    const config = { ...loadConfig({ DATA_DIR: this.dataDir, PUBLIC_URL: 'http://console.test', ...env }), webDist: join(this.dataDir, 'no-web') };
    const app = await buildApp({ config, store: this.store, clock: systemClock, mailer: createMailer(config) });
    await app.ready();
    return app;
  }

  testApp(): TestApp {
    return { app: this.app, store: this.store, clock: systemClock, dataDir: this.dataDir, mailbox: null as never, close: () => this.app.close() };
  }

  /** Closes the server (its engines stop), then the store, and removes DATA_DIR. */
  async close(): Promise<void> {
    await this.app?.close();
    await this.store?.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export async function createInstance(owner: Caller, orgId: string, alias: string, plan = 0): Promise<CreatedInstance> {
  const res = await owner.call<CreatedInstance>('POST', `/api/region/${REGION}/app`, { alias, cloud_id: CLOUD, price_plan_level: plan, ha: 0 }, orgId);
  if (res.code !== 200) throw new Error(`create instance ${alias}: ${res.code} ${res.message}`);
  return res.data;
}

export async function statusOf(caller: Caller, orgId: string, id: string): Promise<InstanceStatusInfo> {
  const res = await caller.call<InstanceStatusInfo>('GET', `/api/region/${REGION}/monitor/cluster/status/${id}`, undefined, orgId);
  if (res.code !== 200) throw new Error(`status ${id}: ${res.code} ${res.message}`);
  return res.data;
}

/** Polls the status call (as the console does) until it shows `wanted`. */
export async function waitForStatus(caller: Caller, orgId: string, id: string, wanted: InstanceStatusValue, timeoutMs = 90_000): Promise<InstanceStatusInfo> {
  const deadline = Date.now() + timeoutMs;
  let last: InstanceStatusInfo | null = null;
  while (Date.now() < deadline) {
    last = await statusOf(caller, orgId, id);
    if (last.cluster_status === wanted) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance ${id} did not reach ${wanted}; last ${JSON.stringify(last)}`);
}

export async function listInstances(caller: Caller, orgId: string): Promise<Instance[]> {
  const res = await caller.call<Instance[]>('GET', '/api/app/list', undefined, orgId);
  if (res.code !== 200) throw new Error(`list: ${res.code} ${res.message}`);
  return res.data;
}

/** Makes `user` an active member of the organization holding a built-in role (ORG level, or on one instance). */
export async function addMember(store: Store, orgId: string, member: Caller, roleName: string, instanceId?: string): Promise<void> {
  const { db } = store;
  const now = Date.now();
  const memberId = randomUUID();
  await db.insert(orgMembers).values({ id: memberId, orgId, userId: member.user.id, email: member.user.email, status: 'ACTIVE', invitedAt: now, joinedAt: now });
  const [role] = await db.select().from(roles).where(and(eq(roles.orgId, orgId), eq(roles.name, roleName))).limit(1);
  await db.insert(roleGrants).values({
    id: randomUUID(),
    orgId,
    roleId: role.id,
    memberId,
    resType: instanceId ? 'INSTANCE' : 'ORG',
    resId: instanceId ?? null,
    instanceId: instanceId ?? null,
    createdAt: now,
  });
  // As the access-control calls do: the instances' engine users reconcile before the next SQL call.
  markAccessChanged(orgId);
}

/** A request through the gateway (not under /api: a raw HTTP answer). */
export async function gateway(
  app: FastifyInstance,
  options: { id: string; path: string; token?: string; bearer?: string; body?: string; method?: 'GET' | 'POST'; remoteAddress?: string; headers?: Record<string, string> },
): Promise<{ status: number; json: Record<string, unknown> | null; text: string }> {
  const query = options.token ? `${options.path.includes('?') ? '&' : '?'}token=${encodeURIComponent(options.token)}` : '';
  const res = await app.inject({
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    url: `/gw/${options.id}/${options.path}${query}`,
    headers: { ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}), 'content-type': 'text/plain', ...(options.headers ?? {}) },
    payload: options.body,
    remoteAddress: options.remoteAddress,
  });
  let json: Record<string, unknown> | null;
  try {
    json = res.json();
  } catch {
    json = null;
  }
  return { status: res.statusCode, json, text: res.body };
}

/** A signed-in caller whose calls always go to the world's current server (it survives restarts). */
export async function worldCaller(world: InstancesWorld, email: string, firstName = 'Tester'): Promise<Caller> {
  const user = await createActiveUser(world.store.db, systemClock, { email, password: null, firstName, lastName: 'User', accountStatus: 2 });
  const { token } = await createSession(world.store.db, systemClock, user.id);
  return { user, token, call: (method, url, body, orgId, headers) => request(world.testApp(), { method, url, token, orgId, body, headers }) };
}
