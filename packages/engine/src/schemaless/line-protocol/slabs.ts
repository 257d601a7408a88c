/**
 * Slabs: shared buffers that carry large line-protocol bodies to the parse workers and their parsed columns back
 * (docs/engine-schemaless.md, "Parse workers"). A request's body is read into a slab as it arrives; the worker parses
 * it in place and writes the packed columns of its parse after it, and the main thread reads them there through
 * views. Each slab is posted to the workers once and named by its number afterwards: a buffer in every message (or
 * a fresh one for every body and column) is an array buffer coming and going per request, which V8 counts as
 * external memory and answers with full garbage collections.
 */

export interface Slab {
  id: number;
  buffer: SharedArrayBuffer;
}

/**
 * Bytes a slab needs for a body of `n` bytes and its parse: every packed value (8 bytes) is written with at least a
 * key byte, `=`, a digit and a separator — 2 bytes of the body or more even counting the timestamp's space and digit —
 * so the columns take at most 4 bytes per body byte; the body's end is rounded up to the columns' 8-byte alignment.
 */
export const slabBytes = (n: number): number => 5 * n + 16;

/** The largest body a slab of `bytes` holds (slabBytes' inverse). */
export const bodyRoom = (bytes: number): number => Math.floor((bytes - 16) / 5);

/** Where a parse's columns start in a slab: after the body, 8-byte aligned. */
export const columnsStart = (bodyBytes: number): number => Math.ceil(bodyBytes / 8) * 8;

/** Slabs kept for reuse; more would only be memory that no request in flight needs. */
const MAX_FREE = 8;
/** The smallest slab made (a body of ~64 KB). */
const MIN_SLAB = 512 * 1024;

export class SlabPool {
  private nextId = 0;
  private free: Slab[] = [];
  /** every slab not dropped, leased or free */
  private readonly live = new Map<number, Slab>();

  /** `announce`: tells the workers of a new slab; `drop`: of one no longer used. */
  constructor(
    private readonly announce: (slab: Slab) => void,
    private readonly drop: (slab: Slab) => void,
  ) {}

  /** A slab for a body of up to `bodyBytes` bytes, not used by any other request until released. */
  lease(bodyBytes: number): Slab {
    const need = slabBytes(bodyBytes);
    const at = this.free.findIndex((s) => s.buffer.byteLength >= need);
    if (at >= 0) return this.free.splice(at, 1)[0];
    const slab = { id: this.nextId++, buffer: new SharedArrayBuffer(Math.max(MIN_SLAB, 2 ** Math.ceil(Math.log2(need)))) };
    this.live.set(slab.id, slab);
    this.announce(slab);
    return slab;
  }

  release(slab: Slab): void {
    this.free.push(slab);
    if (this.free.length > MAX_FREE) {
      // the smallest goes: bodies are mostly alike, and a large one fits the small ones too
      this.free.sort((a, b) => b.buffer.byteLength - a.buffer.byteLength);
      const dropped = this.free.pop()!;
      this.live.delete(dropped.id);
      this.drop(dropped);
    }
  }

  /** Every slab not dropped (a worker started later is told of them). */
  known(): Slab[] {
    return [...this.live.values()];
  }
}

/** A request body read into a slab chunk by chunk (the slab is swapped for a larger one when it runs out). */
export class SlabBody {
  private slab: Slab;
  private length = 0;

  /** `expected`: the Content-Length, when the request gave one. */
  constructor(
    private readonly pool: SlabPool,
    expected: number,
  ) {
    this.slab = pool.lease(expected);
  }

  push(chunk: Uint8Array): void {
    const end = this.length + chunk.byteLength;
    if (end > bodyRoom(this.slab.buffer.byteLength)) {
      const bigger = this.pool.lease(Math.max(end, 2 * this.length));
      new Uint8Array(bigger.buffer).set(new Uint8Array(this.slab.buffer, 0, this.length));
      this.pool.release(this.slab);
      this.slab = bigger;
    }
    new Uint8Array(this.slab.buffer, this.length, chunk.byteLength).set(chunk);
    this.length = end;
  }

  /** The body read so far and the slab it is in (valid until release). */
  get bytes(): Uint8Array {
    return new Uint8Array(this.slab.buffer, 0, this.length);
  }

  get current(): Slab {
    return this.slab;
  }

  release(): void {
    this.pool.release(this.slab);
  }
}
