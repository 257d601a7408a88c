import { defineConfig } from 'vitest/config';

// One test run for the whole workspace; each package is its own project so that its
// environment (node or jsdom) and set-up stay its own.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts/vitest.config.ts',
      'packages/engine/vitest.config.ts',
      'packages/server/vitest.config.ts',
      'packages/server/vitest.pg.config.ts',
      'packages/web/vitest.config.ts',
    ],
  },
});
