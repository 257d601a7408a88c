import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import type { ActivityEntry, Page } from '@tscloud/contracts';
import { clientAddressOf, parseTrustProxy, trustFunction } from '../../src/http/client-address';
import { createActiveUser } from '../../src/platform/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn } from '../orgs/helpers';

/** The client address Fastify gives a request from `remoteAddress` with `forwarded` as its X-Forwarded-For. */
async function addressSeen(trustProxy: string | undefined, remoteAddress: string, forwarded?: string): Promise<string> {
  const trust = parseTrustProxy(trustProxy);
  const app = Fastify({ trustProxy: trust === false ? false : trustFunction(trust) });
  app.get('/ip', async (request) => request.ip);
  const res = await app.inject({ method: 'GET', url: '/ip', remoteAddress, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
  await app.close();
  // The gateway's WebSocket upgrade resolves raw requests by the same rule.
  const raw = { socket: { remoteAddress }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} } as unknown as IncomingMessage;
  expect(clientAddressOf(raw, trustFunction(trust))).toBe(res.body);
  return res.body;
}

describe('TRUST_PROXY', () => {
  it('reads off, hops and proxy lists, and refuses anything else', () => {
    expect([undefined, '', 'false', '0'].map(parseTrustProxy)).toEqual([false, false, false, false]);
    expect(['1', 'true', '2'].map(parseTrustProxy)).toEqual([{ hops: 1 }, { hops: 1 }, { hops: 2 }]);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,loopback')).toEqual({ proxies: ['10.0.0.0/8', '127.0.0.1', 'loopback'] });
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY must be/);
  });

  it('takes the address the proxy appended, never what the client wrote left of it', async () => {
    // Off: the socket's peer.
    expect(await addressSeen(undefined, '127.0.0.1', '203.0.113.5')).toBe('127.0.0.1');
    // One hop (TRUST_PROXY=1 or true): the right-most entry, whatever the client put before it.
    expect(await addressSeen('1', '127.0.0.1', '203.0.113.5, 127.0.0.1')).toBe('127.0.0.1');
    expect(await addressSeen('true', '127.0.0.1', '203.0.113.5, 198.51.100.7')).toBe('198.51.100.7');
    expect(await addressSeen('1', '127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    // Two hops: the entry the outer proxy appended.
    expect(await addressSeen('2', '127.0.0.1', '203.0.113.5, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
    // A proxy list: the right-most entry that is not a proxy; a peer that is not a proxy is the client itself.
    expect(await addressSeen('10.0.0.0/8, 127.0.0.1', '127.0.0.1', '203.0.113.5, 198.51.100.7, 10.1.1.1')).toBe('198.51.100.7');
    expect(await addressSeen('10.0.0.0/8, 127.0.0.1', '192.0.2.1', '203.0.113.5')).toBe('192.0.2.1');
  });
});

describe('the client address behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => t.close());

  const viaProxy = (forwarded: string) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwarded } });

  it('does not change with what the client writes into X-Forwarded-For: the sign-in throttle sees one client', async () => {
    await createActiveUser(t.store.db, t.clock, { email: 'rotating@example.com', password: 'Right.pass1', firstName: 'R', lastName: 'U', accountStatus: 2 });
    await createActiveUser(t.store.db, t.clock, { email: 'steady@example.com', password: 'Right.pass1', firstName: 'S', lastName: 'U', accountStatus: 2 });
    /** Wrong passwords until the throttle refuses one (429): how many were evaluated before. */
    const guessesUntilRefused = async (email: string, forwarded: (i: number) => string) => {
      for (let i = 0; i < 40; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/uc/api/auth/login', payload: { email, password: 'Wrong.pass1' }, ...viaProxy(forwarded(i)) });
        if (res.json<{ code: number }>().code === 429) return i;
      }
      return 40;
    };
    // The same client, once writing a new address before the proxy's entry each time, once not at all.
    const rotating = await guessesUntilRefused('rotating@example.com', (i) => `203.0.113.${i + 1}, 198.51.100.7`);
    const steady = await guessesUntilRefused('steady@example.com', () => '198.51.100.8');
    expect(rotating).toBe(steady);
    expect(rotating).toBeLessThan(40);
  });

  it('is what the activity log records', async () => {
    const owner = await signedIn(t, 'owner@example.com');
    const orgId = await createOrg(owner, 'Proxied');
    await owner.call('PUT', `/api/org/${orgId}`, { name: 'Proxied-Renamed' }, orgId, { 'x-forwarded-for': '203.0.113.5, 198.51.100.9' });
    const log = await owner.call<Page<ActivityEntry>>('GET', '/api/activity?page_size=50', undefined, orgId);
    const rename = log.data.list.find((e) => e.operation === 'rename');
    expect(rename?.requestIp).toBe('198.51.100.9');
  });
});
