import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB_VARIANT_GLOBAL, WEB_VARIANT_PATH, webVariantScript } from '@tscloud/contracts';

const windowRecord = window as unknown as Record<string, unknown>;

describe('the edition is the server\'s run-time variant (issue 14 item 3)', () => {
  // The test setup (testing/catalogues.ts) has already read the edition through i18n: each test reads it afresh.
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    delete windowRecord[WEB_VARIANT_GLOBAL];
    vi.resetModules();
  });

  it('the variant script the server sends decides the edition, whatever the build was', async () => {
    // What the browser does with the server's /variant.js before the app's module runs.
    new Function('window', webVariantScript({ edition: 'china', marketplace: 'azure', supportEmail: 'cn@example.cn' }))(window);
    const { edition } = await import('./edition');
    expect(edition).toMatchObject({ name: 'china', marketplace: 'azure', currency: 'CNY', timeZone: 'Asia/Shanghai', defaultLanguage: 'zh', billingArea: 'metering', supportEmail: 'cn@example.cn' });
  });

  it('without a served variant the build-time values apply (international here)', async () => {
    const { edition } = await import('./edition');
    expect(edition.name).toBe('international');
  });

  it('index.html loads the variant script as a file, before the app', () => {
    const html = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
    const variantAt = html.indexOf(`<script src="${WEB_VARIANT_PATH}"></script>`);
    expect(variantAt).toBeGreaterThan(0);
    expect(variantAt).toBeLessThan(html.indexOf('<script type="module"'));
  });
});
