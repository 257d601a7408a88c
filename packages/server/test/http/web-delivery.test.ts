import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ApiCode } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../src/http/web-app';
import { createTestApp, type TestApp } from '../support/app';

const INDEX_HTML = '<!doctype html><html><head><link rel="icon" href="/favicon.ico"><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body></body></html>';
const SCRIPT = `console.log(${JSON.stringify('tscloud '.repeat(200))});`;
/** The smallest ICO file: a header and no image (enough to tell the file from index.html). */
const FAVICON = Buffer.from([0, 0, 1, 0, 0, 0]);

/** A built web app as the build writes it: each text file with its .br and .gz siblings, a public favicon. */
function fixtureDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'tscloud-web-'));
  mkdirSync(join(dist, 'assets'));
  const withCompressed = (path: string, text: string) => {
    writeFileSync(path, text);
    writeFileSync(`${path}.br`, brotliCompressSync(text));
    writeFileSync(`${path}.gz`, gzipSync(text));
  };
  withCompressed(join(dist, 'index.html'), INDEX_HTML);
  withCompressed(join(dist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'favicon.ico'), FAVICON);
  return dist;
}

function expectSecurityHeaders(res: LightMyRequestResponse): void {
  expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
}

describe('delivery of the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: new FakeClock(), webDist: fixtureDist() });
  });
  afterAll(async () => t.close());

  const get = (url: string, acceptEncoding?: string) => t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('serves the precompressed brotli file to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year as immutable, and revalidates index.html, client routes and public files', async () => {
    for (const encoding of ['br', undefined]) expect((await get('/assets/index-Ab12Cd34.js', encoding)).headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(IMMUTABLE_CACHE).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/auth/login', '/organizationAccessControl?tab=roles', '/favicon.ico']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
    }
  });

  it('answers client routes with index.html, compressed too', async () => {
    const route = await get('/auth/login', 'br');
    expect(route.headers['content-type']).toMatch(/^text\/html/);
    expect(route.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(route.rawPayload).toString()).toBe(INDEX_HTML);
    expect((await get('/instances')).body).toBe(INDEX_HTML);
  });

  it('serves the real favicon, and 404 (not index.html) for missing files', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/icon/);
    expect(icon.rawPayload.equals(FAVICON)).toBe(true);
    for (const url of ['/assets/index-Gone0000.js', '/apple-touch-icon.png', '/robots.txt', '/assets/app.css?v=1']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: ApiCode.NOT_FOUND });
      expectSecurityHeaders(res);
    }
  });

  it('keeps the security headers on every file, compressed or not', async () => {
    for (const [url, encoding] of [['/assets/index-Ab12Cd34.js', 'br'], ['/assets/index-Ab12Cd34.js', undefined], ['/', 'gzip'], ['/auth/login', 'br'], ['/favicon.ico', undefined]] as const) {
      expectSecurityHeaders(await get(url, encoding));
    }
  });
});
