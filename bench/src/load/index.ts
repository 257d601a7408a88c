import { parseArgs } from 'node:util';
import { startConsole } from '../console-process';

/** One kind of request of the run: how to make it. */
interface Target {
  name: string;
  url: string;
  init?: RequestInit;
  /** The success code in the JSON answer (the console's envelope: 200, TDengine REST: 0); none for a file. */
  code?: number;
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
  const running = await startConsole('tscloud-load-');
  const { base, signedIn, orgId, gateway, instanceToken } = running;
  try {
    const targets: Target[] = [
      { name: 'static file (baseline)', url: running.staticFile },
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
    await running.stop();
  }
}
