import { describe, expect, it } from 'vitest';
import { cellText } from '../grid';
import { columnKind, displayText } from './columns';
import { filterRows, sortRows } from './sortFilter';

describe('result sort', () => {
  it('sorts 64-bit integers exactly, beyond 2^53, with NULLs last both ways', () => {
    const rows = [[18446744073709551615n], [null], [9007199254740993n], [9007199254740992], [-1], ['18446744073709551614']];
    const up = sortRows(rows, { column: 0, direction: 'ascend' }, 'number').map((r) => r[0]);
    expect(up).toEqual([-1, 9007199254740992, 9007199254740993n, '18446744073709551614', 18446744073709551615n, null]);
    const down = sortRows(rows, { column: 0, direction: 'descend' }, 'number').map((r) => r[0]);
    expect(down).toEqual([18446744073709551615n, '18446744073709551614', 9007199254740993n, 9007199254740992, -1, null]);
  });

  it('sorts floats numerically, not as text', () => {
    const rows = [[10.5], [9.25], [100], [-0.5]];
    expect(sortRows(rows, { column: 0, direction: 'ascend' }, 'number').map((r) => r[0])).toEqual([-0.5, 9.25, 10.5, 100]);
  });

  it('sorts timestamps by time to the nanosecond, whatever their offset', () => {
    const rows = [['2024-01-01T00:00:00.000000002Z'], ['2024-01-01T07:00:00+08:00'], [null], ['2024-01-01T00:00:00.000000001Z']];
    expect(sortRows(rows, { column: 0, direction: 'ascend' }, 'time').map((r) => r[0])).toEqual([
      '2024-01-01T07:00:00+08:00',
      '2024-01-01T00:00:00.000000001Z',
      '2024-01-01T00:00:00.000000002Z',
      null,
    ]);
  });

  it('sorts text naturally and keeps equal rows in their order', () => {
    const rows = [['d10', 1], ['d2', 2], [null, 3], ['d1', 4], ['d2', 5]];
    expect(sortRows(rows, { column: 0, direction: 'ascend' }, 'text').map((r) => r[1])).toEqual([4, 2, 5, 1, 3]);
    expect(sortRows(rows, { column: 0, direction: 'descend' }, 'text').map((r) => r[1])).toEqual([1, 2, 5, 4, 3]);
  });
});

describe('result filter', () => {
  const rows = [['2024-01-01T00:00:00.000Z', 'Beijing', 1n], ['2024-01-01T20:00:00.000Z', 'SanFrancisco', null], ['2024-01-02T00:00:00.000Z', 'beijing.haidian', 3n]];
  const kinds = ['TIMESTAMP', 'VARCHAR', 'BIGINT'].map(columnKind);

  it('keeps rows whose shown text contains every filter, ignoring case', () => {
    const text = (value: unknown) => cellText(value);
    expect(filterRows(rows, { 1: 'BEIJING' }, text).map((r) => r[2])).toEqual([1n, 3n]);
    expect(filterRows(rows, { 1: 'beijing', 2: '3' }, text).map((r) => r[2])).toEqual([3n]);
    expect(filterRows(rows, { 2: 'null' }, text).map((r) => r[1])).toEqual(['SanFrancisco']);
    expect(filterRows(rows, { 1: '  ' }, text)).toHaveLength(3);
  });

  it('matches timestamps as shown in the chosen zone', () => {
    const inZone = (zone: string) => (value: unknown, column: number) => displayText(value, kinds[column], zone);
    expect(filterRows(rows, { 0: '2024-01-02' }, inZone('UTC')).map((r) => r[1])).toEqual(['beijing.haidian']);
    expect(filterRows(rows, { 0: '2024-01-02' }, inZone('Asia/Shanghai')).map((r) => r[1])).toEqual(['SanFrancisco', 'beijing.haidian']);
  });
});
