import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { WEB_VARIANT_GLOBAL, WEB_VARIANT_PATH, type WebVariant } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/app';

/** Runs the served script as the browser does and returns what it set on window. */
function variantSetBy(script: string): WebVariant {
  const window: Record<string, unknown> = {};
  runInNewContext(script, { window });
  return window[WEB_VARIANT_GLOBAL] as WebVariant;
}

describe('the web app reads the variant the server runs with (issue 14 item 3)', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('TSCLOUD_EDITION=china and a marketplace reach the web app without a rebuild', async () => {
    t = await createTestApp({ clock: new FakeClock(), env: { TSCLOUD_EDITION: 'china', TSCLOUD_MARKETPLACE: 'aws', SUPPORT_EMAIL: 'help@example.cn' } });
    const res = await t.app.inject({ method: 'GET', url: WEB_VARIANT_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(variantSetBy(res.body)).toEqual({ edition: 'china', marketplace: 'aws', supportEmail: 'help@example.cn' });
  });

  it('COMMUNITY_URL reaches the web app as the community contact (issue 14 item 10); anything but http(s) is ignored', async () => {
    t = await createTestApp({ clock: new FakeClock(), env: { COMMUNITY_URL: 'https://chat.example.com/invite/tscloud' } });
    const res = await t.app.inject({ method: 'GET', url: WEB_VARIANT_PATH });
    expect(variantSetBy(res.body).communityUrl).toBe('https://chat.example.com/invite/tscloud');
    await t.close();
    t = await createTestApp({ clock: new FakeClock(), env: { COMMUNITY_URL: 'javascript:alert(1)' } });
    expect(variantSetBy((await t.app.inject({ method: 'GET', url: WEB_VARIANT_PATH })).body).communityUrl).toBeUndefined();
  });

  it('the default server serves the international variant', async () => {
    t = await createTestApp({ clock: new FakeClock() });
    const res = await t.app.inject({ method: 'GET', url: WEB_VARIANT_PATH });
    expect(variantSetBy(res.body)).toEqual({ edition: 'international', marketplace: 'none', supportEmail: 'support@tscloud.local' });
  });
});
