import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_KEY, addRecord, readHistory, saveRecord, type HistoryRecord } from './history';
import { combineTimings } from './timings';

const record = (n: number): HistoryRecord => ({
  createdAt: n, cluster: 'prod', database: 'power', sql: `select ${n}`, type: 1, rows: 1, message: '', appId: 'i1', totalTime: 3, executTime: 1, networkTime: 1,
});

afterEach(() => window.localStorage.clear());

describe('SQL history', () => {
  it('keeps the newest 100, newest first', () => {
    let list: HistoryRecord[] = [];
    for (let i = 0; i < 105; i++) list = addRecord(list, record(i));
    expect(list).toHaveLength(100);
    expect(list[0].sql).toBe('select 104');
    expect(list[99].sql).toBe('select 5');
  });

  it('stores the records locally with every §3 field', () => {
    saveRecord(record(1));
    saveRecord({ ...record(2), type: 0, message: 'Table does not exist', rows: 0 });
    const stored = JSON.parse(window.localStorage.getItem(HISTORY_KEY)!);
    expect(Object.keys(stored[0]).sort()).toEqual(['appId', 'cluster', 'createdAt', 'database', 'executTime', 'message', 'networkTime', 'rows', 'sql', 'totalTime', 'type']);
    expect(readHistory().map((r) => [r.sql, r.type])).toEqual([['select 2', 0], ['select 1', 1]]);
  });

  it('ignores a damaged store', () => {
    window.localStorage.setItem(HISTORY_KEY, '{"not":"a list"}');
    expect(readHistory()).toEqual([]);
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify([{ junk: true }, record(3)]));
    expect(readHistory().map((r) => r.sql)).toEqual(['select 3']);
  });
});

describe('timings', () => {
  it('adds the calls of a statement and takes the server time from the browser time', () => {
    expect(combineTimings([{ client: 30, server: { execution_ms: 5, total_ms: 20 } }, { client: 12.5, server: { execution_ms: 2.25, total_ms: 10 } }])).toEqual({ total: 42.5, execution: 7.25, network: 12.5 });
  });

  it('says null when the server gave no timing', () => {
    expect(combineTimings([{ client: 8 }])).toEqual({ total: 8, execution: null, network: null });
    expect(combineTimings([{ client: 8, server: { execution_ms: null, total_ms: 6 } }])).toEqual({ total: 8, execution: null, network: 2 });
  });
});
