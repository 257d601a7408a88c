import { defineConfig } from 'vitest/config';
import { ISOLATED_FILES, WEB_TEST_SETTINGS } from './vitest.config';

/**
 * The web suites that change what every module or the process sees — a module mocked (vi.mock), a global stubbed,
 * the time zone set — each in a module graph of its own (the rest share one a worker: vitest.config.ts).
 */
export default defineConfig({
  test: { ...WEB_TEST_SETTINGS, setupFiles: [...WEB_TEST_SETTINGS.setupFiles], name: 'web-isolated', include: ISOLATED_FILES, isolate: true },
});
