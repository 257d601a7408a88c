import type { FromExpand } from '@tscloud/contracts';
import type { Limits } from 'tscloud-engine';
import type { SourceProgress } from '../pipeline/types';

/** What the runner (main thread) tells a task's worker thread, and what the worker answers (docs/data-in.md). */

/** The worker's start: everything it needs, as plain data (workerData). */
export interface TaskJob {
  taskId: string;
  instanceId: string;
  dataDir?: string;
  connector: string;
  config: FromExpand;
  transform: Record<string, unknown>;
  targetDb: string;
  /** The instance engine, as the instance superuser (the member was checked when the task was saved). */
  engine: TaskEngine;
  checkpoint: string | null;
  batchSize: number;
  /** Module URLs overriding the built-in sources (sources.ts registerSourceModule). */
  sourceModules: Record<string, string>;
}

/**
 * The engine a worker writes to, as plain data (a worker thread gets copies): on a shared TDengine cluster also the
 * namespace, whose tenant guard the worker's statements pass (the worker rebuilds it: engineTargetOf).
 */
export interface TaskEngine {
  url: string;
  authorization: string;
  tenant?: { namespace: string; describeAuthorization?: string; limits?: Limits };
}

export type ToWorker = { kind: 'stop' } | { kind: 'stored'; position: string };

/** A batch the engine acknowledged: the runner stores the checkpoint and counters, then answers `stored`. */
export interface BatchReport {
  kind: 'batch';
  position: string;
  read: number;
  written: number;
  failed: number;
  bytes: number;
  lastError: string | null;
  /** Newest timestamp written, epoch ms (lag). */
  newestTs: number | null;
  progress: SourceProgress;
}

export type FromWorker =
  | BatchReport
  | { kind: 'error'; message: string }
  | { kind: 'done'; outcome: 'completed' | 'stopped' | 'failed'; message: string | null };
