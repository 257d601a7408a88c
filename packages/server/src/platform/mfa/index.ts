/** What other areas use of multi-factor: the plugin (areas.ts). */
export { mfaPlugin } from './plugin';
