import type { StoredColumn } from '../../storage/table-writer';
import { bodyText } from '../body';
import { ColumnarParser, type LineBatch, type SeriesBlock } from './columnar';
import { SlabBody, SlabPool, type Slab } from './slabs';
import { DEFAULT_WORKERS, WorkerPool } from '../../workers/worker-pool';

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

/** A packed column the worker wrote into the request's slab: `n` doubles from element `at`. */
export interface InSlab {
  at: number;
  n: number;
}

/** The batch as the worker sends it: packed columns are in the slab (or, when it lacked room, transferred). */
export type WireBatch = Omit<LineBatch, 'blocks'> & {
  blocks: (Omit<SeriesBlock, 'values' | 'ts'> & { values: (StoredColumn | InSlab)[]; ts: SeriesBlock['ts'] | InSlab })[];
};

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

export class ParsePool {
  /** the worker threads, shared with the SQL INSERT parser (workers/insert-parser.ts) */
  readonly workers: WorkerPool;
  /** parses on this thread (small bodies, no worker) use the pool's own parser state */
  private readonly here = new ColumnarParser();
  /** request bodies and parse results travel in these (slabs.ts) */
  readonly slabs = new SlabPool(
    (slab) => this.workers.broadcast({ kind: 'slab', slab }),
    (slab) => this.workers.broadcast({ kind: 'drop', slab: slab.id }),
  );

  /** `size`: workers to start (lazily, on the first large body); 0 parses everything in place. */
  constructor(size = DEFAULT_WORKERS) {
    // a worker started later is told of the slabs made so far
    this.workers = new WorkerPool(size, () => this.slabs.known().map((slab) => ({ kind: 'slab', slab })));
  }

  /** A body to read a request into: in a slab when it is expected to be large enough for a worker. */
  receive(expected: number): SlabBody | undefined {
    return this.workers.available && expected >= WORKER_MIN_BYTES && expected <= WORKER_MAX_BYTES ? new SlabBody(this.slabs, expected) : undefined;
  }

  /**
   * Decodes and parses a line-protocol body (the caller has checked the precision). `slab`: the slab the body was
   * read into (SlabBody); the batch's packed columns are then views of it, valid until the caller releases it.
   * Without one the body is copied into a slab of the pool's, and the columns out of it.
   */
  async parse(body: Uint8Array, precision: string, slab?: Slab): Promise<Parsed> {
    const large = body.byteLength >= WORKER_MIN_BYTES && body.byteLength <= WORKER_MAX_BYTES;
    if (!large || !this.workers.available) return parseHere(this.here, body, precision);
    const inSlab = slab !== undefined && body.buffer === slab.buffer && body.byteOffset === 0;
    const used = inSlab ? slab : this.slabs.lease(body.byteLength);
    try {
      if (!inSlab) new Uint8Array(used.buffer, 0, body.byteLength).set(body);
      const reply = await this.workers.request({ kind: 'lines', slab: used.id, length: body.byteLength, precision });
      // a worker that failed (not a refused body: those come back as text) leaves the parse to this thread
      if (!reply || !('batch' in reply || 'text' in reply)) return parseHere(this.here, body, precision);
      return 'batch' in reply ? { batch: fromWire(reply.batch, body, used.buffer, !inSlab) } : { text: reply.text };
    } finally {
      if (!inSlab) this.slabs.release(used);
    }
  }

  close(): Promise<void> {
    return this.workers.close();
  }
}
