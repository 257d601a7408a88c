import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/test-order';

// One test run for the whole workspace; each package is its own project so that its
// environment (node or jsdom) and set-up stay its own.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two-core machine, idle while a server suite
    // waits on an engine, a broker or a database. Two files at a time use both cores (suites share no state: each
    // has its own store, engine directory and unique names); three starved the suites that start whole servers.
    maxWorkers: 2,
    // longest files first across the projects (scripts/test-order.ts says why)
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      'packages/contracts/vitest.config.ts',
      'packages/engine/vitest.config.ts',
      'packages/server/vitest.config.ts',
      'packages/server/vitest.pg.config.ts',
      'packages/web/vitest.config.ts',
      'packages/web/vitest.isolated.config.ts',
    ],
  },
});
