import { parentPort } from 'node:worker_threads';
import { LineWorker } from '../schemaless/line-protocol/parse-worker';
import { parseInsertForWire, restBodyText } from './insert-parser';
import type { WorkerReply, WorkerRequest } from './messages';

/**
 * A parse worker of the engine (worker-pool.ts): line-protocol bodies (schemaless/line-protocol/parse-worker.ts) and
 * large INSERT statements, given as text or as a REST body in a slab (insert-parser.ts), parsed here while the engine's thread writes into DuckDB.
 */
const lines = new LineWorker();

function answer(message: Extract<WorkerRequest, { id: number }>, transfer: ArrayBuffer[]): WorkerReply {
  if (message.kind === 'lines') return lines.parse(message.id, message.slab, message.length, message.precision, transfer);
  const insert =
    message.kind === 'insert' ? parseInsertForWire(message.sql, transfer) : parseInsertForWire(restBodyText(lines.bytes(message.slab, message.length)), transfer, true);
  return insert ? { id: message.id, insert } : { id: message.id, declined: true };
}

parentPort!.on('message', (message: WorkerRequest) => {
  if (message.kind === 'slab') return lines.know(message.slab.id, message.slab.buffer);
  if (message.kind === 'drop') return lines.forget(message.slab);
  const transfer: ArrayBuffer[] = [];
  let reply: WorkerReply;
  try {
    reply = answer(message, transfer);
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
    transfer.length = 0;
  }
  parentPort!.postMessage(reply, transfer);
});
