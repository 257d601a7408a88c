import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'engine',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // One module graph a worker, not one a file: importing the package afresh for each test file was 40 % of the
    // unit step's time in CI. Suites share no state (each its own store, engine directory and names; env restored).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
