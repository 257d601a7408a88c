import { connect } from 'node:net';
import type { TestContext } from 'vitest';

/**
 * The real services the source tests run against (MQTT 1883, MariaDB 3306, PostgreSQL 5432). Missing one skips
 * the test with the reason printed, except under CI=true, where it fails it.
 */
const IN_CI = process.env.CI === 'true';

export function reachable(port: number, host = '127.0.0.1', timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function requireService(ctx: TestContext, name: string, port: number): Promise<void> {
  if (await reachable(port)) return;
  const reason = `${name} is not listening on 127.0.0.1:${port}: the source test was NOT run`;
  if (IN_CI) throw new Error(`${reason} (CI runs it: see .ci/run)`);
  console.warn(`[datain] skipped: ${reason}`);
  ctx.skip();
}

export async function waitFor<T>(read: () => Promise<T> | T, until: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
