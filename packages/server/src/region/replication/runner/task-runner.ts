import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db } from '../../../store/database';
import { datainTaskMetrics, datainTasks, instances, type DatainTaskRow } from '../../../store/schema';
import { engineConnectionOf } from '../../instances/engine-endpoint';
import { addActivity } from '../tasks/task-repo';
import type { BatchReport, FromWorker, TaskJob, ToWorker } from './messages';
import { sourceModuleOverrides } from './sources';
import { CoalescedTicker } from '../../coalesced-ticker';

export interface TaskRunnerOptions {
  /** How often the node looks for tasks and renews its leases. */
  tickMs?: number;
  /** How long a node's claim on a task holds without renewal (another node takes it over after that). */
  leaseMs?: number;
  /** How often the rate of each running task is stored. */
  metricsMs?: number;
  log?: (message: string, detail?: unknown) => void;
  /** The server's DATA_DIR, for sources reading files under it (CSV uploads). */
  dataDir?: string;
  /** Rows a task wrote into an instance on a TDengine cluster (its monitoring counts them: the cluster keeps no counts). */
  clusterRowsWritten?: (instanceId: string, rows: number) => void;
}

interface RunningTask {
  worker: Worker;
  /** The engine the worker writes to: when the instance's engine moves (restarted), the worker starts again. */
  engineUrl: string;
  /** The instance, when it is a namespace on a TDengine cluster. */
  clusterInstanceId: string | null;
  stopAsked: boolean;
  /** Ended by the runner on purpose (lease lost, engine moved): its end is no failure. */
  abandoned: boolean;
  /** Rows written since the rate was last stored, and when that was. */
  writtenSinceRate: number;
  rateSince: number;
}

const DEFAULT_BATCH = 10_000;
const MAX_BATCH = 100_000;
const WORKER_HEAP_MB = 512;

/**
 * Runs data-in tasks (docs/data-in.md "The runner"). Like the instance lifecycle, each node (server process) claims
 * tasks to run — queued, running or stopping, unowned or whose owner stopped renewing its lease — with SELECT … FOR
 * UPDATE SKIP LOCKED, so several servers share the work and a task runs on one node at a time. Each running task
 * has a worker thread (task-worker.ts); the runner stores each batch's checkpoint and counters in one transaction,
 * so after a restart or a kill -9 the next node resumes at the last acknowledged batch.
 */
