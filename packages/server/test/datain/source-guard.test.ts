import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from 'tscloud-engine';
import { connectorDefinition, defaultValues, fromExpandOf, type SourceValidateResponse, type TaskBody } from '@tscloud/contracts';
// Another instance's engine (REST + /rest/tmq), in-process: the tmq source's instance-to-instance path.
import { createRestServer } from '../../../engine/src/server/http-server';
import { instances } from '../../src/store/schema';
import { blockedReason, checkTarget, loadGuardPolicy, normalizeAddress, resolveAll, SourceBlocked, type GuardPolicy, type OwnEngine } from '../../src/region/replication/sources/guard';
import { serveSourceGuard } from '../../src/region/replication/sources/guard-channel';
import { createSource } from '../../src/region/replication/sources/module';
import { pinTarget } from '../../src/region/replication/sources/target';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, createInstance, worldCaller } from '../instances/harness';
import { requireService } from './sources-services';
import { eventually, suiteInstanceWithDatabase, taskCalls } from './task-helpers';

const ALLOW: GuardPolicy = { privateNetworks: 'allow', blockedHosts: [] };
const DENY: GuardPolicy = { privateNetworks: 'deny', blockedHosts: [] };
const BLOCKED_TEXT = 'This address is not allowed as a data source';
const UNREACHABLE_TEXT = 'source is not reachable, or its version is not supported';

describe('data-in target guard: the pure address check', () => {
  // [address, refused with allow, refused with deny]
  const table: Array<[string, boolean, boolean]> = [
    ['169.254.169.254', true, true],
    ['169.254.1.1', true, true],
    ['::ffff:169.254.169.254', true, true],
    ['::ffff:a9fe:a9fe', true, true],
    ['fe80::1', true, true],
    ['fd00:ec2::254', true, true],
    ['0.0.0.0', true, true],
    ['0.1.2.3', true, true],
    ['224.0.0.1', true, true],
    ['ff02::1', true, true],
    ['255.255.255.255', true, true],
    ['::', true, true],
    ['127.0.0.1', false, true],
    ['127.1.2.3', false, true],
    ['::1', false, true],
    ['::ffff:127.0.0.1', false, true],
    ['10.1.2.3', false, true],
    ['172.16.0.1', false, true],
    ['172.31.255.255', false, true],
    ['192.168.1.10', false, true],
    ['100.64.0.1', false, true],
    ['100.127.255.255', false, true],
    ['fc00::1', false, true],
    ['fd12:3456::1', false, true],
    ['8.8.8.8', false, false],
    ['172.32.0.1', false, false],
    ['100.128.0.1', false, false],
    ['2001:4860:4860::8888', false, false],
  ];
  it.each(table)('%s: refused with allow %s, with deny %s', (address, withAllow, withDeny) => {
    expect(blockedReason(address, ALLOW) !== null).toBe(withAllow);
    expect(blockedReason(address, DENY) !== null).toBe(withDeny);
  });

  it('IPv4-mapped IPv6 reads as the IPv4 address it reaches', () => {
    expect(normalizeAddress('::ffff:169.254.169.254')).toBe('169.254.169.254');
    expect(normalizeAddress('[::ffff:a9fe:a9fe]')).toBe('169.254.169.254');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8::1');
  });

  it('DATAIN_BLOCKED_HOSTS: CIDRs and host suffixes; DATAIN_PRIVATE_NETWORKS defaults to allow', () => {
    const policy = loadGuardPolicy({ DATAIN_BLOCKED_HOSTS: ' 203.0.113.0/24, .corp.example ,2001:db8::/32', DATAIN_PRIVATE_NETWORKS: 'DENY' });
    expect(policy).toEqual({ privateNetworks: 'deny', blockedHosts: ['203.0.113.0/24', '.corp.example', '2001:db8::/32'] });
    expect(blockedReason('203.0.113.7', policy)).toMatch(/DATAIN_BLOCKED_HOSTS/);
    expect(blockedReason('2001:db8::5', policy)).toMatch(/DATAIN_BLOCKED_HOSTS/);
    expect(blockedReason('203.0.114.7', policy)).toBeNull();
    expect(loadGuardPolicy({}).privateNetworks).toBe('allow');
  });
});

