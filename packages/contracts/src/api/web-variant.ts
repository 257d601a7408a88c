/**
 * The deployment variant the server runs with (TSCLOUD_EDITION, TSCLOUD_MARKETPLACE, SUPPORT_EMAIL), handed to the
 * web app at run time so one build serves every variant (docs/web.md "Build variants"). The server answers
 * WEB_VARIANT_PATH with a script that sets `window[WEB_VARIANT_GLOBAL]`; index.html loads it before the app, as a
 * file because the CSP forbids inline scripts.
 */
export const WEB_VARIANT_PATH = '/variant.js';
export const WEB_VARIANT_GLOBAL = '__TSCLOUD_VARIANT__';

export interface WebVariant {
  edition: 'international' | 'china';
  marketplace: 'none' | 'aws' | 'azure';
  supportEmail: string;
  /**
   * Where the community contact leads (COMMUNITY_URL): the invitation to the chat group (China edition) or the chat
   * server (international), platform-shell.md §1. Absent when not configured: the console then asks support for it.
   */
  communityUrl?: string;
}

/** The script text served at WEB_VARIANT_PATH. */
export function webVariantScript(variant: WebVariant): string {
  return `window.${WEB_VARIANT_GLOBAL} = ${JSON.stringify(variant)};\n`;
}
