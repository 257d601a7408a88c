import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Each record: u32 length, u32 CRC-32 of the payload, the payload. */
const FRAME_HEADER = 8;

/**
 * The engine's write-ahead log of one database (`DIR/db/<file>.wlog`): the writes the write buffer holds that
 * DuckDB has not committed yet. A record is written and synced to disk before its statement is answered; the log
 * is emptied once the buffer's rows are committed in DuckDB. A run that ends without that (a crash, kill -9) leaves
 * the records, which the next start writes again (TableWriter.recover). A record cut short by the crash (its length
 * or CRC does not match) ends the log: its statement was never answered.
 */
export class WriteLog {
  private fd: number | undefined;
  private size = 0;

  constructor(readonly file: string) {}

  /** Bytes in the log (0 when it holds nothing). */
  get length(): number {
    return this.size;
  }

  /** Appends one record and syncs it; returns where it starts (for `truncate` if the write must be undone). */
  append(payload: Uint8Array): number {
    const fd = this.open();
    const header = Buffer.allocUnsafe(FRAME_HEADER);
    header.writeUInt32LE(payload.length, 0);
    header.writeUInt32LE(zlib.crc32(payload), 4);
    const start = this.size;
    try {
      const written = fs.writevSync(fd, [header, payload], start);
      if (written !== FRAME_HEADER + payload.length) throw new Error(`short write to ${this.file}`);
      fs.fdatasyncSync(fd);
    } catch (error) {
      this.truncate(start);
      throw error;
    }
    this.size = start + FRAME_HEADER + payload.length;
    return start;
  }

  /** Cuts the log back to `length` bytes (0: empty) and syncs it. */
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
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): number {
    if (this.fd === undefined) {
      const existed = fs.existsSync(this.file);
      this.fd = fs.openSync(this.file, fs.constants.O_RDWR | fs.constants.O_CREAT);
      this.size = fs.fstatSync(this.fd).size;
      // a new file's name must reach the disk too, or a crash could lose the whole log
      if (!existed) syncDirectory(path.dirname(this.file));
    }
    return this.fd;
  }

  /** The whole records a previous run left in `file`, in order, up to the first torn one; [] when there is none. */
  static read(file: string): Uint8Array[] {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch {
      return [];
    }
    const records: Uint8Array[] = [];
    let at = 0;
    while (at + FRAME_HEADER <= bytes.length) {
      const length = bytes.readUInt32LE(at);
      const end = at + FRAME_HEADER + length;
      if (end > bytes.length) break;
      const payload = bytes.subarray(at + FRAME_HEADER, end);
      if (zlib.crc32(payload) !== bytes.readUInt32LE(at + 4)) break;
      records.push(payload);
      at = end;
    }
    return records;
  }
}

function syncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
