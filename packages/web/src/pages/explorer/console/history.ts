import { SQL_HISTORY_MAX } from '@tscloud/contracts';
import { readJson, writeJson } from '../../../state/storage';

/**
 * The SQL history (data-explorer.md §3 "SQL history record", §9 "history 100, stored locally"): the last 100
 * statements run in the console, newest first, in local storage. One list for every instance; each record says
 * which instance (appId, cluster) and database it ran against.
 */
export interface HistoryRecord {
  createdAt: number;
  /** The instance's name as shown (alias or name). */
  cluster: string;
  /** The database chosen in the console when it ran ('' for none). */
  database: string;
  sql: string;
  /** 1 success, 0 failure. */
  type: 0 | 1;
  rows: number;
  /** The engine's or server's message on failure; empty on success. */
  message: string;
  appId: string;
  /** ms: as the browser measured the whole statement (all its calls). */
  totalTime: number;
  /** ms: as the engine measured it; null when it did not say. */
  executTime: number | null;
  /** ms: the browser's time minus the server's. */
  networkTime: number | null;
}

export const HISTORY_KEY = 'tscloud.sqlHistory';

/** Adds a record in front and keeps the newest `max`. Pure. */
export function addRecord(list: readonly HistoryRecord[], record: HistoryRecord, max = SQL_HISTORY_MAX): HistoryRecord[] {
  return [record, ...list].slice(0, max);
}

function isRecord(value: unknown): value is HistoryRecord {
  const r = value as HistoryRecord;
  return typeof r === 'object' && r !== null && typeof r.sql === 'string' && typeof r.createdAt === 'number' && typeof r.appId === 'string';
}

export function readHistory(): HistoryRecord[] {
  const raw = readJson<unknown>(HISTORY_KEY, []);
  return Array.isArray(raw) ? raw.filter(isRecord).slice(0, SQL_HISTORY_MAX) : [];
}

export function saveRecord(record: HistoryRecord): HistoryRecord[] {
  const next = addRecord(readHistory(), record);
  writeJson(HISTORY_KEY, next);
  return next;
}

export function clearHistory(): void {
  writeJson(HISTORY_KEY, []);
}
