import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { bodyText } from '../body';
import { parseColumnar, type LineBatch } from './columnar';

/**
 * Line-protocol bodies parsed off the engine's main thread. A large request's decoding and column-major parse
 * (~1 µs a line) run in a worker while the main thread appends the previous request and flushes it into DuckDB, so
 * the two overlap on separate cores (docs/engine-schemaless.md, "Parse workers"). Small bodies, where a round trip
 * to the worker costs more than the parse, are parsed in place; so is everything when no worker can start.
 */

/** Bodies below this many bytes are parsed on the main thread. */
export const WORKER_MIN_BYTES = 64 * 1024;

export interface ParseRequest {
  id: number;
  /** the body's bytes are the first `length` of this buffer (parse-pool's, reused: no fresh megabyte per request) */
  shared: SharedArrayBuffer;
  length: number;
  precision: string;
}

export type ParseReply = { id: number } & ({ batch: LineBatch } | { text: string } | { error: string });

/** A parse result: the column-major batch, or the decoded text when the fast path does not take the body. */
export type Parsed = { batch: LineBatch } | { text: string };

function parseHere(body: Uint8Array, precision: string): Parsed {
  const batch = parseColumnar(body, precision);
  return batch ? { batch } : { text: bodyText(body) };
}

interface Slot {
  worker: Worker;
  pending: Map<number, (reply: ParseReply) => void>;
}

export class ParsePool {
  private slots: Slot[] = [];
  private nextId = 0;
  private turn = 0;
  private closed = false;
  /** shared request buffers not in use */
  private free: SharedArrayBuffer[] = [];

  /** `size`: workers to start (lazily, on the first large body); 0 parses everything in place. */
  constructor(private readonly size = Math.max(1, Math.min(4, availableParallelism() - 1))) {}

  /** Decodes and parses a line-protocol body (the caller has checked the precision). */
  async parse(body: Uint8Array, precision: string): Promise<Parsed> {
    const slot = body.byteLength >= WORKER_MIN_BYTES ? this.slot() : undefined;
    if (!slot) return parseHere(body, precision);
    const id = this.nextId++;
    // the bytes go over in a reused shared buffer: a fresh megabyte per request (to copy or transfer) costs more in
    // page faults than the copy itself
    const shared = this.acquire(body.byteLength);
    new Uint8Array(shared, 0, body.byteLength).set(body);
    const reply = await new Promise<ParseReply>((resolve) => {
      slot.pending.set(id, resolve);
      slot.worker.postMessage({ id, shared, length: body.byteLength, precision } satisfies ParseRequest);
    });
    this.free.push(shared);
    // a worker that failed (not a refused body: those come back as text) leaves the parse to this thread
    if ('error' in reply) return parseHere(body, precision);
    return 'batch' in reply ? { batch: { ...reply.batch, body } } : { text: reply.text };
  }

  /** A shared buffer of at least `bytes` from those no request is using (the largest kept: bodies are alike). */
  private acquire(bytes: number): SharedArrayBuffer {
    const at = this.free.findIndex((b) => b.byteLength >= bytes);
    if (at >= 0) return this.free.splice(at, 1)[0];
    // too small for this body: dropped, one twice the size made in its place
    this.free.pop();
    return new SharedArrayBuffer(2 ** Math.ceil(Math.log2(Math.max(bytes, WORKER_MIN_BYTES))));
  }

  /** The next worker in turn, started if need be; undefined when the pool is empty or closed. */
  private slot(): Slot | undefined {
    if (this.closed || this.size === 0) return undefined;
    if (this.slots.length < this.size) this.slots.push(this.start());
    return this.slots[this.turn++ % this.slots.length];
  }

  private start(): Slot {
    const worker = new Worker(new URL('./parse-worker-entry.mjs', import.meta.url));
    const slot: Slot = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', (reply: ParseReply) => {
      const resolve = slot.pending.get(reply.id);
      slot.pending.delete(reply.id);
      resolve?.(reply);
    });
    // a worker that dies fails its requests; the next request starts a new one
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
