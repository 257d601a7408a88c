import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'jsdom',
    // The i18n catalogues load as chunks in the app; tests have both before they start. Waits are longer than
    // testing-library's 1 s default (waitTimeouts.ts says why).
    setupFiles: ['src/testing/catalogues.ts', 'src/testing/waitTimeouts.ts'],
    testTimeout: 30_000,
  },
});
