import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** One kind of request of the run: how to make it. */
interface Target {
  name: string;
  url: string;
  init?: RequestInit;
  /** The success code in the JSON answer (the console's envelope: 200, TDengine REST: 0); none for a file. */
  code?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Sends `rate` requests a second for `seconds`, each at its planned time whatever the earlier ones are doing (open
 * loop: a slow answer does not slow the sender down and hide itself), and returns the latencies in ms and errors.
 */
async function openLoop(target: Target, rate: number, seconds: number): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const planned = start + (i * 1000) / rate;
    const wait = planned - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      (async () => {
        try {
          const res = await fetch(target.url, target.init);
          const body = await res.text();
          if (!res.ok || (target.code !== undefined && (JSON.parse(body) as { code: number }).code !== target.code)) errors += 1;
          else latencies.push(performance.now() - planned);
        } catch {
          errors += 1;
        }
      })(),
    );
  }
  await Promise.all(inFlight);
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

/** Reads a JSON envelope and returns its data, failing on anything but code 200. */
async function envelopeData<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { code: number; message: string; data: T };
  if (body.code !== 200) throw new Error(`${res.url}: ${body.code} ${body.message}`);
  return body.data;
}

/**
 * `npm run bench -- load [--rate 200] [--seconds 10]`: the console started as `npm start` starts it (embedded store,
 * or DATABASE_URL's PostgreSQL when set), with the demo account and instance; then signed-in reads at a fixed rate —
 * the organization list, the instance list, gateway SQL — each against a static file served by the same server in the
 * same run (the baseline). Prints p50/p99 and errors for each (docs/benchmarks.md).
 */
export async function runLoadBench(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { rate: { type: 'string', default: '200' }, seconds: { type: 'string', default: '10' } } });
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const dataDir = mkdtempSync(join(tmpdir(), 'tscloud-load-'));
  // A stand-in for the built web app: the baseline is one small file through the same static serving.
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

    const targets: Target[] = [
      { name: 'static file (baseline)', url: `${base}/assets/app-0000aaaa.js` },
      { name: 'organization list', url: `${base}/api/org?current_page=1&page_size=10`, init: { headers: signedIn }, code: 200 },
      { name: 'instance list', url: `${base}/api/app/list`, init: { headers: { ...signedIn, 'account-id': orgId } }, code: 200 },
      { name: 'gateway SQL', url: `${gateway}/rest/sql?token=${instanceToken}`, init: { method: 'POST', body: 'SELECT SERVER_VERSION()' }, code: 0 },
    ];
    console.log(`load: ${rate} requests/s for ${seconds} s each, store ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}`);
    // A short warm-up of each, so the first compile of a route is not measured.
    for (const target of targets) await openLoop(target, 20, 1);
    let baselineP99 = 0;
    for (const target of targets) {
      const { latencies, errors } = await openLoop(target, rate, seconds);
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      if (!baselineP99) baselineP99 = p99;
      const ratio = target === targets[0] ? '(baseline)' : `(p99 ratio ${(p99 / baselineP99).toFixed(1)} vs baseline)`;
      console.log(`${target.name}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, errors ${errors}/${latencies.length + errors} ${ratio}`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