describe('data-in target guard: resolution and engines', () => {
  const none = async (): Promise<OwnEngine[]> => [];
  const target = (host: string, port = 5432, connector = 'postgres', orgId: string | null = 'org-a') => ({ connector, host, port, orgId });

  it.each(['2852039166', '0xa9fea9fe', '0251.0376.0251.0376', '169.254.169.254', '[::ffff:169.254.169.254]'])(
    'the metadata address spelled %s resolves to it and is refused even with allow',
    async (host) => {
      if (!host.includes(':')) expect(await resolveAll(host)).toEqual(['169.254.169.254']);
      await expect(checkTarget(target(host), ALLOW, none)).rejects.toBeInstanceOf(SourceBlocked);
    },
  );

  it('a name resolving to loopback is refused with deny, answered as an address with allow', async () => {
    await expect(checkTarget(target('localhost'), DENY, none)).rejects.toThrow(BLOCKED_TEXT);
    expect(['127.0.0.1', '::1']).toContain(await checkTarget(target('localhost'), ALLOW, none));
  });

  it('a blocked host suffix is refused before any lookup', async () => {
    const policy = { privateNetworks: 'allow' as const, blockedHosts: ['internal.example'] };
    await expect(checkTarget(target('db.internal.example'), policy, none)).rejects.toBeInstanceOf(SourceBlocked);
    await expect(checkTarget(target('INTERNAL.EXAMPLE.'), policy, none)).rejects.toBeInstanceOf(SourceBlocked);
  });

  it("this server's engines: refused to every connector, to tmq only from another organization", async () => {
    const engines = async (): Promise<OwnEngine[]> => [{ orgId: 'org-a', host: '127.0.0.1', port: 46041 }];
    await expect(checkTarget(target('127.0.0.1', 46041, 'postgres'), ALLOW, engines)).rejects.toThrow(/engine of this service/);
    await expect(checkTarget(target('localhost', 46041, 'mqtt'), ALLOW, engines)).rejects.toThrow(/engine of this service/);
    await expect(checkTarget(target('127.0.0.1', 46041, 'tmq', 'org-b'), ALLOW, engines)).rejects.toThrow(/engine of this service/);
    await expect(checkTarget(target('127.0.0.1', 46041, 'tmq', null), ALLOW, engines)).rejects.toBeInstanceOf(SourceBlocked);
    // The task's own organization's engine, even where private networks are denied (the engines listen locally).
    expect(await checkTarget(target('127.0.0.1', 46041, 'tmq', 'org-a'), DENY, engines)).toBe('127.0.0.1');
    expect(await checkTarget(target('127.0.0.1', 46042, 'postgres'), ALLOW, engines)).toBe('127.0.0.1');
  });

  it('the reader connects to the checked address: host replaced, the TLS name kept, wss:// left by name', async () => {
    const guard = async () => '192.0.2.7';
    expect(await pinTarget('postgres', { host: 'db.example', port: 5432 }, guard)).toMatchObject({ host: '192.0.2.7', port: 5432 });
    expect(await pinTarget('mqtt', { host: 'broker.example', protocol: 'mqtts' }, guard)).toMatchObject({ host: '192.0.2.7', servername: 'broker.example' });
    expect(await pinTarget('tmq', { endpoint: 'ws://engine.example:6041' }, guard)).toMatchObject({ endpoint: 'ws://192.0.2.7:6041' });
    expect(await pinTarget('tmq', { endpoint: 'ws://engine.example:6041' }, async () => '2001:db8::7')).toMatchObject({ endpoint: 'ws://[2001:db8::7]:6041' });
    expect(await pinTarget('tmq', { endpoint: 'wss://engine.example' }, guard)).toEqual({ endpoint: 'wss://engine.example' });
    expect(await pinTarget('csv', { files: ['a.csv'] }, async () => Promise.reject(new Error('not asked')))).toEqual({ files: ['a.csv'] });
  });

  it("a task worker's source asks the main thread, which refuses for the instance's organization", async () => {
    const asked: string[] = [];
    const stop = serveSourceGuard(async (instanceId) => {
      asked.push(instanceId);
      return (connector, host, port) => checkTarget({ connector, host, port, orgId: 'org-a' }, DENY, none);
    });
    try {
      const reader = createSource({ host: '127.0.0.1', port: 5432, params: { database: 'x', username: 'u', sql: 'SELECT 1' } }, { taskId: 't1', connector: 'postgres', instanceId: 'inst-9' });
      await expect(reader.open(null)).rejects.toThrow(BLOCKED_TEXT);
      expect(asked).toEqual(['inst-9']);
    } finally {
      stop();
    }
  });
});

