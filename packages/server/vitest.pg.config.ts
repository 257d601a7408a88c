import { connect } from 'node:net';
import { defineConfig } from 'vitest/config';

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(1500);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * The same server suite against the machine's PostgreSQL. In CI it must run (a missing server fails the run);
 * elsewhere it is skipped with the reason printed.
 */
export default defineConfig(async () => {
  const url = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const available = await reachable(url.hostname, Number(url.port || 5432));
  if (!available && process.env.CI === 'true') {
    throw new Error(`[server-pg] PostgreSQL is not reachable at ${url.host}, and CI requires it`);
  }
  if (!available) console.warn(`[server-pg] skipped: PostgreSQL is not reachable at ${url.host}`);
  return {
    test: {
      name: 'server-pg',
      include: available ? ['test/**/*.test.ts'] : [],
      passWithNoTests: true,
      environment: 'node',
      env: { TEST_STORE: 'postgres' },
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  };
});
