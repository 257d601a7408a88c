import { bodyText } from '../schemaless/body';
import type { Slab } from '../schemaless/line-protocol/slabs';
import type { InsertStatement } from '../sql/ast';
import { parse } from '../sql/parser';
import { insertFromWire, insertToWire, type WireInsert } from './insert-wire';
import type { WorkerPool } from './worker-pool';

/**
 * Statements at least this long (in UTF-16 units, or bytes of a REST body) are offered to a parse worker: below it the
 * copy to the worker and back costs more than the parse saves (the line protocol's threshold,
 * schemaless/line-protocol/parse-pool.ts).
 */
export const OFF_THREAD_MIN_LENGTH = 64 * 1024;

/** `INSERT` as the first word (blanks allowed before it; a comment first leaves the statement to this thread). */
const STARTS_WITH_INSERT = /^\s*insert\s/i;

/** A REST body's statement as POST /rest/sql reads it (server/rest-sql.ts): the decoded body, trimmed. */
export const restBodyText = (body: Uint8Array): string => bodyText(body).trim();

/**
 * Large INSERT statements parsed in the engine's parse workers, so that the engine's thread — which appends rows into
 * DuckDB with a synchronous flush — overlaps that with the parse of the next request on the other core, as the line
 * protocol does (docs/benchmarks.md). Anything else, and any statement the worker does not take (a syntax error
 * included: this thread parses it again and reports the error as always), is parsed here.
 */
export class InsertParser {
  constructor(private readonly workers: WorkerPool) {}

  /** The statement parsed off this thread, or undefined when it is to be parsed here. */
  async parse(sql: string): Promise<InsertStatement | undefined> {
    if (sql.length < OFF_THREAD_MIN_LENGTH || !STARTS_WITH_INSERT.test(sql)) return undefined;
    const reply = await this.workers.request({ kind: 'insert', sql });
    return reply && 'insert' in reply ? insertFromWire(reply.insert) : undefined;
  }

  /**
   * A REST body read into `slab` (never decoded on this thread: a large string per request is what drove V8's full
   * collections on the line-protocol path, docs/engine-schemaless.md), decoded and parsed in a worker when it is an
   * INSERT of VALUES; undefined otherwise, and the caller decodes it. The statement's text is `restBodyText(body)`.
   */
  async parseBody(body: Uint8Array, slab: Slab): Promise<InsertStatement | undefined> {
    if (body.byteLength < OFF_THREAD_MIN_LENGTH || body.buffer !== slab.buffer || body.byteOffset !== 0) return undefined;
    const reply = await this.workers.request({ kind: 'insert-body', slab: slab.id, length: body.byteLength });
    return reply && 'insert' in reply ? insertFromWire(reply.insert) : undefined;
  }
}

/**
 * The worker's side: the statement for the wire, or undefined when it is not an INSERT or does not parse.
 * `valuesOnly`: only an INSERT whose every target has VALUES (no INSERT … SELECT, no FILE), whose execution needs its
 * text for nothing but error messages (a REST body's text is decoded on the engine's thread only then).
 */
export function parseInsertForWire(sql: string, transfer: ArrayBuffer[], valuesOnly = false): WireInsert | undefined {
  if (!STARTS_WITH_INSERT.test(sql)) return undefined;
  let statement;
  try {
    statement = parse(sql);
  } catch {
    return undefined;
  }
  if (statement.kind !== 'insert') return undefined;
  if (valuesOnly && !statement.targets.every((t) => t.source.type === 'values')) return undefined;
  return insertToWire(statement, transfer);
}
