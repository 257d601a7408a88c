import { availableParallelism } from 'node:os';
import { Worker, type TransferListItem } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './messages';

/** Worker threads a pool starts by default: the cores but one (the engine's own thread), 1 to 4. */
export const DEFAULT_WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));

interface Slot {
  worker: Worker;
  pending: Map<number, (reply: WorkerReply) => void>;
}

/**
 * The engine's parse workers (parse-worker.ts): started lazily, asked in turn, each request answered by id. A worker
 * that dies fails its pending requests with an error reply (callers then do the work on their own thread) and is
 * replaced on the next request. One pool per engine; it holds no state at module level.
 */
export class WorkerPool {
  private slots: Slot[] = [];
  private nextId = 0;
  private turn = 0;
  private closed = false;
  /** set when a worker cannot start here (a bundler's module URL in a browser-like test environment): none is tried again */
  private unstartable = false;

  /**
   * `size`: workers to start (0: none, every caller works on its own thread). `greet`: messages a new worker needs
   * before its first request (the slabs the pool knows so far). `entry`: the worker's script.
   */
  constructor(
    readonly size = DEFAULT_WORKERS,
    private readonly greet: () => WorkerRequest[] = () => [],
    private readonly entry: URL = new URL('./parse-worker-entry.mjs', import.meta.url),
  ) {}

  /** Whether requests can go to a worker. */
  get available(): boolean {
    return !this.closed && !this.unstartable && this.size > 0;
  }

  /** Sends a request (its `id` is set here) to the next worker; undefined when no worker is available. */
  request(message: DistributiveOmit<Extract<WorkerRequest, { id: number }>, 'id'>, transfer: TransferListItem[] = []): Promise<WorkerReply> | undefined {
    const slot = this.slot();
    if (!slot) return undefined;
    const id = this.nextId++;
    return new Promise<WorkerReply>((resolve) => {
      slot.pending.set(id, resolve);
      slot.worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Posts a message to every running worker. */
  broadcast(message: WorkerRequest): void {
    for (const slot of this.slots) slot.worker.postMessage(message);
  }

  /** The next worker in turn, started if need be; undefined when the pool is empty or closed. */
  private slot(): Slot | undefined {
    if (!this.available) return undefined;
    if (this.slots.length < this.size) {
      try {
        this.slots.push(this.start());
      } catch {
        // callers do the work on their own thread, as without workers
        this.unstartable = this.slots.length === 0;
        if (this.unstartable) return undefined;
      }
    }
    return this.slots[this.turn++ % this.slots.length];
  }

  private start(): Slot {
    const worker = new Worker(this.entry);
    const slot: Slot = { worker, pending: new Map() };
    worker.unref();
    for (const message of this.greet()) worker.postMessage(message);
    worker.on('message', (reply: WorkerReply) => {
      const resolve = slot.pending.get(reply.id);
      slot.pending.delete(reply.id);
      resolve?.(reply);
    });
    const fail = (message: string) => {
      for (const [id, resolve] of slot.pending) resolve({ id, error: message });
      slot.pending.clear();
      this.slots = this.slots.filter((s) => s !== slot);
    };
    worker.on('error', (error) => fail(error.message));
    worker.on('exit', (code) => fail(`exited with code ${code}`));
    return slot;
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots;
    this.slots = [];
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}

/** Omit over each member of a union (TypeScript's Omit merges the union first). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
