import type { FromExpand } from '@tscloud/contracts';
import type { SourceBatch, SourceReader } from '../../src/region/replication/pipeline/types';

/**
 * A test-only source for the runner's tests (the real ones are replication/sources/*): `total` records, numbered,
 * read in batches with a pause each, its position the next record's number. The task's client_id says
 * `fake-<total>-<pauseMs>-<badEvery>`: every badEvery-th record carries a note too long for the target column.
 * Records: ts = BASE_TS + i (ms), device d<i % 10>, v = i, note.
 */
export const BASE_TS = 1_767_225_600_000;

export function fakeClientId(total: number, pauseMs = 0, badEvery = 0): string {
  return `fake-${total}-${pauseMs}-${badEvery}`;
}

class FakeSource implements SourceReader {
  private next_ = 0;

  constructor(
    private readonly total: number,
    private readonly pauseMs: number,
    private readonly badEvery: number,
  ) {}

  async open(from: string | null): Promise<void> {
    this.next_ = from === null ? 0 : Number(from);
  }

  async next(max: number): Promise<SourceBatch | null> {
    if (this.next_ >= this.total) return null;
    if (this.pauseMs) await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
    const end = Math.min(this.total, this.next_ + max);
    const records = [];
    for (let i = this.next_; i < end; i += 1) {
      const bad = this.badEvery > 0 && i % this.badEvery === this.badEvery - 1;
      records.push({ fields: { ts: BASE_TS + i, device: `d${i % 10}`, v: i, note: bad ? 'x'.repeat(40) : 'ok' } });
    }
    this.next_ = end;
    return { records, position: String(end), bytes: records.length * 40 };
  }

  async committed(): Promise<void> {}

  progress() {
    return { tables: [{ name: 'fake', done: this.next_, total: this.total }] };
  }

  async close(): Promise<void> {}
}

export function createSource(config: FromExpand): SourceReader {
  const [, total, pauseMs, badEvery] = /^fake-(\d+)-(\d+)-(\d+)$/.exec(String(config.params.client_id)) ?? [];
  return new FakeSource(Number(total), Number(pauseMs), Number(badEvery));
}
