import { parseArgs } from 'node:util';
import { Engine } from '../engine';
import { createRestServer } from './http-server';

/**
 * `tscloud-engine --data DIR --port PORT [--host 127.0.0.1] [--user root --password taosdata]`
 * --user/--password name the superuser created with a new data directory; the password may instead come in the
 * environment as TSCLOUD_ENGINE_PASSWORD (the console's provisioner does so: a command line is visible to every user
 * of the machine, and a value starting with `-` would read as an option). SIGTERM/SIGINT checkpoint and exit 0.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      port: { type: 'string', default: '6041' },
      host: { type: 'string', default: '127.0.0.1' },
      user: { type: 'string', default: 'root' },
      password: { type: 'string' },
    },
    strict: true,
  });
  if (!values.data) {
    console.error('usage: tscloud-engine --data DIR --port PORT [--host 127.0.0.1] [--user root --password taosdata]');
    process.exit(2);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`invalid --port ${values.port}`);
    process.exit(2);
  }
  const password = values.password ?? process.env.TSCLOUD_ENGINE_PASSWORD ?? 'taosdata';
  const engine = await Engine.open({ dataDir: values.data, admin: { user: values.user!, password } });
  const { server } = createRestServer(engine);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, values.host, resolve));
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`tscloud-engine listening on http://${values.host}:${actual}`);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`tscloud-engine: ${signal}, checkpointing and stopping`);
    server.close();
    server.closeIdleConnections();
    try {
      await engine.close();
      process.exit(0);
    } catch (error) {
      console.error('shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
