import { defineConfig } from 'vitest/config';

/**
 * Files that mock a module (vi.mock of config/edition): the modules that import it must be evaluated afresh with the
 * mock, which a shared module graph has already evaluated with the real one. They run in a module graph of their own
 * (vitest.isolated.config.ts, project web-isolated).
 */
export const ISOLATED_FILES = ['src/pages/billing/metering.screens.test.tsx', 'src/pages/instances/upgrade.marketplace.screens.test.tsx'];

// The i18n catalogues load as chunks in the app; tests have both before they start. Waits are longer than
// testing-library's 1 s default (waitTimeouts.ts says why).
export const WEB_SETUP_FILES = ['src/testing/catalogues.ts', 'src/testing/waitTimeouts.ts'];

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ISOLATED_FILES,
    environment: 'jsdom',
    // One module graph and one jsdom window a worker, not one a file: each file set up jsdom, ran the set-up files
    // and imported React, antd and the app afresh, 3 s a file before its first test (environment, setup and import
    // were 380 s against 306 s of tests; docs/workspace.md "Unit step: module graphs"). What a file leaves behind —
    // a mounted screen, app stores, the language, storage, cookies, the URL, timers, stubbed globals — fileReset.ts
    // puts back before the next file (first of the set-up files, so that the others see the reset state).
    isolate: false,
    setupFiles: ['src/testing/fileReset.ts', ...WEB_SETUP_FILES],
    testTimeout: 30_000,
  },
});
