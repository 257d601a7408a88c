import fs from 'node:fs';
import path from 'node:path';
import { DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { fromDuckDb } from '../errors/duckdb';
import { registerGeometryFunctions } from './geometry-functions';
import { registerModeFunction } from './td-functions/mode-function';
import { registerMavgFunction } from './td-functions/mavg-function';
import type { Limits } from '../limits/limits';
import { Mutex } from './mutex';
import { dbAlias, dbFileName, quoteIdent, quoteString } from './names';
import { WriteBuffer } from './write-buffer/write-buffer';
import type { WalOptions } from './write-buffer/write-log';

export type Row = unknown[];

/** A pool of read connections; a long query holds one and never blocks writers or other readers. */
class ReadPool {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: ((c: DuckDBConnection) => void)[] = [];
  private created = 0;

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly max: number,
  ) {}

  private async acquire(): Promise<DuckDBConnection> {
    const c = this.idle.pop();
    if (c) return c;
    if (this.created < this.max) {
      this.created++;
      return this.instance.connect();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(c: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
  }

  async with<T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> {
    const c = await this.acquire();
    try {
      return await fn(c);
    } finally {
      this.release(c);
    }
  }

  close(): void {
    for (const c of this.idle) c.closeSync();
    this.idle.length = 0;
  }
}

/**
 * The write side of one attached database: its connection, the lock that serializes its writes and DDL, and the
 * write buffer of lone appends that DuckDB has not committed yet (write-buffer/write-buffer.ts). Whoever runs
 * anything on `conn` other than the buffer drains the buffer first, holding the lock.
 */
export interface DbWriter {
  conn: DuckDBConnection;
  lock: Mutex;
  buffer: WriteBuffer;
}

/** The write log of a database file (write-buffer/write-log.ts), beside DuckDB's own `.wal`. */
const WRITE_LOG_SUFFIX = '.wlog';

/**
 * The DuckDB side of the engine: one in-memory main instance, one attached file per TDengine database
 * (DIR/db/<name>.duckdb), a write connection + lock per database, and a pool of read connections. DuckDB's failures
 * leave `query`, `exec` and `transaction` as TdErrors (errors/duckdb.ts); `withReadConnection` callers map their own.
 */
export class Storage {
  private readonly writers = new Map<string, DbWriter>();
  private readonly reads: ReadPool;
  /** Each database's WAL_LEVEL and WAL_FSYNC_PERIOD (the engine gives the catalog's); TDengine's defaults without. */
  walOptions: ((db: string) => WalOptions | undefined) | undefined;
  /**
   * Writes the write log of a database again when a failed drain or append left it the only copy of buffered rows
   * (the TableWriter sets it); called holding the write lock, through `restoreHeld` only.
   */
  rewriteLostRows: ((db: string) => Promise<unknown>) | undefined;

  private constructor(
    readonly dataDir: string,
    private readonly instance: DuckDBInstance,
    private readonly admin: DuckDBConnection,
  ) {
    this.reads = new ReadPool(instance, 8);
  }

  static async open(dataDir: string, limits: Limits): Promise<Storage> {
    fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'tmp'), { recursive: true });
    const instance = await DuckDBInstance.create(':memory:', {
      temp_directory: path.join(dataDir, 'tmp'),
      // Extensions are never downloaded: the engine runs offline.
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const admin = await instance.connect();
    registerGeometryFunctions(admin);
    registerModeFunction(admin);
    registerMavgFunction(admin);
    const storage = new Storage(dataDir, instance, admin);
    await storage.applyLimits(limits);
    return storage;
  }

  async applyLimits(limits: Limits): Promise<void> {
    if (limits.threads !== undefined && limits.threads > 0) await this.admin.run(`SET GLOBAL threads = ${limits.threads}`);
    if (limits.memoryLimit) await this.admin.run(`SET GLOBAL memory_limit = ${quoteString(limits.memoryLimit)}`);
  }

  dbFile(db: string): string {
    return path.join(this.dataDir, 'db', dbFileName(db));
  }

  /** The write-ahead logs of `db`: DuckDB's and the engine's own (its write buffer's). */
  logFiles(db: string): string[] {
    return ['.wal', WRITE_LOG_SUFFIX].map((suffix) => this.dbFile(db) + suffix);
  }

  /** Attaches (creating if needed) the file of `db` and opens its write connection. */
  async attach(db: string): Promise<void> {
    if (this.writers.has(db)) return;
    await this.admin.run(`ATTACH ${quoteString(this.dbFile(db))} AS ${quoteIdent(dbAlias(db))}`);
    const conn = await this.instance.connect();
    const lock = new Mutex();
    const later = (buffer: WriteBuffer): void =>
      void lock.run(async () => buffer.tidy()).catch((error: unknown) => console.error(`write buffer of ${db}: drain failed`, error));
    const buffer = new WriteBuffer(db, conn, this.dbFile(db) + WRITE_LOG_SUFFIX, later, () => this.walOptions?.(db));
    this.writers.set(db, { conn, lock, buffer });
  }

  /** Detaches `db` and deletes its files (DROP DATABASE). */
  async dropFile(db: string): Promise<void> {
    const w = this.writers.get(db);
    if (w) {
      await w.lock.run(async () => {
        w.buffer.discard();
        w.conn.closeSync();
      });
      this.writers.delete(db);
      await this.admin.run(`DETACH ${quoteIdent(dbAlias(db))}`);
    }
    for (const file of [this.dbFile(db), ...this.logFiles(db)]) fs.rmSync(file, { force: true });
  }

  writer(db: string): DbWriter {
    const w = this.writers.get(db);
    if (!w) throw new Error(`database ${db} is not attached`);
    return w;
  }

  /** Runs `fn` holding the write lock of `db`, inside one transaction (rolled back on error). */
  async transaction<T>(db: string, fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.writer(db).lock.run(() => this.transactionHeld(db, fn));
  }

  /** Like `transaction`, for a caller that already holds the write lock of `db` (see `withWriteLocks`). */
  async transactionHeld<T>(db: string, fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const w = this.writer(db);
    await this.settleHeld(db);
    await w.conn.run('BEGIN TRANSACTION');
    try {
      const result = await fn(w.conn);
      await w.conn.run('COMMIT');
      return result;
    } catch (error) {
      await w.conn.run('ROLLBACK').catch(() => undefined);
      throw fromDuckDb(error, { stage: 'storage' });
    }
  }

  /**
   * Runs `fn` holding the write locks of several databases, taken in name order so that two statements touching the
   * same databases cannot deadlock. Inside, use `transactionHeld`.
   */
  async withWriteLocks<T>(dbs: string[], fn: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(dbs)].sort();
    const take = (i: number): Promise<T> => (i === sorted.length ? fn() : this.writer(sorted[i]).lock.run(() => take(i + 1)));
    return take(0);
  }

  /**
   * For the holder of the write lock of `db`: rows that a failed drain or append left only in the write log
   * (WriteBuffer.lost) are written again. The one place that mends a lost buffer: every statement on the database
   * passes here first (a write directly, anything else through `settleHeld`).
   */
  async restoreHeld(db: string): Promise<void> {
    if (this.writer(db).buffer.lost) await this.rewriteLostRows?.(db);
  }

  /**
   * For the holder of the write lock of `db` about to use the write connection: lost rows restored, then the write
   * buffer committed (see DbWriter).
   */
  async settleHeld(db: string): Promise<void> {
    await this.restoreHeld(db);
    try {
      this.writer(db).buffer.drain();
    } catch (error) {
      throw fromDuckDb(error, { stage: 'storage' });
    }
  }

  /** Runs `fn` on the write connection of `db` under its lock, the write buffer committed first. */
  async withWriteConnection<T>(db: string, fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const w = this.writer(db);
    return w.lock.run(async () => {
      await this.settleHeld(db);
      return fn(w.conn);
    });
  }

  /** Runs a statement on the write connection of `db` under its lock (DDL on physical tables). */
  async exec(db: string, sql: string): Promise<void> {
    await this.withWriteConnection(db, (conn) => conn.run(sql)).catch((error: unknown) => {
      throw fromDuckDb(error, { stage: 'storage', sql });
    });
  }

  /**
   * Commits every write buffer before a read, so that a query sees every answered write. A read inside a write
   * lock's hold (INSERT … SELECT) drains that database in place instead of waiting for the lock it holds.
   */
  private async settleReads(): Promise<void> {
    for (const [db, w] of this.writers) {
      if (w.buffer.pending === 0 && !w.buffer.lost) continue;
      if (w.lock.heldHere()) await this.settleHeld(db);
      else await w.lock.run(() => this.settleHeld(db));
    }
  }

  /** A query on a pooled read connection; rows as JS values (bigint for BIGINT, Uint8Array for BLOB ...). */
  async query(sql: string, params?: DuckDBValue[]): Promise<{ columns: string[]; rows: Row[] }> {
    await this.settleReads();
    return this.reads.with(async (c) => {
      const reader = await c.runAndReadAll(sql, params).catch((error: unknown) => {
        throw fromDuckDb(error, { stage: 'storage', sql });
      });
      const rows = reader.getRows().map((r) => r.map(plainValue));
      return { columns: reader.columnNames(), rows };
    });
  }

  /** A read connection for callers (the query layer) that need DuckDB's own API; released after `fn`. */
  async withReadConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    await this.settleReads();
    return this.reads.with(fn);
  }

  async checkpointDb(db: string): Promise<void> {
    await this.withWriteConnection(db, (conn) => conn.run(`CHECKPOINT ${quoteIdent(dbAlias(db))}`));
  }

  async checkpoint(): Promise<void> {
    for (const db of this.writers.keys()) await this.checkpointDb(db);
  }

  async close(): Promise<void> {
    await this.checkpoint().catch((e) => console.error('checkpoint failed', e));
    for (const w of this.writers.values()) {
      await w.lock.run(async () => {
        w.buffer.close();
        w.conn.closeSync();
      });
    }
    this.writers.clear();
    this.reads.close();
    this.admin.closeSync();
    this.instance.closeSync();
  }
}

/** DuckDB value objects → plain JS: blobs to Uint8Array, decimals to their string, others unchanged. */
export function plainValue(v: DuckDBValue): unknown {
  if (v === null || typeof v !== 'object') return v;
  if ('bytes' in v && v.bytes instanceof Uint8Array) return new Uint8Array(v.bytes);
  return v.toString();
}
