import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { dbAlias } from '../names';
import { SchemaChangedError, appendTypes, dataChunks, type DataTable, type TableRows } from '../table-writer';
import { WriteLog } from './write-log';

/**
 * Rows buffered before one drain: DuckDB's appender flushes (commits) by itself at 204,800 rows, and from about a
 * row group (122,880 rows) on a commit writes its row groups straight to the file. A flush of 200,000 rows costs
 * about 0.2 µs a row, one of 10,000 about 0.5 (docs/benchmarks.md).
 */
const DRAIN_ROWS = 200_000;
/** Buffered rows wait at most this long for a drain when nothing else (a read, a size, a schema change) asks. */
const DRAIN_AFTER_MS = 1000;

/**
 * The write buffer of one database (docs/engine-storage.md, "Write buffer"). A lone append — new rows of one
 * physical table — is written to the write log and synced, appended to the table's open DuckDB appender, and
 * answered; DuckDB commits the appenders' rows later, many statements at once, in a drain. Everything else that
 * touches the database's DuckDB tables drains first: readers (Storage.settleReads), other writes, DDL, checkpoints,
 * expiry. Rows in the buffer are therefore never seen missing, and the log brings them back after a crash.
 *
 * Only the holder of the database's write lock adds rows or drains (a drain from a timer takes the lock), and the
 * buffer is empty whenever the lock's holder runs anything else on the write connection, which it drains first.
 */
export class WriteBuffer {
  private readonly appenders = new Map<string, DuckDBAppender>();
  private rows = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly log: WriteLog;
  /**
   * A drain or an append failed after rows reached the log: the appenders were dropped and the log is the only copy
   * of those rows. The writer writes the log again (TableWriter.recover) before its next statement.
   */
  lost = false;

  constructor(
    private readonly db: string,
    private readonly conn: DuckDBConnection,
    logFile: string,
    private readonly drainLater: (buffer: WriteBuffer) => void,
  ) {
    this.log = new WriteLog(logFile);
  }

  /** Rows waiting for a drain. */
  get pending(): number {
    return this.rows;
  }

  get logFile(): string {
    return this.log.file;
  }

  /**
   * Buffers rows of one physical table: `record` (rows-codec.ts) is logged and synced, then the rows are appended
   * to the table's appender. On an error nothing of this statement stays anywhere.
   */
  async add(table: DataTable, parts: TableRows[], record: Uint8Array): Promise<void> {
    let appender = this.appenders.get(table.name);
    if (!appender) {
      appender = await this.conn.createAppender(table.name, 'main', dbAlias(this.db));
      if (appender.columnCount !== table.types.length + 1) {
        appender.closeSync();
        throw new SchemaChangedError();
      }
      this.appenders.set(table.name, appender);
    }
    // every chunk is filled before any is appended: a value that does not convert leaves the appender untouched
    const chunks = [...dataChunks(appendTypes(table), parts)];
    const start = this.log.append(record);
    try {
      for (const chunk of chunks) appender.appendDataChunk(chunk);
    } catch (error) {
      this.log.truncate(start);
      this.dropAppenders();
      throw error;
    }
    for (const part of parts) this.rows += part.ts.length;
    if (this.rows >= DRAIN_ROWS) this.drain();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.drainLater(this), DRAIN_AFTER_MS);
      this.timer.unref();
    }
  }

  /**
   * Commits every buffered row in DuckDB (one appender flush per table) and empties the log. If a flush fails, the
   * rows stay in the log, `lost` is set, and the error is thrown.
   */
  drain(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.appenders.size === 0) return;
    try {
      for (const appender of this.appenders.values()) appender.flushSync();
    } catch (error) {
      this.dropAppenders();
      throw error;
    }
    for (const appender of this.appenders.values()) appender.closeSync();
    this.appenders.clear();
    this.rows = 0;
    this.log.truncate(0);
  }

  /** Forgets the buffered rows and deletes the log (the database is dropped). */
  discard(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.dropAppenders();
    this.lost = false;
    this.log.remove();
  }

  /** The log emptied by TableWriter.recover once its rows are committed. */
  logWritten(): void {
    this.log.truncate(0);
    this.lost = false;
  }

  close(): void {
    this.log.close();
  }

  /** Closes the appenders without committing their rows (closing flushes, so they are cleared first). */
  private dropAppenders(): void {
    for (const appender of this.appenders.values()) {
      appender.clear();
      appender.closeSync();
    }
    this.appenders.clear();
    if (this.rows > 0 || this.log.length > 0) this.lost = this.log.length > 0;
    this.rows = 0;
  }
}
