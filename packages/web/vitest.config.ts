import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'jsdom',
    // The i18n catalogues load as chunks in the app; tests have both before they start.
    setupFiles: ['src/testing/catalogues.ts'],
    testTimeout: 30_000,
  },
});
