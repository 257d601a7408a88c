import { describe, expect, it } from 'vitest';
import { rowsInRange } from './timeRange';

const minute = (m: number, ns = 0) => new Date(Date.UTC(2024, 0, 1) + m * 60_000).toISOString().replace('Z', `${String(ns).padStart(6, '0')}Z`);

describe('result time-range presets', () => {
  // newest first, as ORDER BY ts DESC gives them; a NULL time; 8 days of span
  const rows = [[minute(8 * 24 * 60)], [minute(8 * 24 * 60 - 15, 1)], [minute(8 * 24 * 60 - 15)], [minute(8 * 24 * 60 - 16)], [null], [minute(8 * 24 * 60 - 23 * 60)], [minute(0)]];

  it('keeps the last N of the result span, the bound included', () => {
    expect(rowsInRange(rows, 0, '15m')).toEqual(rows.slice(0, 3));
    expect(rowsInRange(rows, 0, '1h')).toEqual(rows.slice(0, 4));
    expect(rowsInRange(rows, 0, '24h')).toEqual([...rows.slice(0, 4), rows[5]]);
    expect(rowsInRange(rows, 0, '7d')).toEqual([...rows.slice(0, 4), rows[5]]);
    expect(rowsInRange(rows, 0, 'all')).toEqual(rows);
  });

  it('measures to the nanosecond', () => {
    const ns = [['2024-01-01T00:15:00.000000001Z'], ['2024-01-01T00:00:00.000000001Z'], ['2024-01-01T00:00:00.000000000Z']];
    expect(rowsInRange(ns, 0, '15m')).toEqual(ns.slice(0, 2));
  });

  it('keeps every row without a time column and none when no row has a time', () => {
    expect(rowsInRange(rows, -1, '15m')).toEqual(rows);
    expect(rowsInRange([[null]], 0, '1h')).toEqual([]);
  });
});
