import { loadConfig } from './config';
import { openStore, pgliteDirFor } from './store/database';
import { buildApp } from './app';
import { logFormatFor } from './http/logging';
import { systemClock } from './clock';
import { createMailer } from './mail';
import { demoRefusal, demoTokenText, seedDemo } from './platform/demo';
import { gatewayUrlOf } from './region';

/** `npm start`: the whole console on one process, the embedded store under DATA_DIR unless DATABASE_URL. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2));
  let logFormat;
  try {
    logFormat = logFormatFor(process.env, process.stdout.isTTY === true);
  } catch (error) {
    console.error(`[tscloud] ${(error as Error).message}`);
    process.exit(1);
  }
  const refusal = config.demo ? demoRefusal(config) : null;
  if (refusal) {
    console.error(`[tscloud] ${refusal}`);
    process.exit(1);
  }
  let store;
  try {
    store = await openStore({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : pgliteDirFor(config.dataDir),
      lockDir: config.databaseUrl ? undefined : config.dataDir,
    });
  } catch (error) {
    console.error(`[tscloud] cannot open the store: ${(error as Error).message}`);
    process.exit(1);
  }
  const mailer = createMailer(config);
  const deps = { config, store, clock: systemClock, mailer };
  const app = await buildApp(deps, { logger: true, logFormat });

  // Once: `npm start` forwards the signal its process group already delivered, and a second close must not cut the
  // first short (the instances' hand-back is written during it).
  let stopping: Promise<void> | null = null;
  const shutdown = (signal: string) =>
    (stopping ??= (async () => {
      app.log.info(`${signal}: shutting down`);
      await app.close();
      await store.close();
      process.exit(0);
    })());
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const demo = config.demo ? await seedDemo(deps, process.env.TSCLOUD_DEMO_PASSWORD || undefined) : null;

  await app.listen({ port: config.port, host: config.host });
  console.log(`\n[tscloud] console: ${config.publicUrl}`);
  console.log(`[tscloud] data: ${config.dataDir} (store: ${store.kind})`);
  console.log(`[tscloud] mail: ${config.smtpUrl ? 'SMTP' : `${config.dataDir}/outbox (links are printed below)`}`);
  if (demo) {
    console.log(`[tscloud] demo account: ${demo.email} / ${demo.password}`);
    console.log(`[tscloud] demo instance "${demo.instance.alias}": ${gatewayUrlOf(config.publicUrl, demo.instance.id)} ${demoTokenText(demo.instance)}`);
  }
}

void main();
