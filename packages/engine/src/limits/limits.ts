import fs from 'node:fs';
import path from 'node:path';
import { TdCode, TdError } from '../errors';

/** Plan limits an operator sets per instance in DIR/limits.json. A missing key means "no limit". */
export interface Limits {
  maxDatabases?: number;
  maxStables?: number;
  maxTables?: number;
  maxTopics?: number;
  maxStreams?: number;
  /**
   * VGROUPS a database may ask for (the plan's share of a cluster's vnodes, each with its own write buffer; our engine
   * keeps no vnodes, but the ceiling is the plan's on every backend).
   */
  maxVgroups?: number;
  /** DuckDB `threads`. */
  threads?: number;
  /** DuckDB `memory_limit`, e.g. "1GB". */
  memoryLimit?: string;
  /** windows an INTERVAL … FILL (or INTERP slices) may span; more is 9787 as in TDengine (0/missing: the default) */
  maxFillWindows?: number;
  /** rows a query may return or hand to its JS stage (0/missing: the default) */
  maxResultRows?: number;
  /** a query running longer is stopped (0/missing: the default) */
  queryTimeoutSeconds?: number;
  /**
   * The dnodes the instance stands for when a database asks for replicas: 3 on a high-availability instance (REPLICA 3
   * is its databases' default, data-explorer.md §3), 1 (missing) otherwise, where REPLICA 3 finds too few, as on a
   * one-dnode TDengine.
   */
  dnodes?: number;
}

/** TDengine's MAX_INTERVAL_TIME_WINDOW: FILL over more windows is refused with 0x263B (facts §2.10). */
export const DEFAULT_MAX_FILL_WINDOWS = 10_000_000;
/** Results are held in memory before they are sent: a million rows is already hundreds of MB. */
export const DEFAULT_MAX_RESULT_ROWS = 1_000_000;
export const DEFAULT_QUERY_TIMEOUT_SECONDS = 600;

/** What bounds one query (docs/engine-query.md §Limits): the instance's limits or the defaults. */
export interface QueryLimits {
  maxFillWindows: number;
  maxResultRows: number;
  queryTimeoutMs: number;
}

/** Window query results over `maxResultRows`: TDengine's executor error for too many windows (TSDB_CODE_QRY_TOO_MANY_TIMEWINDOW). */
export function tooManyWindowsError(): TdError {
  return new TdError(TdCode.QRY_TOO_MANY_TIMEWINDOW, 'Too many groups/time window in query');
}

/** Other results (or a JS stage's input) over `maxResultRows`: TDengine streams results and has no such error. */
export function tooManyRowsError(max: number): TdError {
  return new TdError(TdCode.LIMIT_EXCEEDED, `Limit exceeded: max result rows ${max}`);
}

export function queryLimits(limits: Limits): QueryLimits {
  return {
    maxFillWindows: limits.maxFillWindows || DEFAULT_MAX_FILL_WINDOWS,
    maxResultRows: limits.maxResultRows || DEFAULT_MAX_RESULT_ROWS,
    queryTimeoutMs: (limits.queryTimeoutSeconds || DEFAULT_QUERY_TIMEOUT_SECONDS) * 1000,
  };
}

const COUNT_KEYS = ['maxDatabases', 'maxStables', 'maxTables', 'maxTopics', 'maxStreams', 'maxVgroups', 'threads', 'maxFillWindows', 'maxResultRows', 'queryTimeoutSeconds', 'dnodes'] as const;
const LABELS: Record<(typeof COUNT_KEYS)[number], string> = {
  maxDatabases: 'max databases',
  maxStables: 'max super tables',
  maxTables: 'max tables',
  maxTopics: 'max topics',
  maxStreams: 'max streams',
  maxVgroups: 'max vgroups',
  threads: 'threads',
  maxFillWindows: 'max fill windows',
  maxResultRows: 'max result rows',
  queryTimeoutSeconds: 'query timeout seconds',
  dnodes: 'dnodes',
};

/** Validates a parsed limits object; throws with the offending key so an operator sees what is wrong. */
export function parseLimits(raw: unknown): Limits {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('limits must be a JSON object');
  const obj = raw as Record<string, unknown>;
  const out: Limits = {};
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    if ((COUNT_KEYS as readonly string[]).includes(key)) {
      if (value === null || value === undefined) continue;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
        throw new Error(`limits.${key} must be a non-negative integer`);
      }
      out[key as (typeof COUNT_KEYS)[number]] = value;
    } else if (key === 'memoryLimit') {
      if (value === null || value === undefined) continue;
      if (typeof value !== 'string' || !/^\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(value)) {
        throw new Error('limits.memoryLimit must look like "512MB" or "2GB"');
      }
      out.memoryLimit = value;
    } else {
      throw new Error(`unknown limit "${key}"`);
    }
  }
  return out;
}

/** Throws LIMIT_EXCEEDED when creating one more object would pass `limit`. */
export function checkLimit(limits: Limits, key: keyof typeof LABELS, current: number): void {
  const max = limits[key];
  if (max !== undefined && current + 1 > max) {
    throw new TdError(TdCode.LIMIT_EXCEEDED, `Limit exceeded: ${LABELS[key]} ${max}`);
  }
}

/**
 * Holds the limits of DIR/limits.json and re-reads the file when it changes, so the console can change a plan
 * without restarting the engine. A broken file keeps the previous limits (and reports why).
 */
export class LimitsFile {
  private current: Limits;
  private readonly listeners: ((limits: Limits) => void)[] = [];
  private watching = false;

  private constructor(
    readonly file: string,
    initial: Limits,
  ) {
    this.current = initial;
  }

  static load(dataDir: string, override?: Limits): LimitsFile {
    const file = path.join(dataDir, 'limits.json');
    if (override) return new LimitsFile(file, parseLimits(override));
    return new LimitsFile(file, readLimits(file));
  }

  get limits(): Limits {
    return this.current;
  }

  onChange(listener: (limits: Limits) => void): void {
    this.listeners.push(listener);
  }

  watch(): void {
    if (this.watching) return;
    this.watching = true;
    fs.watchFile(this.file, { interval: 1000 }, () => this.reload());
  }

  reload(): void {
    try {
      this.current = readLimits(this.file);
      for (const l of this.listeners) l(this.current);
    } catch (error) {
      console.error(`limits: keeping previous limits: ${(error as Error).message}`);
    }
  }

  close(): void {
    if (this.watching) fs.unwatchFile(this.file);
    this.watching = false;
  }
}

function readLimits(file: string): Limits {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  return parseLimits(JSON.parse(text));
}
