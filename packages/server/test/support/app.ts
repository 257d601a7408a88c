import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { LogStream } from '../../src/http/logging';
import { loadConfig } from '../../src/config';
import { FakeClock, systemClock, type Clock } from '../../src/clock';
import { createMailer } from '../../src/mail';
import type { Store } from '../../src/store/database';
import { createTestStore } from './store';
import { TestMailbox } from './mailbox';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  mailbox: TestMailbox;
  clock: Clock;
  dataDir: string;
  close(): Promise<void>;
}

/** The whole server on a fresh store, delivering mail to a real SMTP server started for the test. */
export async function createTestApp(options: { clock?: Clock | FakeClock; env?: NodeJS.ProcessEnv; webDist?: string; logStream?: LogStream } = {}): Promise<TestApp> {
  const store = await createTestStore();
  const mailbox = new TestMailbox();
  const smtpUrl = await mailbox.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'tscloud-test-'));
  const config = { ...loadConfig({ ...options.env, DATA_DIR: dataDir, SMTP_URL: smtpUrl, PUBLIC_URL: 'http://console.test' }), webDist: options.webDist ?? join(dataDir, 'no-web') };
  const clock = options.clock ?? systemClock;
  const app = await buildApp({ config, store, clock, mailer: createMailer(config) }, { logStream: options.logStream });
  await app.ready();
  return {
    app,
    store,
    mailbox,
    clock,
    dataDir,
    close: async () => {
      await app.close();
      await mailbox.stop();
      await store.close();
    },
  };
}
