import { parentPort } from 'node:worker_threads';
import { bodyText } from '../body';
import { parseColumnar } from './columnar';
import type { ParseReply, ParseRequest } from './parse-pool';

/**
 * The parse pool's worker (parse-pool.ts): parses a body's bytes column-major. The packed columns' buffers
 * are transferred back, not copied; a body the fast path does not take comes back as text for the row-by-row path.
 */
parentPort!.on('message', ({ id, shared, length, precision }: ParseRequest) => {
  let reply: ParseReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const body = new Uint8Array(shared, 0, length);
    const batch = parseColumnar(body, precision);
    if (batch) {
      // the pool puts its own copy of the bytes back in (body is for the row-by-row path)
      batch.body = '';
      for (const block of batch.blocks) {
        for (const col of [...block.values, block.ts]) if (col instanceof Float64Array) transfer.push(col.buffer as ArrayBuffer);
      }
      reply = { id, batch };
    } else reply = { id, text: bodyText(body) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply, transfer);
});
