import { defineConfig } from 'vitest/config';

/** The server suite on embedded PGlite (the default store). vitest.pg.config.ts runs it again on PostgreSQL. */
export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/support/global-setup.ts'],
    env: { TEST_STORE: 'pglite' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
