import type { WorkerPool } from './worker-pool';
import type { InsertStatement } from '../sql/ast';
import { parse } from '../sql/parser';
import { insertFromWire, insertToWire, type WireInsert } from './insert-wire';

/**
 * Statements at least this long (in UTF-16 units) are offered to a parse worker: below it the copy to the worker and
 * back costs more than the parse saves (the line protocol's threshold, schemaless/line-protocol/parse-pool.ts).
 */
export const OFF_THREAD_MIN_LENGTH = 64 * 1024;

/** `INSERT` as the first word (blanks allowed before it; a comment first leaves the statement to this thread). */
const STARTS_WITH_INSERT = /^\s*insert\s/i;

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
}

/** The worker's side: the statement for the wire, or undefined when it is not an INSERT or does not parse. */
export function parseInsertForWire(sql: string, transfer: ArrayBuffer[]): WireInsert | undefined {
  let statement;
  try {
    statement = parse(sql);
  } catch {
    return undefined;
  }
  return statement.kind === 'insert' ? insertToWire(statement, transfer) : undefined;
}
