import type { DataTable, TableRows } from './table-writer';

/**
 * Change notifications of the storage layer, for topics (src/topics: the change log consumers read) and streams
 * (src/streams: incremental upkeep). See docs/engine-tmq.md, "Write events".
 *
 * - Emitted synchronously, after the data is committed, while the database's write lock is still held: listeners
 *   see the events of one database in commit order, and never an event of a rolled-back statement.
 * - A listener must be quick and must not write to the engine from inside the call (the lock is held); copy what
 *   it needs and do the work later (queueMicrotask / a timer). Errors it throws are logged and swallowed: a
 *   listener can never fail a write.
 * - When nobody listens the writer skips building events entirely (`active` is one boolean check per write).
 */

/** Rows one statement wrote into one physical data table. */
export interface WrittenData {
  /** physical table: `stb_S_data` (super table id S) or `ntb_T_data` (normal table tid T); ts column; DuckDB types */
  table: DataTable;
  /** the super table's id when `table` is a super table's data table, else undefined (normal table) */
  stableId?: number;
  /**
   * The stored rows per table id, column-major, sorted by ts ascending with in-statement duplicates removed (what
   * the table holds now; rows that replaced an older row with the same ts are included). `ts` is in the database
   * precision; `columns[c]` follows the data columns after the timestamp (DuckDB values, or packed numbers).
   * Shared with the writer: read only.
   */
  /** timestamps may be packed (TableRows): read them with timestampAt where a bigint is needed */
  tables: TableRows[];
}

export interface RowsWrittenEvent {
  kind: 'rows';
  db: string;
  data: WrittenData[];
  /** child tables created by the statement (auto-create): table id → name, with their super table id */
  createdChildren: { tid: number; name: string; stableId: number }[];
}

/** Rows deleted by DELETE or KEEP expiry (physical table; tids undefined = every table of it). */
export interface RowsDeletedEvent {
  kind: 'delete';
  db: string;
  table: string;
  stableId?: number;
  tids?: number[];
  /** inclusive range in the database precision */
  fromTs: bigint;
  toTs: bigint;
  reason: 'delete' | 'expired';
}

/** A schema statement that succeeded (CREATE/ALTER/DROP of databases, tables, super tables). */
export interface SchemaChangedEvent {
  kind: 'schema';
  /** database the statement changed, when it names one */
  db?: string;
  /** the statement's AST kind, e.g. `createStable`, `dropTable` */
  statement: string;
  sql: string;
}

export type WriteEvent = RowsWrittenEvent | RowsDeletedEvent | SchemaChangedEvent;
export type WriteListener = (event: WriteEvent) => void;

export class WriteEvents {
  private listeners: WriteListener[] = [];

  /** Whether anybody listens (writers check this before building an event). */
  get active(): boolean {
    return this.listeners.length > 0;
  }

  /** Adds a listener; returns the function that removes it. */
  on(listener: WriteListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  emit(event: WriteEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('write event listener failed', error);
      }
    }
  }
}
