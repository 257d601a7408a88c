import { parentPort, workerData } from 'node:worker_threads';
import { transformConfigSchema, type TransformConfig } from '@tscloud/contracts';
import { buildTransform } from '../transform';
import { batchRecords } from '../transform/column-batch';
import { buildColumnTransform, concatMapped, mappedValue, type ColumnOutcome, type MappedColumns } from '../transform/columns';
import { buildFlatJsonColumns } from '../transform/json-columns';
import type { MappedRow, SourceBatch, SourceProgress, SourceReader, TransformOutcome } from '../pipeline/types';
import { EngineUnreachable, EngineWriter, type WriteOutcome } from './engine-writer';
import { TenantNamespace } from '../../clusters/tenant-guard';
import type { EngineTarget } from '../../engine-client/rest-call';
import type { FromWorker, TaskEngine, TaskJob, ToWorker } from './messages';
import { sourceFor } from './sources';

/**
 * One task's pipeline, in its own worker thread (docs/data-in.md "The runner"): read a batch, transform it, write
 * it through the engine (awaited, so a slow engine slows the reader), report it to the runner, which stores the
 * checkpoint, and only then acknowledge it to the source. The next batch is read and transformed while one is
 * written (two batches' rows in memory at most), and written while the runner stores the one before. Stopping ends after the batch in flight (the one read ahead is
 * dropped, read again next time); a source that answers null completes the task.
 */

/** Waits between attempts to reach an engine that does not answer (it may be restarting). */
const RETRY_MS = [500, 1_000, 2_000, 5_000];

export interface WorkerPort {
  post(message: FromWorker): void;
  onMessage(listener: (message: ToWorker) => void): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MS_PER_UNIT = { ms: 1, us: 1e-3, ns: 1e-6 } as const;

/** Rows of source batches written together at most (the largest batch_size a form allows). */
const COMBINED_ROWS = 100_000;

/** The promise's value if it settles before the event loop's next turn (data the source already holds), else undefined. */
const settledNow = <T>(promise: Promise<T>): Promise<T | undefined> => Promise.race([promise, new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)))]);

function newestTimestamp(rows: MappedRow[], mapping: TransformConfig['mapping']): number | null {
  let newest: number | null = null;
  for (const row of rows) {
    const ts = Number(row.columns[mapping.timestamp.column]) * MS_PER_UNIT[mapping.precision];
    if (Number.isFinite(ts) && (newest === null || ts > newest)) newest = ts;
  }
  return newest === null ? null : Math.floor(newest);
}

/** newestTimestamp of a column batch's mapped rows. */
function newestColumnTimestamp(mapped: MappedColumns, mapping: TransformConfig['mapping']): number | null {
  const ts = mapped.columnValues[mapped.columnNames.indexOf(mapping.timestamp.column)];
  const scale = MS_PER_UNIT[mapping.precision];
  const { failed } = mapped;
  let newest = -Infinity;
  if (ts.values === null) {
    // Numbers (the common case): no value boxed a row.
    const numbers = ts.numbers!;
    const nulls = ts.nulls;
    for (let i = 0; i < mapped.length; i++) {
      if (failed[i] === 1 || (nulls !== null && nulls[i] === 1)) continue;
      const at = numbers[i] * scale;
      if (at > newest && at < Infinity) newest = at;
    }
  } else
    for (let i = 0; i < mapped.length; i++) {
      if (failed[i] === 1) continue;
      const at = Number(mappedValue(ts, i)) * scale;
      if (Number.isFinite(at) && at > newest) newest = at;
    }
  return newest === -Infinity ? null : Math.floor(newest);
}

/** A batch mapped: row objects (the record transform) or mapped columns (a column batch, transform/columns.ts). */
type Mapped = TransformOutcome | ColumnOutcome;
const mappedCount = (mapped: Mapped) => ('columns' in mapped ? mapped.columns.count : mapped.rows.length);
const batchLength = (batch: SourceBatch) => batch.columns?.length ?? batch.records.length;

/**
 * A batch's counts for the counters, leaving out the records they already hold (SourceBatch.alreadyCounted): those
 * were written (or failed) before the restart, so they come off `written` first, then `failed`.
 */
