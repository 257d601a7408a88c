import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VgroupLog } from '../../src/topics/change-log';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmq-log-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const meta = (at: number, sql = 'x'.repeat(100)) => ({ kind: 'meta' as const, at, statement: 'createTable', sql });
const forever = { periodSec: -1, sizeKb: 0 };

describe('change log of a vgroup', () => {
  it('numbers records in order and reads them back after a reopen, ignoring a torn last line', () => {
    const log = new VgroupLog(dir);
    for (let i = 0; i < 5; i++) log.append(meta(1000 + i), forever);
    expect([log.begin, log.end]).toEqual([0, 5]);
    expect(log.read(2, 2).map((r) => r.offset)).toEqual([2, 3]);
    log.close();
    const file = path.join(dir, fs.readdirSync(dir)[0]);
    fs.appendFileSync(file, '{"kind":"meta","offs');
    const again = new VgroupLog(dir);
    expect([again.begin, again.end]).toEqual([0, 5]);
    expect(again.read(0, 100).map((r) => r.offset)).toEqual([0, 1, 2, 3, 4]);
    again.close();
  });

  it('drops segments older than WAL_RETENTION_PERIOD and keeps numbering after every record expired', () => {
    const log = new VgroupLog(dir);
    const retention = { periodSec: 60, sizeKb: 0 };
    for (let i = 0; i < 3; i++) log.append(meta(0), retention);
    log.trim(retention, 30_000);
    expect(log.begin).toBe(0);
    log.trim(retention, 120_000);
    expect([log.begin, log.end]).toEqual([3, 3]);
    expect(log.read(0, 10)).toEqual([]);
    log.close();
    const again = new VgroupLog(dir);
    expect([again.begin, again.end]).toEqual([3, 3]);
    expect(again.append(meta(120_000), retention).offset).toBe(3);
    again.close();
  });

  it('keeps the total under WAL_RETENTION_SIZE by dropping the oldest segments', () => {
    const log = new VgroupLog(dir);
    const retention = { periodSec: -1, sizeKb: 64 };
    for (let i = 0; i < 2000; i++) log.append(meta(i, 'y'.repeat(200)), retention);
    log.trim(retention, 10_000);
    const bytes = fs.readdirSync(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
    expect(bytes).toBeLessThanOrEqual(64 * 1024 + 16 * 1024);
    expect(log.begin).toBeGreaterThan(0);
    expect(log.end).toBe(2000);
    expect(log.read(0, 1)[0].offset).toBe(log.begin);
    log.close();
  });
});
