import { bodyText } from '../body';
import { ColumnarParser, type LineBatch } from './columnar';
import type { InSlab, WireBatch } from './parse-pool';
import { columnsStart } from './slabs';
import type { WorkerReply } from '../../workers/messages';

/**
 * The parse pool's work in a worker thread (workers/parse-worker.ts runs it): parses a body's bytes, read in place in
 * its slab, column-major, and writes the packed columns into the slab after the body (slabs.ts); should they not fit,
 * they are transferred instead. A body the fast path does not take comes back as text for the row-by-row path.
 */
export class LineWorker {
  private readonly slabs = new Map<number, SharedArrayBuffer>();
  /** this worker thread's parser state (a worker belongs to one pool, so to one engine) */
  private readonly parser = new ColumnarParser();

  know(id: number, buffer: SharedArrayBuffer): void {
    this.slabs.set(id, buffer);
  }

  forget(id: number): void {
    this.slabs.delete(id);
  }

  /** The first `length` bytes of a slab this worker was told of. */
  bytes(slabId: number, length: number): Uint8Array {
    const slab = this.slabs.get(slabId);
    if (!slab) throw new Error(`unknown slab ${slabId}`);
    return new Uint8Array(slab, 0, length);
  }

  parse(id: number, slabId: number, length: number, precision: string, transfer: ArrayBuffer[]): WorkerReply {
    const body = this.bytes(slabId, length);
    const slab = body.buffer as SharedArrayBuffer;
    const batch = this.parser.parse(body, precision);
    if (!batch) return { id, text: bodyText(body) };
    return { id, batch: toWire(batch, slab, columnsStart(length) / 8, transfer) };
  }
}

/** The batch with its packed columns moved into the slab from element `start` on, or transferred when they do not fit. */
function toWire(batch: LineBatch, slab: SharedArrayBuffer, start: number, transfer: ArrayBuffer[]): WireBatch {
  const room = new Float64Array(slab, start * 8);
  let at = 0;
  const place = <T>(col: T | Float64Array): T | Float64Array | InSlab => {
    if (!(col instanceof Float64Array)) return col;
    if (at + col.length > room.length) {
      transfer.push(col.buffer as ArrayBuffer);
      return col;
    }
    room.set(col, at);
    at += col.length;
    return { at: start + at - col.length, n: col.length };
  };
  // the pool puts the caller's view of the body back in (body is for the row-by-row path)
  return { ...batch, body: '', blocks: batch.blocks.map((b) => ({ ...b, values: b.values.map(place), ts: place(b.ts) })) };
}
