import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLock } from '../src/store/lock';
import { createTestApp, type TestApp } from './support/app';

describe('store and envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('runs every migration once', async () => {
    const rows = await t.store.sql.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toContain('0001_base');
  });

  it('answers with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ code: 200, message: 'ok', data: { status: 'up' } });
  });

  it('answers unknown API paths with a translated not-found envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'zh-CN' } });
    expect(res.json()).toMatchObject({ code: 404, message: '未找到' });
  });

  it('registers every API route with a policy', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(0);
    for (const route of t.app.routeTable) expect(route.policy.access).toMatch(/^(public|user|org|instance|staff)$/);
  });
});

describe('data directory lock', () => {
  it('refuses a second holder while the first lives, and frees on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tscloud-lock-'));
    const first = DataDirLock.acquire(dir);
    // Another live process (pid 1 always lives) holds the lock; a dead pid is taken over.
    first.release();
    writeFileSync(join(dir, 'tscloud.lock'), '1');
    expect(() => DataDirLock.acquire(dir)).toThrow(/in use by another tscloud process \(pid 1\)/);
    writeFileSync(join(dir, 'tscloud.lock'), '999999');
    const taken = DataDirLock.acquire(dir);
    taken.release();
  });
});
