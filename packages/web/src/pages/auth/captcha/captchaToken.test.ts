import { describe, expect, it, vi } from 'vitest';
import type { CaptchaConfig } from '@tscloud/contracts';
import { i18n } from '../../../i18n';
import { CaptchaCancelled, captchaToken, type Grecaptcha } from './captchaToken';

const on: CaptchaConfig = { enabled: true, provider: 'recaptcha', siteKey: 'site', scriptUrl: 'https://captcha.test/api.js' };
const api = (token: string): Grecaptcha => ({ ready: (cb) => cb(), execute: vi.fn(async () => token) });

describe('captcha tokens', () => {
  it('gives none while the check is off, without loading anything', async () => {
    const load = vi.fn();
    expect(await captchaToken({ ...on, enabled: false }, 'send_code', load, async () => true)).toBeUndefined();
    expect(await captchaToken(undefined, 'send_code', load, async () => true)).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('asks for a token for the action with the site key', async () => {
    const recaptcha = api('tok-1');
    expect(await captchaToken(on, 'send_code', async () => recaptcha, async () => true)).toBe('tok-1');
    expect(recaptcha.execute).toHaveBeenCalledWith('site', { action: 'send_code' });
  });

  it('asks to retry when the script fails to load: yes loads again, no gives up', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(api('tok-2'));
    const ask = vi.fn(async () => true);
    expect(await captchaToken(on, 'a', load, ask)).toBe('tok-2');
    expect(load).toHaveBeenCalledTimes(2);
    expect(ask).toHaveBeenCalledTimes(1);
    await expect(captchaToken(on, 'a', async () => Promise.reject(new Error('offline')), async () => false)).rejects.toBeInstanceOf(CaptchaCancelled);
  });

  it('words the question as §8 does', () => {
    expect(i18n.t('captcha.loadFailed', { lng: 'en' })).toBe('RECAPTCHA failed to load, retry the load?');
    expect(i18n.t('captcha.loadFailed', { lng: 'zh' })).toBe('RECAPTCHA 加载失败，是否重新加载？');
  });
});
