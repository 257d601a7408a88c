import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { dbAlias } from '../names';
import { SchemaChangedError, appendTypes, dataChunks, type DataTable, type TableRows } from '../table-writer';
import { WriteLog, type WalOptions } from './write-log';

/**
 * Rows buffered before one drain: DuckDB's appender flushes (commits) by itself at 204,800 rows, and from about a
 * row group (122,880 rows) on a commit writes its row groups straight to the file. A flush of 200,000 rows costs
 * about 0.2 µs a row, one of 10,000 about 0.5 (docs/benchmarks.md).
 */
const DRAIN_ROWS = 200_000;
/**
 * Buffered rows wait at most this long for a drain when nothing else (a read, a size, a schema change) asks; as long
 * after a drain, the log's file is cut to nothing if no write came (tidy).
 */
const DRAIN_AFTER_MS = 1000;
/** A database without options of its own (storage tests): TDengine's defaults. */
const DEFAULT_WAL: WalOptions = { walLevel: 1, walFsyncPeriod: 3000 };

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
    private readonly later: (buffer: WriteBuffer) => void,
    private readonly walOptions: () => WalOptions | undefined = () => undefined,
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
   * Buffers rows of one physical table: `record` (rows-codec.ts) is logged, the rows are appended to the table's
   * appender, and the log is synced as the database's WAL_LEVEL asks before this resolves. On an error before the
   * sync nothing of this statement stays anywhere; a failed sync (a disk error) fails the statement, whose rows
   * may then still be stored.
   */
  async add(table: DataTable, parts: TableRows[], record: readonly Uint8Array[]): Promise<void> {
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
    // the record is written on the thread pool while the rows are appended here
    const { start, written } = this.log.append(record);
    try {
      for (const chunk of chunks) appender.appendDataChunk(chunk);
      await written;
    } catch (error) {
      await written.catch(() => undefined);
      this.log.truncate(start);
      this.dropAppenders();
      throw error;
    }
    for (const part of parts) this.rows += part.ts.length;
    if (this.rows >= DRAIN_ROWS) this.drain();
    else this.schedule();
    await this.log.sync(this.walOptions() ?? DEFAULT_WAL);
  }

  /** The timer's work, under the write lock: drains, or cuts the log's file when nothing was written since the last drain. */
  tidy(): void {
    this.timer = undefined;
    const idle = this.rows === 0;
    this.drain();
    // while writes go on, their drains only start the log over; the file's stale bytes are cut once they stop
    if (idle && this.log.length === 0) this.log.truncate(0);
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.later(this), DRAIN_AFTER_MS);
    this.timer.unref();
  }

  /**
   * Commits every buffered row in DuckDB (one appender flush per table) and starts the log over. If a flush fails,
   * the rows stay in the log, `lost` is set, and the error is thrown.
   */
  drain(): void {
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
    this.log.restart();
    this.schedule();
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

  /** Stops the timer and closes the log; a drained buffer (a checkpoint ran) leaves an empty file. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.appenders.size === 0 && !this.lost) this.log.truncate(0);
    this.log.close();
  }

  /** Closes the appenders without committing their rows (closing flushes, so they are cleared first). */
  private dropAppenders(): void {
    for (const appender of this.appenders.values()) {
      appender.clear();
      appender.closeSync();
    }
    this.appenders.clear();
    this.lost = this.log.length > 0;
    this.rows = 0;
  }
}