export function countsOf(read: number, alreadyCounted: number, written: number, failed: number): { read: number; written: number; failed: number } {
  const repeatedWritten = Math.min(alreadyCounted, written);
  const repeatedFailed = Math.min(alreadyCounted - repeatedWritten, failed);
  return { read: read - alreadyCounted, written: written - repeatedWritten, failed: failed - repeatedFailed };
}

/** A batch read (and transformed) ahead, with the source's progress just after it; or the read's failure. */
type ReadAhead = { batch: SourceBatch | null; mapped: Mapped | null; progress: SourceProgress } | { error: unknown };

export async function runJob(job: TaskJob, port: WorkerPort): Promise<void> {
  let stopping = false;
  let onStored: ((position: string) => void) | null = null;
  port.onMessage((message) => {
    if (message.kind === 'stop') stopping = true;
    else onStored?.(message.position);
  });

  let reader: SourceReader | null = null;
  /** The batch read ahead while the previous one is written (settled: a failed read surfaces when it is taken). */
  let ahead: Promise<ReadAhead> | null = null;
  const finish = async (outcome: 'completed' | 'stopped' | 'failed', message: string | null) => {
    await ahead;
    await reader?.close().catch(() => undefined);
    port.post({ kind: 'done', outcome, message });
  };

  /** The rows written, retrying while the engine cannot be reached; null when asked to stop meanwhile. */
  const writeAll = async (write: () => Promise<WriteOutcome>): Promise<WriteOutcome | null> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await write();
      } catch (error) {
        if (!(error instanceof EngineUnreachable)) throw error;
        port.post({ kind: 'error', message: `engine unreachable: ${error.message}` });
        if (stopping) return null;
        await sleep(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
      }
    }
  };

  try {
    const config = transformConfigSchema.parse(job.transform);
    const transform = buildTransform(config);
    // A mapping of top-level fields only: a source that can make column batches hands them over (no object a row).
    // A JSON parser of flat payloads (MQTT): the source scans the keys the mapping reads into columns.
    const flatJson = buildFlatJsonColumns(config);
    const columnTransform = buildColumnTransform(config) ?? flatJson?.transform ?? null;
    const writer = new EngineWriter(engineTargetOf(job.engine), job.targetDb);
    await writer.ensureStable(config.mapping);
    reader = await sourceFor(job.connector, job.config, { taskId: job.taskId, connector: job.connector, instanceId: job.instanceId, dataDir: job.dataDir }, job.sourceModules);
    if (flatJson) reader.offerFlatJson?.(flatJson.from, flatJson.keys);
    else if (columnTransform) reader.offerColumns?.();
    await reader.open(job.checkpoint);
    const source = reader;
    const mapBatch = (batch: SourceBatch): Mapped => {
      if (!batch.columns) return transform(batch.records);
      return columnTransform ? columnTransform(batch.columns) : transform(batchRecords(batch.columns));
    };
    // The progress is taken with its batch: the one read ahead must not show in the progress of the one written.
    const readAhead = async (): Promise<ReadAhead> => {
      try {
        const batch = await source.next(job.batchSize, 1_000);
        return { batch, mapped: batch && batchLength(batch) > 0 ? mapBatch(batch) : null, progress: source.progress() };
      } catch (error) {
        return { error };
      }
    };
    /**
     * The batch reported but not yet acknowledged to the source: the next batch is written while the runner stores
     * this one (its transaction is on the server's main thread); the next report waits until this one is stored.
     */
    let reported: { stored: Promise<string>; position: string } | null = null;
    /** Acknowledges the reported batch to the source once stored; not while the source reads ahead (a source need not answer two calls at once). */
    const commitReported = async () => {
      if (!reported) return;
      const { stored, position } = reported;
      reported = null;
      await stored;
      await ahead;
      await source.committed(position);
    };
    ahead = readAhead();
    while (!stopping) {
      const read = await ahead;
      if ('error' in read) throw read.error;
      const { batch, mapped, progress } = read;
      if (batch === null) {
        await commitReported();
        return await finish('completed', null);
      }
      ahead = readAhead();
      if (mapped === null) {
        // Nothing new to write (a quiet source): the reported batch is acknowledged now, not after the next one.
        await commitReported();
        continue;
      }
      // Batches the source has ready together (an MQTT backlog) are written as one: the engine's cost a row falls
      // with more rows a child table in an INSERT. Each is still reported, checkpointed and acknowledged on its own.
      const parts: Array<{ batch: SourceBatch; mapped: Mapped; progress: SourceProgress }> = [{ batch, mapped, progress }];
      const columnar = 'columns' in mapped;
      let rows = mappedCount(mapped);
      while (!stopping && rows < COMBINED_ROWS) {
        const next = await settledNow(ahead);
        if (!next || 'error' in next || next.batch === null || next.mapped === null || ('columns' in next.mapped) !== columnar) break;
        parts.push({ batch: next.batch, mapped: next.mapped, progress: next.progress });
        rows += mappedCount(next.mapped);
        ahead = readAhead();
      }
      let written: WriteOutcome | null;
      /** Per part, how many of its rows the engine refused. */
      let refusedIn: (index: number) => number;
      if (columnar) {
        // Column batches joined end to end (transform/columns.ts concatMapped); refusals told by row index.
        const joined = parts.length === 1 ? { mapped: (mapped as ColumnOutcome).columns, offsets: [0] } : concatMapped(parts.map((part) => (part.mapped as ColumnOutcome).columns));
        written = await writeAll(() => writer.writeColumns(joined.mapped));
        refusedIn = (k) => {
          const [from, to] = [joined.offsets[k], joined.offsets[k] + (parts[k].mapped as ColumnOutcome).columns.length];
          return parts.length === 1 ? (written?.failed ?? 0) : (written?.refusedIndices ?? []).filter((i) => i >= from && i < to).length;
        };
      } else {
        const rowParts = parts.map((part) => (part.mapped as TransformOutcome).rows);
        written = await writeAll(() => writer.write(rowParts.length === 1 ? rowParts[0] : rowParts.flat()));
        const refused = parts.length > 1 && written && written.refused.length > 0 ? new Set(written.refused) : null;
        refusedIn = (k) => (refused ? rowParts[k].filter((row) => refused.has(row)).length : (written?.failed ?? 0));
      }
      if (written === null) break;
      for (const [k, part] of parts.entries()) {
        const refusedHere = refusedIn(k);
        await reported?.stored;
        const stored = new Promise<string>((resolve) => (onStored = resolve));
        port.post({
          kind: 'batch',
          position: part.batch.position,
          ...countsOf(batchLength(part.batch), part.batch.alreadyCounted ?? 0, mappedCount(part.mapped) - refusedHere, refusedHere + part.mapped.failed.length),
          bytes: part.batch.bytes,
          lastError: (refusedHere > 0 ? written.lastError : null) ?? part.mapped.failed[0]?.error ?? null,
          newestTs: 'columns' in part.mapped ? newestColumnTimestamp(part.mapped.columns, config.mapping) : newestTimestamp(part.mapped.rows, config.mapping),
          progress: part.progress,
        });
        await commitReported();
        reported = { stored, position: part.batch.position };
      }
    }
    await commitReported();
    await finish('stopped', null);
  } catch (error) {
    await finish('failed', error instanceof Error ? error.message : String(error));
  }
}

// In a worker thread (task-worker-entry.mjs): run the job given as workerData.
if (parentPort && workerData?.taskId) {
  const port = parentPort;
  void runJob(workerData as TaskJob, { post: (message) => port.postMessage(message), onMessage: (listener) => port.on('message', listener) });
}

/** The worker's engine target from its plain-data copy: on a shared cluster, with the namespace's guard again. */
export function engineTargetOf(engine: TaskEngine): EngineTarget {
  const { tenant, ...plain } = engine;
  if (!tenant) return plain;
  return {
    ...plain,
    tenant: new TenantNamespace(tenant.namespace),
    ...(tenant.describeAuthorization ? { describeAuthorization: tenant.describeAuthorization } : {}),
    ...(tenant.limits ? { tenantLimits: tenant.limits } : {}),
  };
}
