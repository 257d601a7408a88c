import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { envelopeData, startConsole, type ConsoleProcess } from '../console-process';
import { rssKb } from '../proc-stats';

/** CPU seconds a process has used (user + system, /proc/<pid>/stat; clock ticks of 100 Hz), 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The server's child processes: its instances' engines. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Reads a response body to its end, counting bytes and lines, without keeping it. */
async function drain(res: Response): Promise<{ bytes: number; lines: number }> {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
  }
  return { bytes, lines };
}

interface Measure {
  seconds: number;
  bytes: number;
  lines: number;
  /** Highest resident memory growth of the server process while it ran, in MB. */
  serverRssMb: number;
  engineRssMb: number;
  /** CPU seconds the server, its engine and this client used. */
  cpu: { server: number; engine: number; client: number };
}

/** Runs `call`, sampling the server's and its engine's resident memory every 20 ms. */
async function measured(app: ConsoleProcess, call: () => Promise<Response>): Promise<Measure> {
  const pid = app.process.pid!;
  const engine = childrenOf(pid)[0] ?? 0;
  const before = { server: rssKb(pid), engine: engine ? rssKb(engine) : 0 };
  let peak = { ...before };
  const sampler = setInterval(() => {
    peak = { server: Math.max(peak.server, rssKb(pid)), engine: Math.max(peak.engine, engine ? rssKb(engine) : 0) };
  }, 20);
  const cpuBefore = { server: cpuSeconds(pid), engine: cpuSeconds(engine), client: process.cpuUsage() };
  const start = performance.now();
  try {
    const res = await call();
    if (!res.ok) throw new Error(`${res.url}: HTTP ${res.status} ${await res.text()}`);
    const { bytes, lines } = await drain(res);
    const client = process.cpuUsage(cpuBefore.client);
    return {
      seconds: (performance.now() - start) / 1000,
      bytes,
      lines,
      serverRssMb: (peak.server - before.server) / 1024,
      engineRssMb: (peak.engine - before.engine) / 1024,
      cpu: { server: cpuSeconds(pid) - cpuBefore.server, engine: cpuSeconds(engine) - cpuBefore.engine, client: (client.user + client.system) / 1e6 },
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * `npm run bench -- export [--tables 100] [--format csv]` (issue 13 item 5): the console started as `npm start` starts
 * it; the meters demo loaded into the demo instance (tables × 10,000 rows: 1M by default); then the whole super table
 * exported through the server as the console does it (POST a ticket, GET its download link) against the engine's own
 * SELECT of the same rows over REST through the same server (the gateway: one REST answer, held by the engine; it
 * is bounded by the engine's maxResultRows, 1M by default), in the same run. Prints rows/s of each, their ratio, and
 * the growth of the server's and the engine's resident memory during each (docs/benchmarks.md).
 */
export async function runExportBench(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { tables: { type: 'string', default: '100' }, format: { type: 'string', default: 'csv' } } });
  const tables = Number(values.tables);
  const rows = tables * 10_000;
  const app = await startConsole('tscloud-export-');
  try {
    const headers = { ...app.signedIn, 'account-id': app.orgId, 'content-type': 'application/json' };
    // The demo instance's engine may still be starting.
    let instance: { id: string; region_id: string; cluster_status: string };
    for (const deadline = Date.now() + 120_000; ; ) {
      [instance] = await envelopeData<Array<typeof instance>>(await fetch(`${app.base}/api/app/list`, { headers }));
      if (instance.cluster_status === 'Running') break;
      if (Date.now() > deadline) throw new Error(`the demo instance is ${instance.cluster_status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const api = `${app.base}/api/region/${instance.region_id}/data`;
    const loadStart = performance.now();
    const job = await envelopeData<{ id: string }>(
      await fetch(`${api}/demo/${instance.id}`, { method: 'POST', headers, body: JSON.stringify({ db_name: 'exportbench', tables, rows_per_table: 10_000 }) }),
    );
    for (;;) {
      const state = await envelopeData<{ status: string; desc?: string }>(await fetch(`${api}/demo/${instance.id}/${job.id}`, { headers }));
      if (state.status === 'done') break;
      if (state.status !== 'running') throw new Error(`demo load ${state.status}: ${state.desc ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(`export: ${rows.toLocaleString('en')} rows of exportbench.meters loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s, format ${values.format}`);
    const query = 'SELECT * FROM exportbench.meters';

    const select = await measured(app, () => fetch(`${app.gateway}/rest/sql?token=${app.instanceToken}`, { method: 'POST', body: query }));
    const exported = await measured(app, async () => {
      const ticket = await envelopeData<{ url: string }>(
        await fetch(`${api}/sql/export/${instance.id}`, { method: 'POST', headers, body: JSON.stringify({ sql: query, format: values.format }) }),
      );
      return fetch(`${app.base}${ticket.url}`, { headers: app.signedIn });
    });
    if (values.format !== 'parquet' && exported.lines !== rows + (values.format === 'csv' ? 1 : 0)) throw new Error(`export wrote ${exported.lines} lines for ${rows} rows`);

    const rate = (m: Measure) => rows / m.seconds;
    // CPU a row per process: steadier than wall-clock rates when other work shares the cores.
    const perRow = (seconds: number) => ((seconds * 1e6) / rows).toFixed(2);
    const line = (name: string, m: Measure) =>
      `${name}: ${Math.round(rate(m)).toLocaleString('en')} rows/s (${m.seconds.toFixed(2)} s, ${(m.bytes / 1048576).toFixed(0)} MB), ` +
      `server RSS +${m.serverRssMb.toFixed(0)} MB, engine RSS +${m.engineRssMb.toFixed(0)} MB, ` +
      `CPU µs a row: engine ${perRow(m.cpu.engine)}, server ${perRow(m.cpu.server)}, client ${perRow(m.cpu.client)}`;
    console.log(line('engine SELECT over REST (baseline)', select));
    console.log(`${line(`export through the server (${values.format})`, exported)} (ratio ${(rate(exported) / rate(select)).toFixed(2)} vs baseline)`);
  } finally {
    await app.stop();
  }
}
