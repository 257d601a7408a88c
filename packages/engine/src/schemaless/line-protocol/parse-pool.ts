import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { StoredColumn } from '../../storage/table-writer';
import { bodyText } from '../body';
import { ColumnarParser, type LineBatch, type SeriesBlock } from './columnar';
import { SlabBody, SlabPool, type Slab } from './slabs';

/**
 * Line-protocol bodies parsed off the engine's main thread. A large request's column-major parse runs in a worker
 * while the main thread appends the previous request and flushes it into DuckDB, so the two overlap on separate
 * cores (docs/engine-schemaless.md, "Parse workers"). Bodies and parsed columns travel in slabs (slabs.ts). Small
 * bodies, where a round trip to the worker costs more than the parse, are parsed in place; so are huge ones, and
 * everything when no worker can start.
 */

/** Bodies below this many bytes are parsed on the main thread. */
export const WORKER_MIN_BYTES = 64 * 1024;
/** Bodies above this many bytes are parsed on the main thread too (a slab for them would be 5 times their size). */
export const WORKER_MAX_BYTES = 16 * 1024 * 1024;

/** Messages to a worker: a slab to know (or forget), or a body in a slab to parse. */
export type WorkerMessage =
  | { kind: 'slab'; slab: Slab }
  | { kind: 'drop'; id: number }
  | { kind: 'parse'; id: number; slab: number; length: number; precision: string };

/** A packed column the worker wrote into the request's slab: `n` doubles from element `at`. */
export interface InSlab {
  at: number;
  n: number;
}

/** The batch as the worker sends it: packed columns are in the slab (or, when it lacked room, transferred). */
export type WireBatch = Omit<LineBatch, 'blocks'> & {
  blocks: (Omit<SeriesBlock, 'values' | 'ts'> & { values: (StoredColumn | InSlab)[]; ts: SeriesBlock['ts'] | InSlab })[];
};

export type ParseReply = { id: number } & ({ batch: WireBatch } | { text: string } | { error: string });

/** A parse result: the column-major batch, or the decoded text when the fast path does not take the body. */
export type Parsed = { batch: LineBatch } | { text: string };

function parseHere(parser: ColumnarParser, body: Uint8Array, precision: string): Parsed {
  const batch = parser.parse(body, precision);
  return batch ? { batch } : { text: bodyText(body) };
}

const isInSlab = (col: unknown): col is InSlab => typeof col === 'object' && col !== null && !Array.isArray(col) && !ArrayBuffer.isView(col);

/** The worker's batch with its in-slab columns as views of the slab (`copy`: copied out, for a slab released now). */
function fromWire(wire: WireBatch, body: Uint8Array, slab: SharedArrayBuffer, copy: boolean): LineBatch {
  const column = <T>(col: T | InSlab): T | Float64Array => {
    if (!isInSlab(col)) return col;
    const view = new Float64Array(slab, col.at * 8, col.n);
    return copy ? view.slice() : view;
  };
  const blocks = wire.blocks.map((b) => ({ ...b, values: b.values.map(column) as StoredColumn[], ts: column(b.ts) }));
  return { ...wire, body, blocks };
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
  /** parses on this thread (small bodies, no worker) use the pool's own parser state */
  private readonly here = new ColumnarParser();
  /** request bodies and parse results travel in these (slabs.ts) */
  readonly slabs = new SlabPool(
    (slab) => this.tell({ kind: 'slab', slab }),
    (slab) => this.tell({ kind: 'drop', id: slab.id }),
  );

  /** `size`: workers to start (lazily, on the first large body); 0 parses everything in place. */
  constructor(private readonly size = Math.max(1, Math.min(4, availableParallelism() - 1))) {}

  /** A body to read a request into: in a slab when it is expected to be large enough for a worker. */
  receive(expected: number): SlabBody | undefined {
    return this.size > 0 && !this.closed && expected >= WORKER_MIN_BYTES && expected <= WORKER_MAX_BYTES ? new SlabBody(this.slabs, expected) : undefined;
  }

  /**
   * Decodes and parses a line-protocol body (the caller has checked the precision). `slab`: the slab the body was
   * read into (SlabBody); the batch's packed columns are then views of it, valid until the caller releases it.
   * Without one the body is copied into a slab of the pool's, and the columns out of it.
   */
  async parse(body: Uint8Array, precision: string, slab?: Slab): Promise<Parsed> {
    const large = body.byteLength >= WORKER_MIN_BYTES && body.byteLength <= WORKER_MAX_BYTES;
    const slot = large ? this.slot() : undefined;
    if (!slot) return parseHere(this.here, body, precision);
    const inSlab = slab !== undefined && body.buffer === slab.buffer && body.byteOffset === 0;
    const used = inSlab ? slab : this.slabs.lease(body.byteLength);
    try {
      if (!inSlab) new Uint8Array(used.buffer, 0, body.byteLength).set(body);
      const id = this.nextId++;
      const reply = await new Promise<ParseReply>((resolve) => {
        slot.pending.set(id, resolve);
        slot.worker.postMessage({ kind: 'parse', id, slab: used.id, length: body.byteLength, precision } satisfies WorkerMessage);
      });
      // a worker that failed (not a refused body: those come back as text) leaves the parse to this thread
      if ('error' in reply) return parseHere(this.here, body, precision);
      return 'batch' in reply ? { batch: fromWire(reply.batch, body, used.buffer, !inSlab) } : { text: reply.text };
    } finally {
      if (!inSlab) this.slabs.release(used);
    }
  }

  /** Posts a message to every worker. */
  private tell(message: WorkerMessage): void {
    for (const slot of this.slots) slot.worker.postMessage(message);
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
    // the slabs made so far (those made later are announced to every worker)
    for (const slab of this.slabs.known()) worker.postMessage({ kind: 'slab', slab } satisfies WorkerMessage);
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
