import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/logging';
import { createTestApp, type TestApp } from '../support/app';

/** Everything the server logged, one JSON line each. */
const logged: string[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void logged.push(line) } });
});
afterAll(async () => t.close());

describe('request URLs in the log', () => {
  it('never carry instance tokens, activation, reset or invitation tokens, nor OAuth codes', async () => {
    const urls = [
      '/gw/0b7c/rest/sql?token=tok-SECRET-1',
      '/gw/0b7c/rest/sql/db1?tz=UTC&token=tok-SECRET-2',
      '/auth/activate?token=act-SECRET-3&lang=en',
      '/auth/reset?token=reset-SECRET-4',
      '/auth/thirdparty?accept=inv-SECRET-5',
      '/api/sso/callback?code=oidc-SECRET-6&state=state-SECRET-7',
      '/api/anything?password=pw-SECRET-8&client_secret=cs-SECRET-9&api_key=key-SECRET-10',
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const requests = logged.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } }).filter((entry) => entry.req);
    expect(requests.map((entry) => entry.req!.url)).toEqual([
      '/gw/0b7c/rest/sql?token=[REDACTED]',
      '/gw/0b7c/rest/sql/db1?tz=UTC&token=[REDACTED]',
      '/auth/activate?token=[REDACTED]&lang=en',
      '/auth/reset?token=[REDACTED]',
      '/auth/thirdparty?accept=[REDACTED]',
      '/api/sso/callback?code=[REDACTED]&state=[REDACTED]',
      '/api/anything?password=[REDACTED]&client_secret=[REDACTED]&api_key=[REDACTED]',
    ]);
    expect(logged.join('\n')).not.toContain('SECRET');
  });

  it('keep paths, other parameters and fragments as they were', () => {
    expect(redactUrl('/api/org?page=2&page_size=10')).toBe('/api/org?page=2&page_size=10');
    expect(redactUrl('/x?flag&Token=a%20b#frag')).toBe('/x?flag&Token=[REDACTED]#frag');
    expect(redactUrl('/x?to%6Ben=a')).toBe('/x?to%6Ben=[REDACTED]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});
