import type { CaptchaConfig } from '@tscloud/contracts';

/** The part of Google's reCAPTCHA v3 API the console uses (invisible: no widget, a token per action). */
export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

export class CaptchaCancelled extends Error {
  constructor() {
    super('captcha cancelled');
    this.name = 'CaptchaCancelled';
  }
}

/**
 * A captcha token for one action: undefined when the check is off; otherwise the script is loaded and asked for
 * a token. When the script fails to load the user is asked "RECAPTCHA failed to load, retry the load?" (§8):
 * yes loads it again, no gives up (CaptchaCancelled), so the call is not sent without its token.
 */
export async function captchaToken(
  config: CaptchaConfig | undefined,
  action: string,
  load: (config: CaptchaConfig) => Promise<Grecaptcha>,
  askRetry: () => Promise<boolean>,
): Promise<string | undefined> {
  if (!config?.enabled) return undefined;
  for (;;) {
    let api: Grecaptcha;
    try {
      api = await load(config);
    } catch {
      if (await askRetry()) continue;
      throw new CaptchaCancelled();
    }
    await new Promise<void>((resolve) => api.ready(resolve));
    return api.execute(config.siteKey, { action });
  }
}

const LOAD_TIMEOUT_MS = 10_000;
let loading: Promise<Grecaptcha> | null = null;

/** Adds the script once; a failed or timed-out load is forgotten so that a retry adds it again. */
export function loadRecaptchaScript(config: CaptchaConfig): Promise<Grecaptcha> {
  const existing = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${config.scriptUrl}?render=${encodeURIComponent(config.siteKey)}`;
    script.async = true;
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error('recaptcha script failed to load'));
    };
    const timer = setTimeout(fail, LOAD_TIMEOUT_MS);
    script.onerror = () => {
      clearTimeout(timer);
      fail();
    };
    script.onload = () => {
      clearTimeout(timer);
      const api = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (api) resolve(api);
      else fail();
    };
    document.head.appendChild(script);
  });
  return loading;
}
