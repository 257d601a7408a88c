import type { WireBatch } from '../schemaless/line-protocol/parse-pool';
import type { Slab } from '../schemaless/line-protocol/slabs';
import type { WireInsert } from './insert-wire';

/**
 * What the engine's thread and its parse workers (parse-worker.ts) say to each other. Requests carry an id that the
 * reply repeats (worker-pool.ts).
 */
export type WorkerRequest =
  /** a slab to know (line protocol: bodies are read into shared slabs, schemaless/line-protocol/slabs.ts) */
  | { kind: 'slab'; slab: Slab }
  /** a slab to forget */
  | { kind: 'drop'; slab: number }
  /** a line-protocol body in a slab to parse column-major */
  | { kind: 'lines'; id: number; slab: number; length: number; precision: string }
  /** a large SQL statement to parse, taken when it is an INSERT (insert-parser.ts) */
  | { kind: 'insert'; id: number; sql: string }
  /** a large REST body in a slab to decode and parse, taken when it is an INSERT of VALUES (insert-parser.ts) */
  | { kind: 'insert-body'; id: number; slab: number; length: number };

export type WorkerReply = { id: number } & (
  /** lines: the column-major batch */
  | { batch: WireBatch }
  /** lines: the decoded body, for the row-by-row path (the fast path did not take it) */
  | { text: string }
  /** insert: the parsed statement */
  | { insert: WireInsert }
  /** insert: not an INSERT, or not parsed (the engine's thread parses it and reports any error itself) */
  | { declined: true }
  /** the worker failed (the caller does the work on its own thread) */
  | { error: string }
);
