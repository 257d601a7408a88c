import { parentPort } from 'node:worker_threads';
import { bodyText } from '../body';
import { ColumnarParser, type LineBatch } from './columnar';
import type { InSlab, ParseReply, WireBatch, WorkerMessage } from './parse-pool';
import { columnsStart } from './slabs';

/**
 * The parse pool's worker (parse-pool.ts): parses a body's bytes, read in place in its slab, column-major, and writes
 * the packed columns into the slab after the body (slabs.ts); should they not fit, they are transferred instead. A
 * body the fast path does not take comes back as text for the row-by-row path.
 */

const slabs = new Map<number, SharedArrayBuffer>();
/** this worker thread's parser state (a worker belongs to one pool, so to one engine) */
const parser = new ColumnarParser();

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

function parse(id: number, slab: SharedArrayBuffer, length: number, precision: string): { reply: ParseReply; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const body = new Uint8Array(slab, 0, length);
  const batch = parser.parse(body, precision);
  if (!batch) return { reply: { id, text: bodyText(body) }, transfer };
  return { reply: { id, batch: toWire(batch, slab, columnsStart(length) / 8, transfer) }, transfer };
}

parentPort!.on('message', (message: WorkerMessage) => {
  if (message.kind === 'slab') slabs.set(message.slab.id, message.slab.buffer);
  else if (message.kind === 'drop') slabs.delete(message.id);
  else {
    const { id } = message;
    try {
      const slab = slabs.get(message.slab);
      if (!slab) throw new Error(`unknown slab ${message.slab}`);
      const { reply, transfer } = parse(id, slab, message.length, message.precision);
      parentPort!.postMessage(reply, transfer);
    } catch (error) {
      parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies ParseReply);
    }
  }
});