describe('data-in target guard on the check and sample calls', () => {
  const world = new InstancesWorld();
  const dir = mkdtempSync(join(tmpdir(), 'datain-guard-'));
  let engine: Engine;
  let engineServer: http.Server;
  let endpoint: string;
  let denying: FastifyInstance;
  let owner: Caller;
  let other: Caller;
  let orgId: string;
  let otherOrgId: string;
  let id: string;
  let otherId: string;
  const path = (instanceId: string, what: string) => `/api/region/${REGION}/replication/${instanceId}/${what}`;
  const validate = (caller: Caller, org: string, instanceId: string, connector: string, values: Record<string, unknown>, app?: FastifyInstance) =>
    app
      ? app
          .inject({ method: 'POST', url: path(instanceId, 'ds/in/validate'), headers: { authorization: `Bearer ${caller.token}`, 'account-id': org }, payload: { connector, values } })
          .then((res) => res.json().data as SourceValidateResponse)
      : caller.call<SourceValidateResponse>('POST', path(instanceId, 'ds/in/validate'), { connector, values }, org).then((res) => res.data);
  const pg = { host: '127.0.0.1', port: 5432, database: 'postgres', username: 'postgres', password: '' };

  beforeAll(async () => {
    await world.open();
    denying = await world.build({ DATAIN_PRIVATE_NETWORKS: 'deny' });
    owner = await worldCaller(world, 'guard.owner@example.com', 'Owner');
    other = await worldCaller(world, 'guard.other@example.com', 'Other');
    orgId = await createOrg(owner, 'Guardone');
    otherOrgId = await createOrg(other, 'Guardtwo');
    id = (await createInstance(owner, orgId, 'Guard one', 0)).instance.id;
    otherId = (await createInstance(other, otherOrgId, 'Guard two', 0)).instance.id;

    engine = await Engine.open({ dataDir: dir, limits: {} });
    engineServer = createRestServer(engine).server;
    await new Promise<void>((resolve) => engineServer.listen(0, '127.0.0.1', resolve));
    const port = (engineServer.address() as AddressInfo).port;
    endpoint = `ws://127.0.0.1:${port}`;
    await engine.execute('CREATE DATABASE src WAL_RETENTION_PERIOD 3600', { user: 'root' });
    await engine.execute('CREATE STABLE src.meters (ts TIMESTAMP, v INT) TAGS (location VARCHAR(16))', { user: 'root' });
    await engine.execute('CREATE TOPIC guard_topic AS SELECT ts, v FROM src.meters', { user: 'root' });
    // This engine stands for the second organization's instance: the server lists it as one of its own.
    await world.store.db.update(instances).set({ engineUrl: `http://127.0.0.1:${port}` }).where(eq(instances.id, otherId));
  }, 120_000);
  afterAll(async () => {
    await denying?.close();
    engineServer?.closeAllConnections();
    await new Promise((resolve) => engineServer?.close(resolve));
    await engine?.close();
    rmSync(dir, { recursive: true, force: true });
    await world.close();
  }, 60_000);

  it('deny: the control plane PostgreSQL on 127.0.0.1:5432 is valid=false with the §8 text and the refusal', async () => {
    const answer = await validate(owner, orgId, id, 'postgres', pg, denying);
    expect(answer).toEqual({ valid: false, message: `${UNREACHABLE_TEXT}: ${BLOCKED_TEXT}` });
  });

  it('allow (the default): the metadata address is still refused, as its decimal spelling is; sample is a 400 naming the refusal', async () => {
    for (const host of ['169.254.169.254', '2852039166']) {
      const answer = await validate(owner, orgId, id, 'mqtt', { host, port: 80, topics: 'a::0' });
      expect(answer).toEqual({ valid: false, message: `${UNREACHABLE_TEXT}: ${BLOCKED_TEXT}` });
    }
    const sample = await owner.call('POST', path(id, 'ds/in/sample'), { connector: 'postgres', values: { ...pg, host: '169.254.169.254', sql: 'SELECT 1' } }, orgId);
    expect(sample.code).toBe(400);
    expect(sample.message).toBe(BLOCKED_TEXT);
  });

  it('allow: the real local PostgreSQL check still works', async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    expect(await validate(owner, orgId, id, 'postgres', pg)).toEqual({ valid: true });
  });

  it("tmq reaches its own organization's instance engine, not another organization's; other connectors never reach it", async () => {
    const tmq = { endpoint, topic: 'guard_topic', username: 'root', password: 'taosdata' };
    expect(await validate(other, otherOrgId, otherId, 'tmq', tmq)).toEqual({ valid: true });
    // Even where private networks are denied: the instance-to-instance path is the organization's own.
    expect(await validate(other, otherOrgId, otherId, 'tmq', tmq, denying)).toEqual({ valid: true });
    expect(await validate(owner, orgId, id, 'tmq', tmq)).toEqual({ valid: false, message: `${UNREACHABLE_TEXT}: ${BLOCKED_TEXT}` });
    const port = Number(new URL(endpoint).port);
    expect(await validate(other, otherOrgId, otherId, 'postgres', { ...pg, port })).toEqual({ valid: false, message: `${UNREACHABLE_TEXT}: ${BLOCKED_TEXT}` });
  });
});

