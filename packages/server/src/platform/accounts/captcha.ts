import type { CaptchaConfig } from '@tscloud/contracts';

/**
 * The human check (§7 POST /auth/verify {reponseToken}) behind one interface. 'off' (the default, and what the
 * embedded edition runs) accepts everything and the web app loads no script; 'recaptcha' checks tokens with the
 * siteverify protocol of Google reCAPTCHA (POST secret + response, JSON {success}) at a configurable URL, so a
 * deployment can point it at Google or at a compatible service, and tests at a local one.
 */
export interface CaptchaSettings {
  provider: 'off' | 'recaptcha';
  siteKey: string;
  secret: string;
  verifyUrl: string;
  scriptUrl: string;
}

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

/** CAPTCHA_PROVIDER=recaptcha with RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET turns it on. */
export function loadCaptchaSettings(env: NodeJS.ProcessEnv): CaptchaSettings {
  const on = env.CAPTCHA_PROVIDER === 'recaptcha' && Boolean(env.RECAPTCHA_SECRET) && Boolean(env.RECAPTCHA_SITE_KEY);
  return {
    provider: on ? 'recaptcha' : 'off',
    siteKey: on ? (env.RECAPTCHA_SITE_KEY ?? '') : '',
    secret: on ? (env.RECAPTCHA_SECRET ?? '') : '',
    verifyUrl: env.RECAPTCHA_VERIFY_URL || RECAPTCHA_VERIFY_URL,
    scriptUrl: env.RECAPTCHA_SCRIPT_URL || RECAPTCHA_SCRIPT_URL,
  };
}

export interface CaptchaVerifier {
  readonly enabled: boolean;
  /** Whether the token a browser got from the captcha widget is genuine; false on any failure to ask. */
  verify(token: string, remoteIp: string): Promise<boolean>;
  publicConfig(): CaptchaConfig;
}

const off: CaptchaVerifier = {
  enabled: false,
  verify: async () => true,
  publicConfig: () => ({ enabled: false, provider: 'off', siteKey: '', scriptUrl: '' }),
};

function recaptcha(settings: CaptchaSettings, timeoutMs: number): CaptchaVerifier {
  return {
    enabled: true,
    async verify(token, remoteIp) {
      if (!token) return false;
      try {
        const res = await fetch(settings.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: settings.secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) return false;
        const body = (await res.json()) as { success?: unknown };
        return body.success === true;
      } catch {
        return false;
      }
    },
    publicConfig: () => ({ enabled: true, provider: 'recaptcha', siteKey: settings.siteKey, scriptUrl: settings.scriptUrl }),
  };
}

export function createCaptchaVerifier(settings: CaptchaSettings, timeoutMs = 10_000): CaptchaVerifier {
  return settings.provider === 'recaptcha' ? recaptcha(settings, timeoutMs) : off;
}
