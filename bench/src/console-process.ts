import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Reads a JSON envelope and returns its data, failing on anything but code 200. */
export async function envelopeData<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { code: number; message: string; data: T };
  if (body.code !== 200) throw new Error(`${res.url}: ${body.code} ${body.message}`);
  return body.data;
}

/** The console a benchmark runs against, signed in as the demo account. */
export interface ConsoleProcess {
  base: string;
  /** The server's process (its engines are its children). */
  process: ChildProcess;
  /** `authorization` for the demo account's session. */
  signedIn: { authorization: string };
  orgId: string;
  /** The demo instance's gateway URL and token, as the start-up prints them. */
  gateway: string;
  instanceToken: string;
  /** A stand-in web build: a small static file the baseline of the load benchmark reads. */
  staticFile: string;
  stop(): Promise<void>;
}

/**
 * Starts the console as `npm start` does (embedded store, or DATABASE_URL's PostgreSQL when set) with the demo
 * account and instance, and signs the demo account in.
 */
export async function startConsole(prefix: string): Promise<ConsoleProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const webDist = join(dataDir, 'web');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>tscloud</title>');
  writeFileSync(join(webDist, 'assets', 'app-0000aaaa.js'), `console.log(${JSON.stringify('x'.repeat(1000))});`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dataDir, 'data'), PUBLIC_URL: base, WEB_DIST: webDist, TSCLOUD_DEMO: '1', LOG_LEVEL: 'warn', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 180_000;
    while (!/demo instance .* token (\S+)/.test(output)) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the console did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const [, email, password] = /demo account: (\S+) \/ (\S+)/.exec(output)!;
    const [, gateway, instanceToken] = /demo instance "[^"]*": (\S+) token (\S+)/.exec(output)!;
    const login = await envelopeData<{ token: string }>(
      await fetch(`${base}/uc/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }),
    );
    const signedIn = { authorization: `Bearer ${login.token}` };
    const orgs = await envelopeData<{ list: Array<{ orgId: string }> }>(await fetch(`${base}/api/org?current_page=1&page_size=10`, { headers: signedIn }));
    const orgId = orgs.list[0]?.orgId;
    if (!orgId) throw new Error('the demo account has no organization');
    return { base, process: server, signedIn, orgId, gateway, instanceToken, staticFile: `${base}/assets/app-0000aaaa.js`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
