import { defineConfig } from 'vitest/config';

/** The server suite on embedded PGlite (the default store). vitest.pg.config.ts runs it again on PostgreSQL. */
export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // One module graph a worker, not one a file: importing the package afresh for each test file was 40 % of the
    // unit step's time in CI. Suites share no state (each its own store, engine directory and names; env restored).
    isolate: false,
    globalSetup: ['test/support/global-setup.ts'],
    env: { TEST_STORE: 'pglite' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
