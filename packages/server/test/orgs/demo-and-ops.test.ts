import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { OrgSummary, Page } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { PG_ADMIN_URL, TEST_STORE } from '../support/store';
import { DEMO_EMAIL, seedDemo } from '../../src/platform/demo';
import { loadConfig } from '../../src/config';
import { runCli } from '../../src/ops/cli';
import { openOperatorStore } from '../../src/ops/open-store';
import type { Store } from '../../src/store/database';
import { request } from './helpers';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('creates the demo account and its organization once, and keeps the printed password valid', async () => {
    const seedDeps = { ...t, config: loadConfig({ DATA_DIR: t.dataDir }) };
    const first = await seedDemo(seedDeps);
    const second = await seedDemo(seedDeps);
    // The instance token is reset at each seed (test/instances/demo-instance.test.ts); the rest stays.
    expect({ ...second, instance: { ...second.instance, token: '' } }).toEqual({ ...first, instance: { ...first.instance, token: '' } });
    const login = await request<{ token: string }>(t, { method: 'POST', url: '/uc/api/auth/login', body: { email: DEMO_EMAIL, password: first.password } });
    expect(login.code).toBe(200);
    const orgs = await request<Page<OrgSummary>>(t, { method: 'GET', url: '/api/org', token: login.data.token });
    expect(orgs.data.list).toMatchObject([{ orgId: first.orgId, name: 'Demo', isOwner: true }]);
  });
});

describe('operator command line', () => {
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  let dataDir: string;
  let dbName: string | null = null;
  const lines: string[] = [];
  // The store is opened for real by the first command; the others share it (each opening takes seconds).
  let shared: Store | null = null;
  const sharedStore: typeof openOperatorStore = async (config) => {
    shared ??= await openOperatorStore(config);
    return { ...shared, close: async () => undefined };
  };
  const ops = async (...argv: string[]) => {
    lines.length = 0;
    const code = await runCli(argv, (l) => lines.push(l), sharedStore);
    return { code, out: lines.join('\n') };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tscloud-ops-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    if (TEST_STORE === 'postgres') {
      dbName = `tscloud_ops_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${dbName}`;
      process.env.DATABASE_URL = url.toString();
    }
  });
  afterAll(async () => {
    await shared?.close();
    process.env.DATA_DIR = saved.DATA_DIR;
    if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved.DATABASE_URL;
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints its usage and refuses unknown commands', async () => {
    expect((await ops()).out).toContain('banner set <ERROR|WARNING|INFO> <text…>');
    expect((await ops('frobnicate')).code).toBe(2);
  });

  it('sets, shows and clears the banner, seeds the demo, lists and disables accounts, grants admin, prints routes', async () => {
    expect((await ops('banner', 'set', 'error', 'Upgrading', 'until', '10:00')).out).toBe('banner set: ERROR: Upgrading until 10:00');
    expect((await ops('banner', 'show')).out).toBe('ERROR: Upgrading until 10:00');
    await ops('banner', 'clear');
    expect((await ops('banner', 'show')).out).toBe('(no banner)');
    await expect(ops('banner', 'set', 'LOUD', 'x')).rejects.toThrow(/type/);

    expect((await ops('demo')).out).toMatch(/demo account: demo@tscloud\.local \/ \S+ \(organization /);
    const orgId = /organization (\S+)\)/.exec(lines[0])![1];
    expect((await ops('user', 'list')).out).toMatch(/demo@tscloud\.local\s+ACTIVE/);
    expect((await ops('org', 'list')).out).toMatch(/Demo\s+ACTIVE\s+demo@tscloud\.local\s+1/);
    expect((await ops('user', 'disable', 'demo@tscloud.local')).out).toBe('demo@tscloud.local: DISABLED');
    expect((await ops('user', 'list')).out).toMatch(/demo@tscloud\.local\s+DISABLED/);
    expect((await ops('user', 'enable', 'demo@tscloud.local')).out).toBe('demo@tscloud.local: ACTIVE');
    await expect(ops('user', 'disable', 'nobody@example.com')).rejects.toThrow(/no account/);
    expect((await ops('grant-admin', 'demo@tscloud.local', orgId)).out).toBe('demo@tscloud.local is an Admin of Demo');

    const routes = (await ops('routes')).out;
    expect(routes).toMatch(/PUT\s+\/api\/user\/roles\s+org\s+role:manage\s+write/);
    expect(routes).toMatch(/GET\s+\/api\/banner\s+public/);
  });

  it.skipIf(TEST_STORE === 'postgres')('refuses clearly while the server holds the embedded store', async () => {
    // pid 1 always lives: it stands for the running server holding the lock.
    const locked = mkdtempSync(join(tmpdir(), 'tscloud-ops-locked-'));
    writeFileSync(join(locked, 'tscloud.lock'), '1');
    process.env.DATA_DIR = locked;
    await expect(runCli(['banner', 'show'], () => undefined)).rejects.toThrow(/locked by the running server: stop it first, or use DATABASE_URL/);
    process.env.DATA_DIR = dataDir;
    rmSync(locked, { recursive: true, force: true });
  });
});