export class TaskRunner {
  readonly nodeId = randomUUID();
  private readonly leaseMs: number;
  private readonly metricsMs: number;
  private readonly running = new Map<string, RunningTask>();
  private readonly ticker: CoalescedTicker;
  private closed = false;
  private lastMetricsAt = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: TaskRunnerOptions = {},
  ) {
    this.ticker = new CoalescedTicker(() => this.tick(), options.tickMs ?? 1_000, (error) => this.options.log?.('data-in runner tick failed', error));
    this.leaseMs = options.leaseMs ?? 30_000;
    this.metricsMs = options.metricsMs ?? 3_000;
  }

  start(): void {
    this.ticker.start();
  }

  /** Looks for work now (after a call started or stopped a task). */
  nudge(): void {
    if (!this.closed) this.ticker.nudge();
  }

  /**
   * Stops this node: its workers end at once (a batch not yet checkpointed is read again by the next node, and its
   * rows overwrite themselves) and its tasks are released, keeping their status, for another node to take.
   */
  async shutdown(): Promise<void> {
    this.closed = true;
    await this.ticker.stop();
    await Promise.all([...this.running.values()].map((task) => task.worker.terminate()));
    this.running.clear();
    await this.db.update(datainTasks).set({ nodeId: null, leaseUntil: null }).where(eq(datainTasks.nodeId, this.nodeId));
  }

  private async tick(): Promise<void> {
    const now = this.clock.now();
    const until = now + this.leaseMs;
    await this.claim(now, until);
    const mine = await this.db.update(datainTasks).set({ leaseUntil: until }).where(eq(datainTasks.nodeId, this.nodeId)).returning();
    const held = new Set(mine.map((task) => task.id));
    // A worker whose lease went to another node (this one stalled beyond the lease) must not write twice.
    for (const [id, task] of this.running) if (!held.has(id)) void this.forget(id, task);
    const engines = await this.engineUrls(mine);
    for (const task of mine) {
      if (this.closed) return;
      const runningTask = this.running.get(task.id);
      if (runningTask && !runningTask.stopAsked && engines.get(task.instanceId) !== runningTask.engineUrl) {
        // The instance's engine restarted elsewhere or stopped: a new worker resumes from the checkpoint when it runs.
        await this.forget(task.id, runningTask);
        await this.db.update(datainTasks).set({ nodeId: null, leaseUntil: null }).where(and(eq(datainTasks.id, task.id), eq(datainTasks.nodeId, this.nodeId)));
      } else if (task.status === 'stopping') {
        if (!runningTask) await this.finish(task.id, 'stopped', null);
        else if (!runningTask.stopAsked) {
          runningTask.stopAsked = true;
          runningTask.worker.postMessage({ kind: 'stop' } satisfies ToWorker);
        }
      } else if (!runningTask) await this.launch(task);
    }
    if (now - this.lastMetricsAt >= this.metricsMs) await this.storeRates(now);
  }

  /** The engine address of each held task's instance (absent when the instance is not Running). */
  private async engineUrls(tasks: DatainTaskRow[]): Promise<Map<string, string | null>> {
    const ids = [...new Set(tasks.map((task) => task.instanceId))];
    if (ids.length === 0) return new Map();
    const rows = await this.db.select({ id: instances.id, status: instances.status, engineUrl: instances.engineUrl }).from(instances).where(inArray(instances.id, ids));
    return new Map(rows.map((row) => [row.id, row.status === 'Running' ? row.engineUrl : null]));
  }

  /** Takes unowned (or abandoned) tasks whose instance runs, each by one node only. */
  private async claim(now: number, until: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const free = await tx
        .select({ id: datainTasks.id })
        .from(datainTasks)
        .innerJoin(instances, eq(instances.id, datainTasks.instanceId))
        .where(
          and(
            inArray(datainTasks.status, ['queued', 'running', 'stopping']),
            or(isNull(datainTasks.nodeId), lt(datainTasks.leaseUntil, now)),
            // A stopping task is stopped whatever its instance does; the others wait for their engine.
            or(eq(datainTasks.status, 'stopping'), eq(instances.status, 'Running')),
          ),
        )
        .limit(20)
        .for('update', { of: datainTasks, skipLocked: true });
      if (free.length > 0) await tx.update(datainTasks).set({ nodeId: this.nodeId, leaseUntil: until }).where(inArray(datainTasks.id, free.map((f) => f.id)));
    });
  }

  private async launch(task: DatainTaskRow): Promise<void> {
    const [instance] = await this.db.select().from(instances).where(eq(instances.id, task.instanceId));
    const engine = instance ? engineConnectionOf(instance) : null;
    if (!engine) {
      // The engine is not up (yet): hand the task back; a node will take it when the instance runs.
      await this.db.update(datainTasks).set({ nodeId: null, leaseUntil: null }).where(eq(datainTasks.id, task.id));
      return;
    }
    const requested = Number(task.config.params?.batch_size);
    const job: TaskJob = {
      taskId: task.id,
      instanceId: task.instanceId,
      dataDir: this.options.dataDir,
      connector: task.connector,
      config: task.config,
      transform: task.transform,
      targetDb: task.targetDb,
      // plain data for the worker thread; on a shared cluster the worker's statements pass the namespace's guard
      engine: {
        url: engine.url,
        authorization: engine.authorization,
        ...(engine.tenant ? { tenant: { namespace: engine.tenant.id, describeAuthorization: engine.describeAuthorization, limits: engine.tenantLimits } } : {}),
      },
      checkpoint: task.checkpoint,
      batchSize: Number.isInteger(requested) && requested > 0 ? Math.min(requested, MAX_BATCH) : DEFAULT_BATCH,
      sourceModules: sourceModuleOverrides(),
    };
    // A heap limit per worker: one batch is in memory, so a task that needs more is broken, not busy.
    const worker = new Worker(new URL('./task-worker-entry.mjs', import.meta.url), { workerData: job, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const runningTask: RunningTask = { worker, engineUrl: engine.url, clusterInstanceId: engine.tenant ? task.instanceId : null, stopAsked: false, abandoned: false, writtenSinceRate: 0, rateSince: this.clock.now() };
    this.running.set(task.id, runningTask);
    let done = false;
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'done') done = true;
      void this.handle(task.id, runningTask, message).catch((error) => this.options.log?.('data-in runner: storing a report failed', error));
    });
    worker.on('error', (error) => this.options.log?.('data-in task worker failed', error));
    // Until its end is stored the task stays in `running`, so no tick starts it again meanwhile.
    const release = () => this.running.get(task.id) === runningTask && this.running.delete(task.id);
    worker.on('exit', () => {
      if (done) return;
      if (this.closed || runningTask.abandoned) release();
      else void this.finish(task.id, 'failed', 'the task worker ended unexpectedly').finally(release);
    });
    const now = this.clock.now();
    const resumed = task.checkpoint !== null;
    // Not over a stop asked meanwhile: the next tick passes that on to the worker.
    await this.db
      .update(datainTasks)
      .set({ status: 'running', statusReason: null, startedAt: now, updatedAt: now })
      .where(and(eq(datainTasks.id, task.id), inArray(datainTasks.status, ['queued', 'running'])));
    await addActivity(this.db, task, resumed ? 'resume' : 'start', now, resumed ? `from ${task.checkpoint}` : null);
  }

  private async handle(taskId: string, runningTask: RunningTask, message: FromWorker): Promise<void> {
    if (this.closed) return;
    if (message.kind === 'batch') {
      if (await this.storeBatch(taskId, message)) {
        runningTask.writtenSinceRate += message.written;
        if (runningTask.clusterInstanceId) this.options.clusterRowsWritten?.(runningTask.clusterInstanceId, message.written);
        runningTask.worker.postMessage({ kind: 'stored', position: message.position } satisfies ToWorker);
      } else await this.forget(taskId, runningTask);
    } else if (message.kind === 'error') {
      await this.db.update(datainTaskMetrics).set({ lastError: message.message, updatedAt: this.clock.now() }).where(eq(datainTaskMetrics.taskId, taskId));
    } else {
      await this.finish(taskId, message.outcome, message.message);
      if (this.running.get(taskId) === runningTask) this.running.delete(taskId);
    }
  }

  /** The batch's checkpoint and counters, together; false when this node no longer holds the task. */
  private async storeBatch(taskId: string, report: BatchReport): Promise<boolean> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const held = await tx
        .update(datainTasks)
        .set({ checkpoint: report.position })
        .where(and(eq(datainTasks.id, taskId), eq(datainTasks.nodeId, this.nodeId)))
        .returning({ id: datainTasks.id });
      if (held.length === 0) return false;
      const m = datainTaskMetrics;
      await tx
        .insert(m)
        .values({
          taskId,
          rowsRead: report.read,
          rowsWritten: report.written,
          rowsFailed: report.failed,
          bytes: report.bytes,
          newestTs: report.newestTs,
          lastError: report.lastError,
          tables: report.progress.tables,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: m.taskId,
          set: {
            rowsRead: sql`${m.rowsRead} + ${report.read}`,
            rowsWritten: sql`${m.rowsWritten} + ${report.written}`,
            rowsFailed: sql`${m.rowsFailed} + ${report.failed}`,
            bytes: sql`${m.bytes} + ${report.bytes}`,
            newestTs: report.newestTs === null ? sql`${m.newestTs}` : sql`greatest(${m.newestTs}, ${report.newestTs})`,
            lastError: report.lastError === null ? sql`${m.lastError}` : report.lastError,
            tables: report.progress.tables,
            updatedAt: now,
          },
        });
      return true;
    });
  }

  private async storeRates(now: number): Promise<void> {
    this.lastMetricsAt = now;
    for (const [taskId, task] of this.running) {
      const seconds = Math.max(0.001, (now - task.rateSince) / 1000);
      const rate = Math.round((task.writtenSinceRate / seconds) * 10) / 10;
      task.writtenSinceRate = 0;
      task.rateSince = now;
      await this.db.update(datainTaskMetrics).set({ rate, updatedAt: now }).where(eq(datainTaskMetrics.taskId, taskId));
    }
  }

  /** A task's end on this node: its status, the activity, and the lease released. */
  private async finish(taskId: string, outcome: 'completed' | 'stopped' | 'failed', message: string | null): Promise<void> {
    const now = this.clock.now();
    const [task] = await this.db
      .update(datainTasks)
      .set({ status: outcome, statusReason: message, stoppedAt: now, updatedAt: now, nodeId: null, leaseUntil: null })
      .where(and(eq(datainTasks.id, taskId), eq(datainTasks.nodeId, this.nodeId)))
      .returning();
    if (!task) return;
    await addActivity(this.db, task, outcome === 'completed' ? 'complete' : outcome === 'failed' ? 'fail' : 'stop', now, message);
    if (outcome === 'failed') await this.db.update(datainTaskMetrics).set({ lastError: message }).where(eq(datainTaskMetrics.taskId, taskId));
    if (outcome === 'completed') await this.markTablesDone(taskId);
  }

  /** A completed source has read all of every table (one whose progress is not resume-safe may count less). */
  private async markTablesDone(taskId: string): Promise<void> {
    const [metrics] = await this.db.select({ tables: datainTaskMetrics.tables }).from(datainTaskMetrics).where(eq(datainTaskMetrics.taskId, taskId));
    if (!metrics) return;
    const tables = metrics.tables.map((table) => (table.total === null ? table : { ...table, done: table.total }));
    await this.db.update(datainTaskMetrics).set({ tables }).where(eq(datainTaskMetrics.taskId, taskId));
  }

  private async forget(taskId: string, task: RunningTask): Promise<void> {
    task.abandoned = true;
    if (this.running.get(taskId) === task) this.running.delete(taskId);
    await task.worker.terminate();
  }
}
