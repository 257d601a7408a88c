import fs from 'node:fs';
import path from 'node:path';
import type { LogRecord, NewLogRecord } from './model';

/** A segment is closed and a new one started past this many bytes (or a quarter of WAL_RETENTION_SIZE). */
const SEGMENT_BYTES = 8 * 1024 * 1024;

interface Segment {
  first: number;
  file: string;
  bytes: number;
  /** wall clock of its newest record */
  lastAt: number;
}

export interface Retention {
  /** seconds; -1 = forever; 0 = nothing kept */
  periodSec: number;
  /** KB; -1 or 0 = no cap */
  sizeKb: number;
}

/**
 * The change log of one vgroup of one database: records with offsets 0, 1, 2 ... in commit order, kept in memory
 * and appended to segment files `DIR/<first offset>.jsonl` (one JSON record per line). Trimming drops whole
 * segments (as a WAL does), never the one being written; a fresh segment named by the next offset is started when
 * the current one has expired, so the next offset survives restarts even when every record has expired.
 */
export class VgroupLog {
  private records: LogRecord[] = [];
  private segments: Segment[] = [];
  private fd: number | undefined;
  private next = 0;

  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d+\.jsonl$/.test(f))
      .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
    for (const f of files) {
      const file = path.join(dir, f);
      const first = Number.parseInt(f, 10);
      const text = fs.readFileSync(file, 'utf8');
      let lastAt = 0;
      this.next = Math.max(this.next, first);
      for (const line of text.split('\n')) {
        if (!line) continue;
        let record: LogRecord;
        try {
          record = JSON.parse(line) as LogRecord;
        } catch {
          break; // a torn last line after a crash: the record was never acknowledged to a consumer
        }
        this.records.push(record);
        lastAt = record.at;
        this.next = Math.max(this.next, record.offset + 1);
      }
      this.segments.push({ first, file, bytes: Buffer.byteLength(text), lastAt });
    }
  }

  /** First retained offset (`begin` of an assignment). */
  get begin(): number {
    return this.records.length > 0 ? this.records[0].offset : this.next;
  }

  /** The offset the next record gets (`end` of an assignment, `latest`). */
  get end(): number {
    return this.next;
  }

  /** Appends a record (its offset is assigned here) and writes it to the current segment. */
  append(record: NewLogRecord, retention: Retention): LogRecord {
    const full = { ...record, offset: this.next } as LogRecord;
    const line = `${JSON.stringify(full)}\n`;
    const bytes = Buffer.byteLength(line);
    let seg = this.segments[this.segments.length - 1];
    const limit = retention.sizeKb > 0 ? Math.max(4096, Math.min(SEGMENT_BYTES, (retention.sizeKb * 1024) / 4)) : SEGMENT_BYTES;
    if (!seg || seg.bytes + bytes > limit) seg = this.startSegment(this.next);
    if (this.fd === undefined) this.fd = fs.openSync(seg.file, 'a');
    fs.writeSync(this.fd, line);
    seg.bytes += bytes;
    seg.lastAt = full.at;
    this.records.push(full);
    this.next++;
    return full;
  }

  private startSegment(first: number): Segment {
    this.closeFd();
    const seg: Segment = { first, file: path.join(this.dir, `${first}.jsonl`), bytes: 0, lastAt: 0 };
    fs.writeFileSync(seg.file, '');
    this.segments.push(seg);
    return seg;
  }

  /** Records with offset ≥ `from`, at most `max` of them (in offset order). */
  read(from: number, max: number): LogRecord[] {
    if (this.records.length === 0 || from >= this.next) return [];
    const base = this.records[0].offset;
    const start = Math.max(0, from - base);
    return this.records.slice(start, start + max);
  }

  /** Drops expired segments: older than the retention period, or the oldest beyond the size cap. */
  trim(retention: Retention, nowMs: number): void {
    const expired = (s: Segment): boolean => retention.periodSec >= 0 && s.bytes > 0 && s.lastAt < nowMs - retention.periodSec * 1000;
    const current = this.segments[this.segments.length - 1];
    if (current && current.bytes > 0 && expired(current)) this.startSegment(this.next);
    let total = this.segments.reduce((n, s) => n + s.bytes, 0);
    while (this.segments.length > 1) {
      const oldest = this.segments[0];
      const overSize = retention.sizeKb > 0 && total > retention.sizeKb * 1024;
      if (!expired(oldest) && !overSize && oldest.bytes > 0) break;
      fs.rmSync(oldest.file, { force: true });
      total -= oldest.bytes;
      this.segments.shift();
      const keepFrom = this.segments[0].first;
      while (this.records.length > 0 && this.records[0].offset < keepFrom) this.records.shift();
    }
  }

  private closeFd(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  close(): void {
    this.closeFd();
  }
}

/** The change log of one database: one VgroupLog per vgroup (index 0 .. VGROUPS−1). */
export class DbLog {
  readonly vgroups: VgroupLog[];
  private waiters: (() => void)[] = [];

  constructor(
    readonly dir: string,
    count: number,
  ) {
    this.vgroups = Array.from({ length: count }, (_, i) => new VgroupLog(path.join(dir, `vg${i}`)));
  }

  /** Resolves on the next append (or after `ms`); blocking polls wait on it. */
  waitForAppend(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.push(done);
    });
  }

  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  close(): void {
    this.notify();
    for (const v of this.vgroups) v.close();
  }
}