describe('data-in target guard on a task run', () => {
  const suite = suiteInstanceWithDatabase('guard.runner@example.com', 'Guardrun', 'Guard run', 'guarded');

  it("the worker's source is refused: the task fails with the refusal as its reason", async () => {
    const { owner, orgId, id } = suite;
    const definition = connectorDefinition('postgres')!;
    const values = { ...defaultValues(definition), host: '169.254.169.254', port: 5432, database: 'x', username: 'u', password: 'p', sql: 'SELECT ts FROM t WHERE ts >= ${start} AND ts < ${end}', start_time: '2026-01-01T00:00:00Z' };
    const body: TaskBody = {
      connector: 'postgres',
      name: 'metadata',
      target_db: 'guarded',
      from_expand: fromExpandOf(definition, values),
      transform: { mapping: { stable: 'readings', table: 'r', timestamp: { column: 'ts', field: 'ts' }, columns: [{ name: 'v', type: 'DOUBLE' }], tags: [] } },
    };
    const calls = taskCalls(owner, orgId, id);
    const created = await calls.create(body);
    expect(created.code, JSON.stringify(created)).toBe(200);
    await calls.start(created.data.id);
    const reason = await eventually(async () => {
      const { status, status_reason } = (await calls.details(created.data.id)).data;
      return status === 'failed' ? status_reason : undefined;
    }, 'the task failed', 60_000);
    expect(reason).toContain(BLOCKED_TEXT);
  }, 90_000);
});
