import { writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { startConsole, type RunningConsole } from './console';
import { Mailbox } from './mailbox';

/** The console and the mailbox it sends to, for one walk file (set before its tests run). */
export interface WalkConsole {
  app: RunningConsole;
  mailbox: Mailbox;
}

/**
 * Registers a walk file's hooks: a console started with a real SMTP mailbox before the tests, its log written beside
 * a failure (it says what the browser could not), and both stopped after.
 */
export function useWalkConsole(env: Record<string, string> = {}): WalkConsole {
  const walk = {} as WalkConsole;
  test.beforeAll(async () => {
    walk.mailbox = new Mailbox();
    walk.app = await startConsole({ SMTP_URL: await walk.mailbox.start(), ...env });
  });
  test.afterEach(() => {
    const testInfo = test.info();
    if (testInfo.status === testInfo.expectedStatus) return;
    writeFileSync(testInfo.outputPath('console.log'), walk.app.output());
    console.log(`[e2e] the console's log: ${testInfo.outputPath('console.log')}`);
  });
  test.afterAll(async () => {
    await walk.app?.stop();
    await walk.mailbox?.stop();
  });
  return walk;
}
