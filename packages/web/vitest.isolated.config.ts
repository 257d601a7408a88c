import { defineConfig } from 'vitest/config';
import { ISOLATED_FILES, WEB_SETUP_FILES } from './vitest.config';

/**
 * The web files that mock a module (vitest.config.ts, ISOLATED_FILES): each in a worker and module graph of its own,
 * as every web file ran before the web project shared them. A fresh worker needs no fileReset.ts.
 */
export default defineConfig({
  test: {
    name: 'web-isolated',
    include: ISOLATED_FILES,
    environment: 'jsdom',
    isolate: true,
    setupFiles: WEB_SETUP_FILES,
    testTimeout: 30_000,
  },
});
