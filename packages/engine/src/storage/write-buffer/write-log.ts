import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Each record: u32 length, u32 epoch, u32 CRC-32 of the payload started from the epoch, the payload. */
const FRAME_HEADER = 12;

/**
 * How a database wants its log synced: TDengine's WAL_LEVEL (1: written to the OS, which a crash of the process
 * does not lose; 2: also synced to disk) and WAL_FSYNC_PERIOD (at level 2, ms between syncs; 0: before answering).
 */
export interface WalOptions {
  walLevel: number;
  walFsyncPeriod: number;
}

/**
 * The engine's write-ahead log of one database (`DIR/db/<file>.wlog`): the writes the write buffer holds that
 * DuckDB has not committed yet. A record is written (and synced, as WalOptions ask) before its statement is
 * answered. Once DuckDB has committed the buffer, the log starts over from its beginning under a new epoch
 * (`restart`): no system call on the write path; recovery reads records of the first record's epoch only, so the
 * older bytes behind them are never read again. A run that ends before DuckDB commits leaves the records, which
 * the next start writes again (TableWriter.recover); a record cut short by a crash (its length or CRC does not
 * match) ends the log, since its statement was never answered.
 */
export class WriteLog {
  private fd: number | undefined;
  private size = 0;
  private epoch = randomInt(2 ** 32);
  private syncTimer: NodeJS.Timeout | undefined;

  constructor(readonly file: string) {}

  /** Bytes of this epoch's records (0 when the log holds nothing). */
  get length(): number {
    return this.size;
  }

  /**
   * Appends one record; `written` resolves once the OS has it (written on the thread pool: copying a request's
   * rows into the page cache took a tenth of the engine thread's time). `start` is where it begins, for `truncate`
   * if the write must be undone. On a failed write the log is cut back to `start`.
   */
  append(payload: Uint8Array | readonly Uint8Array[]): { start: number; written: Promise<void> } {
    const fd = this.open();
    // a payload in pieces is written as they are, with no copy into one buffer (rows-codec.ts)
    const pieces = payload instanceof Uint8Array ? [payload] : payload;
    const payloadLength = pieces.reduce((sum, p) => sum + p.byteLength, 0);
    const header = Buffer.allocUnsafe(FRAME_HEADER);
    header.writeUInt32LE(payloadLength, 0);
    header.writeUInt32LE(this.epoch, 4);
    header.writeUInt32LE(
      pieces.reduce((crc, p) => zlib.crc32(p, crc), this.epoch),
      8,
    );
    const start = this.size;
    const length = FRAME_HEADER + payloadLength;
    this.size = start + length;
    const written = new Promise<void>((resolve, reject) =>
      fs.writev(fd, [header, ...pieces], start, (error, bytes) => {
        if (!error && bytes === length) return resolve();
        try {
          this.truncate(start);
        } catch (cut) {
          console.error(`write log ${this.file}: cannot cut a failed write`, cut);
        }
        reject(error ?? new Error(`short write to ${this.file}`));
      }),
    );
    return { start, written };
  }

  /**
   * Makes the records written so far durable as `options` ask: resolves once they are on disk (level 2, period 0:
   * synced on the thread pool, so the engine's thread goes on), or at once (level 1; level 2 with a period, which
   * syncs at most that long after a write).
   */
  async sync(options: WalOptions): Promise<void> {
    if (options.walLevel < 2 || this.fd === undefined) return;
    if (options.walFsyncPeriod > 0) {
      this.syncTimer ??= setTimeout(() => {
        this.syncTimer = undefined;
        if (this.fd !== undefined) fs.fdatasync(this.fd, (error) => error && console.error(`write log ${this.file}: sync failed`, error));
      }, options.walFsyncPeriod).unref();
      return;
    }
    const fd = this.fd;
    await new Promise<void>((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())));
  }

  /** Starts the log over after DuckDB committed what it held: a new epoch from the beginning, the old bytes left. */
  restart(): void {
    this.epoch = (this.epoch + 1) >>> 0;
    this.size = 0;
  }

  /** Cuts the log's file back to `length` bytes (0: empty) and syncs it. */
  truncate(length = 0): void {
    if (this.fd === undefined && length === 0 && !fs.existsSync(this.file)) return;
    const fd = this.open();
    fs.ftruncateSync(fd, length);
    fs.fdatasyncSync(fd);
    this.size = length;
  }

  /** Closes the file and deletes it (the database is dropped). */
  remove(): void {
    this.close();
    fs.rmSync(this.file, { force: true });
  }

  close(): void {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = undefined;
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): number {
    if (this.fd === undefined) {
      const existed = fs.existsSync(this.file);
      this.fd = fs.openSync(this.file, fs.constants.O_RDWR | fs.constants.O_CREAT);
      // a new file's name must reach the disk too, or a crash could lose the whole log
      if (!existed) syncDirectory(path.dirname(this.file));
      // records a previous run left stay until recovery has written them and cut the file; a record written before
      // that goes after them, in their epoch (a torn one behind them is overwritten)
      const left = scan(fs.readFileSync(this.file));
      if (left.records.length > 0) this.epoch = left.epoch;
      this.size = left.end;
    }
    return this.fd;
  }

  /** The whole records a previous run left in `file`, in order: those of the first record's epoch, up to a torn one. */
  static read(file: string): Uint8Array[] {
    try {
      return scan(fs.readFileSync(file)).records;
    } catch {
      return [];
    }
  }
}

/** The valid records at the start of a log's bytes, their epoch, and where they end. */
function scan(bytes: Buffer): { records: Uint8Array[]; epoch: number; end: number } {
  const records: Uint8Array[] = [];
  const epoch = bytes.length >= FRAME_HEADER ? bytes.readUInt32LE(4) : 0;
  let at = 0;
  while (at + FRAME_HEADER <= bytes.length) {
    const length = bytes.readUInt32LE(at);
    const end = at + FRAME_HEADER + length;
    if (end > bytes.length || bytes.readUInt32LE(at + 4) !== epoch) break;
    const payload = bytes.subarray(at + FRAME_HEADER, end);
    if (zlib.crc32(payload, epoch) !== bytes.readUInt32LE(at + 8)) break;
    records.push(payload);
    at = end;
  }
  return { records, epoch, end: at };
}

function syncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
