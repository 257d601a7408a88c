import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { instances, type InstanceRow } from '../../store/schema';
import type { InstanceLifecycle } from '../instances/lifecycle';
import type { Provisioner } from '../provisioner/provisioner';
import type { MetricsDb, Sample } from './metrics-db';
import { cpuTimeMs, directoryBytes, engineCounters, residentBytes } from './process-readings';
import { engineRestCall } from '../engine-client/rest-call';
import { engineConnectionOf } from '../instances/engine-endpoint';
import type { ThresholdAlerts } from './threshold-alerts';

/** A provisioner whose engines are processes on this machine (the local one): what the sampler reads from. */
export interface ProcessView {
  pidOf(instanceId: string): number | undefined;
  dataDirOf(instanceId: string): string;
}

export function processViewOf(provisioner: Provisioner): ProcessView | null {
  const candidate = provisioner as Partial<ProcessView>;
  return typeof candidate.pidOf === 'function' && typeof candidate.dataDirOf === 'function' ? (provisioner as Provisioner & ProcessView) : null;
}

/** Counter readings of the previous sample, for deltas. */
interface Previous {
  at: number;
  pid: number;
  cpuMs: number | null;
  /** Rows inserted (not statements). */
  inserts: number | null;
  queries: number | null;
  ingress: number;
  egress: number;
}

/** A counter that went down was reset (engine restart): what it counts now is all new. */
function delta(now: number | null, before: number | null | undefined): number | null {
  if (now === null || before === null || before === undefined) return null;
  return now >= before ? now - before : now;
}

/**
 * Samples the engines every `sampleMs`: CPU from /proc/{pid}/stat deltas (percent of one core), RSS, the data
 * directory's size, insert and query statement counts from the engine's /-/stats, ingress and egress from the
 * gateway's counters in the store. Only instances whose engine this server runs are sampled (the lifecycle's
 * lease gives each instance to one server), so with several servers every instance is sampled exactly once.
 */
export class Sampler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly previous = new Map<string, Previous>();
  /** Rounds completed and instance samples written by this server (tests wait on them). */
  rounds = 0;
  samplesWritten = 0;

  constructor(
    private readonly deps: AppDeps,
    private readonly lifecycle: InstanceLifecycle,
    private readonly processes: ProcessView,
    private readonly metrics: () => Promise<MetricsDb>,
    private readonly alerts: ThresholdAlerts,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.tick(), this.deps.config.monitoring.sampleMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    // A slow round (a large directory, a busy store) is not overlapped by the next one.
    if (this.running) return;
    this.running = this.sampleAll()
      .catch((error) => this.log('monitoring sample failed', error))
      .finally(() => {
        this.running = null;
      });
  }

  /** One round over the running instances of this server. */
  async sampleAll(): Promise<void> {
    const rows = await this.deps.store.db
      .select()
      .from(instances)
      .where(and(eq(instances.status, 'Running'), eq(instances.nodeId, this.lifecycle.nodeId)));
    const samples: Array<{ row: InstanceRow; sample: Sample }> = [];
    for (const row of rows) {
      const sample = await this.sampleOne(row);
      if (sample) samples.push({ row, sample });
    }
    for (const id of this.previous.keys()) if (!rows.some((r) => r.id === id)) this.previous.delete(id);
    this.alerts.retain(new Set(rows.map((r) => r.id)));
    if (samples.length > 0) {
      const db = await this.metrics();
      await db.write(samples.map((s) => s.sample));
      this.samplesWritten += samples.length;
      for (const { row, sample } of samples) await this.alerts.observe(row, sample);
    }
    this.rounds++;
  }

  private async sampleOne(row: InstanceRow): Promise<Sample | null> {
    const onCluster = row.clusterNamespace !== null;
    const pid = onCluster ? CLUSTER_PID : this.processes.pidOf(row.id);
    if (pid === undefined || !row.engineUrl) return null;
    const at = this.deps.clock.now();
    // On a TDengine cluster the processes are the cluster's, shared by every tenant: no CPU or memory is the
    // instance's; its disk is what the cluster reports for the namespace's databases (docs/clusters.md decision 8).
    // Its inserts and queries are the console's counts (every statement of it passes the console; decision 8).
    const [cpuMs, memBytes, diskBytes, counters] = onCluster
      ? [null, null, await clusterDiskBytes(row), { rowsInserted: row.clusterRowsInserted, queries: row.clusterQueries }]
      : await Promise.all([cpuTimeMs(pid), residentBytes(pid), directoryBytes(this.processes.dataDirOf(row.id)), engineCounters(row.engineUrl)]);
    const current: Previous = {
      at,
      pid,
      cpuMs,
      inserts: counters?.rowsInserted ?? null,
      queries: counters?.queries ?? null,
      ingress: row.ingressBytes,
      egress: row.egressBytes,
    };
    // A restarted engine (new pid) starts its counters again: its first sample is a baseline too.
    const before = this.previous.get(row.id);
    const prev = before && before.pid === pid ? before : undefined;
    this.previous.set(row.id, current);
    const spanMs = prev ? at - prev.at : null;
    const cpuDelta = delta(cpuMs, prev?.cpuMs);
    return {
      instanceId: row.id,
      at,
      spanMs,
      cpu: cpuDelta !== null && spanMs ? (cpuDelta * 100) / spanMs : null,
      memBytes,
      diskBytes,
      inserts: delta(current.inserts, prev?.inserts),
      queries: delta(current.queries, prev?.queries),
      // Gateway counters belong to the instance, not the process: they continue across engine restarts.
      ingress: before ? delta(current.ingress, before.ingress) : null,
      egress: before ? delta(current.egress, before.egress) : null,
      planLevel: row.planLevel,
      ha: row.ha,
    };
  }
}

/** The sampler's stand-in process id of an instance on a TDengine cluster (no process of its own). */
const CLUSTER_PID = -1;

/**
 * What the cluster stores for the instance's namespace: `ins_disk_usage` (KB) through the tenant guard, which keeps
 * the namespace's databases only. Null when the cluster does not answer.
 */
async function clusterDiskBytes(row: InstanceRow): Promise<number | null> {
  const connection = engineConnectionOf(row);
  if (!connection) return null;
  try {
    const answer = await engineRestCall(connection, 'SELECT SUM(data1 + data2 + data3 + wal + cache_rdb + table_meta) FROM information_schema.ins_disk_usage', { timeoutMs: 10_000 });
    if (answer.code !== 0) return null;
    return Number(answer.data?.[0]?.[0] ?? 0) * 1024;
  } catch {
    return null;
  }
}
