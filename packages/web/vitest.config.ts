import { defineConfig } from 'vitest/config';

/** Suites that mock a module, stub a global or set the time zone: run isolated (vitest.isolated.config.ts). */
export const ISOLATED_FILES = [
  'src/pages/billing/metering.screens.test.tsx',
  'src/pages/instances/upgrade.marketplace.screens.test.tsx',
  'src/pages/dataIn/filesAndDocs.test.tsx',
  'src/pages/dashboard/RangePicker.test.tsx',
];

/** What both web projects run with. */
export const WEB_TEST_SETTINGS = {
  environment: 'jsdom',
  // The i18n catalogues load as chunks in the app; tests have both before they start. Waits are longer than
  // testing-library's 1 s default (waitTimeouts.ts says why).
  setupFiles: ['src/testing/catalogues.ts', 'src/testing/waitTimeouts.ts'],
  testTimeout: 30_000,
} as const;

export default defineConfig({
  test: {
    ...WEB_TEST_SETTINGS,
    setupFiles: [...WEB_TEST_SETTINGS.setupFiles],
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ISOLATED_FILES,
    // One module graph and DOM a worker, not one a file: importing antd and the app afresh for each file was most of
    // the suite's time. Each test unmounts what it rendered (testing-library's cleanup).
    isolate: false,
  },
});
