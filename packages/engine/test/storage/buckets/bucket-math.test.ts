import { describe, expect, it } from 'vitest';
import { bucketLength, bucketStart, splitRange, windowsCoverBuckets } from '../../../src/storage/aggregates/buckets/bucket-math';

const M = 60_000n;

describe('time buckets: bucket arithmetic', () => {
  it('is one minute in every precision', () => {
    expect(bucketLength('ms')).toBe(60_000n);
    expect(bucketLength('us')).toBe(60_000_000n);
    expect(bucketLength('ns')).toBe(60_000_000_000n);
  });

  it('floors to the bucket, before 1970 too', () => {
    expect(bucketStart(0n, M)).toBe(0n);
    expect(bucketStart(59_999n, M)).toBe(0n);
    expect(bucketStart(60_000n, M)).toBe(60_000n);
    expect(bucketStart(-1n, M)).toBe(-60_000n);
    expect(bucketStart(-60_000n, M)).toBe(-60_000n);
    expect(bucketStart(-60_001n, M)).toBe(-120_000n);
  });

  it('takes windows whose starts and ends are all bucket boundaries', () => {
    const h = 3_600_000n;
    expect(windowsCoverBuckets({ len: h, slide: h, offset: 0n }, M)).toBe(true);
    expect(windowsCoverBuckets({ len: 10n * M, slide: 10n * M, offset: 0n }, M)).toBe(true);
    expect(windowsCoverBuckets({ len: h, slide: 5n * M, offset: 2n * M }, M)).toBe(true);
    expect(windowsCoverBuckets({ len: h, slide: h, offset: -M }, M)).toBe(true);
    // a window of 30 s, a sliding of 30 s, an offset of 1 s: a bucket would straddle two windows
    expect(windowsCoverBuckets({ len: 30_000n, slide: 30_000n, offset: 0n }, M)).toBe(false);
    expect(windowsCoverBuckets({ len: h, slide: 30_000n, offset: 0n }, M)).toBe(false);
    expect(windowsCoverBuckets({ len: h, slide: h, offset: 1_000n }, M)).toBe(false);
    expect(windowsCoverBuckets({ len: 90_000n, slide: 90_000n, offset: 0n }, M)).toBe(false);
  });

  it('splits a closed range into whole buckets and edge pieces', () => {
    // aligned both ends (ts >= 0 and ts < 10 minutes): whole buckets only
    expect(splitRange({ start: 0n, end: 10n * M - 1n }, M)).toEqual({ whole: true, from: 0n, to: 10n * M, edges: [] });
    // cut at both ends
    expect(splitRange({ start: 30_000n, end: 5n * M + 10n }, M)).toEqual({ whole: true, from: M, to: 5n * M, edges: [[30_000n, M - 1n], [5n * M, 5n * M + 10n]] });
    // open ends
    expect(splitRange({}, M)).toEqual({ whole: true, from: undefined, to: undefined, edges: [] });
    expect(splitRange({ start: 1n }, M)).toEqual({ whole: true, from: M, to: undefined, edges: [[1n, M - 1n]] });
    expect(splitRange({ end: M }, M)).toEqual({ whole: true, from: undefined, to: M, edges: [[M, M]] });
    // inside one bucket, or across one boundary without a whole bucket: all of it from the rows
    expect(splitRange({ start: 10n, end: 20n }, M)).toEqual({ whole: false, edges: [[10n, 20n]] });
    expect(splitRange({ start: M - 10n, end: M + 10n }, M)).toEqual({ whole: false, edges: [[M - 10n, M + 10n]] });
    expect(splitRange({ start: 0n, end: M - 1n }, M)).toEqual({ whole: true, from: 0n, to: M, edges: [] });
    // empty
    expect(splitRange({ start: 5n, end: 4n }, M)).toEqual({ whole: false, edges: [] });
    // negative timestamps
    expect(splitRange({ start: -90_000n, end: -1n }, M)).toEqual({ whole: true, from: -M, to: 0n, edges: [[-90_000n, -M - 1n]] });
  });

  it('covers every timestamp of a range exactly once', () => {
    for (let i = 0; i < 300; i++) {
      const start = BigInt(Math.floor(Math.random() * 400_000) - 200_000);
      const end = start + BigInt(Math.floor(Math.random() * 300_000));
      const s = splitRange({ start, end }, M);
      for (let ts = start - 2n; ts <= end + 2n; ts += 997n) {
        const inEdges = s.edges.filter(([lo, hi]) => ts >= lo && ts <= hi).length;
        const b = bucketStart(ts, M);
        const inWhole = s.whole && (s.from === undefined || b >= s.from) && (s.to === undefined || b < s.to) ? 1 : 0;
        expect(inEdges + inWhole, `${start}..${end} at ${ts}`).toBe(ts >= start && ts <= end ? 1 : 0);
      }
    }
  });
});
