import { parentPort } from 'node:worker_threads';
import { bodyText } from '../body';
import { parseColumnar } from './columnar';
import type { ParseReply, ParseRequest } from './parse-pool';

/**
 * The parse pool's worker (parse-pool.ts): decodes a body and parses it column-major. The packed columns' buffers
 * are transferred back, not copied; a body the fast path does not take comes back as text for the row-by-row path.
 */
parentPort!.on('message', ({ id, body, precision }: ParseRequest) => {
  let reply: ParseReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const text = bodyText(body);
    const batch = parseColumnar(text, precision);
    if (batch) {
      batch.body = body;
      transfer = [body.buffer as ArrayBuffer];
      for (const block of batch.blocks) {
        for (const col of [...block.values, block.ts]) if (col instanceof Float64Array) transfer.push(col.buffer as ArrayBuffer);
      }
      reply = { id, batch };
    } else reply = { id, text };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply, transfer);
});
