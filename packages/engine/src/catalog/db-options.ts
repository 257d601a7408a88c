import { TdCode, TdError } from '../errors';
import type { Limits } from '../limits/limits';

/**
 * The options of CREATE/ALTER DATABASE (facts §2.3): defaults, ranges and which ones ALTER may change.
 * Durations (DURATION, KEEP) are kept in minutes.
 */
export type Precision = 'ms' | 'us' | 'ns';
export type CacheModel = 'none' | 'last_row' | 'last_value' | 'both';

export interface DbOptions {
  vgroups: number;
  precision: Precision;
  replica: number;
  buffer: number;
  pages: number;
  pagesize: number;
  tsdbPagesize: number;
  cachemodel: CacheModel;
  cachesize: number;
  comp: number;
  /** minutes */
  duration: number;
  /** minutes, three tiers */
  keep: [number, number, number];
  keepTimeOffset: number;
  minrows: number;
  maxrows: number;
  walLevel: number;
  walFsyncPeriod: number;
  walRetentionPeriod: number;
  walRetentionSize: number;
  sttTrigger: number;
  singleStable: number;
  tablePrefix: number;
  tableSuffix: number;
  retentions: string;
  dnodes: string;
}

/** A raw option as written in SQL: `KEEP 10d,20d`, `PRECISION 'us'`, `BUFFER 64`. */
export interface RawDbOption {
  name: string;
  /** numbers, duration strings like "10d", or quoted strings; KEEP may carry up to three. */
  values: (number | string)[];
}

export const DB_OPTION_DEFAULTS: Readonly<DbOptions> = {
  vgroups: 2,
  precision: 'ms',
  replica: 1,
  buffer: 256,
  pages: 256,
  pagesize: 4,
  tsdbPagesize: 4,
  cachemodel: 'none',
  cachesize: 1,
  comp: 2,
  duration: 14400,
  keep: [5256000, 5256000, 5256000],
  keepTimeOffset: 0,
  minrows: 100,
  maxrows: 4096,
  walLevel: 1,
  walFsyncPeriod: 3000,
  walRetentionPeriod: 3600,
  walRetentionSize: 0,
  sttTrigger: 2,
  singleStable: 0,
  tablePrefix: 0,
  tableSuffix: 0,
  retentions: '',
  dnodes: '',
};

type IntKey = {
  [K in keyof DbOptions]: DbOptions[K] extends number ? K : never;
}[keyof DbOptions];

interface IntSpec {
  key: IntKey;
  min: number;
  max: number;
  alterable: boolean;
}

const INT_OPTIONS: Record<string, IntSpec> = {
  VGROUPS: { key: 'vgroups', min: 1, max: 1024, alterable: false },
  REPLICA: { key: 'replica', min: 1, max: 3, alterable: true },
  BUFFER: { key: 'buffer', min: 3, max: 16384, alterable: true },
  PAGES: { key: 'pages', min: 64, max: 2147483647, alterable: true },
  PAGESIZE: { key: 'pagesize', min: 1, max: 16384, alterable: false },
  TSDB_PAGESIZE: { key: 'tsdbPagesize', min: 1, max: 16384, alterable: false },
  CACHESIZE: { key: 'cachesize', min: 1, max: 65536, alterable: true },
  COMP: { key: 'comp', min: 0, max: 2, alterable: false },
  KEEP_TIME_OFFSET: { key: 'keepTimeOffset', min: 0, max: 23, alterable: true },
  MINROWS: { key: 'minrows', min: 10, max: 1000000, alterable: true },
  MAXROWS: { key: 'maxrows', min: 200, max: 10000000, alterable: false },
  WAL_LEVEL: { key: 'walLevel', min: 1, max: 2, alterable: true },
  WAL_FSYNC_PERIOD: { key: 'walFsyncPeriod', min: 0, max: 180000, alterable: true },
  WAL_RETENTION_PERIOD: { key: 'walRetentionPeriod', min: -1, max: 2147483647, alterable: true },
  WAL_RETENTION_SIZE: { key: 'walRetentionSize', min: -1, max: 2147483647, alterable: true },
  STT_TRIGGER: { key: 'sttTrigger', min: 1, max: 16, alterable: true },
  SINGLE_STABLE: { key: 'singleStable', min: 0, max: 1, alterable: false },
  // TSDB_MIN/MAX_HASH_PREFIX (and _SUFFIX): ± (TSDB_TABLE_NAME_LEN - 1)
  TABLE_PREFIX: { key: 'tablePrefix', min: -191, max: 191, alterable: false },
  TABLE_SUFFIX: { key: 'tableSuffix', min: -191, max: 191, alterable: false },
};

const ALTERABLE_OTHER = new Set(['CACHEMODEL', 'KEEP']);
const DURATION_MIN = 60;
const DURATION_MAX = 3650 * 1440;
const KEEP_MIN = 1440;
const KEEP_MAX = 365000 * 1440;

function invalid(message: string): TdError {
  return new TdError(TdCode.PAR_INVALID_DB_OPTION, message);
}

/** Minutes of a DURATION/KEEP value: bare number = days, else m/h/d suffix. */
export function durationMinutes(option: string, value: number | string): number {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw invalid(`Invalid option ${option.toLowerCase()} unit: ${value}, only m, h, d allowed`);
    return value * 1440;
  }
  const m = /^(-?\d+)([mhd])$/i.exec(value.trim());
  if (!m) throw invalid(`Invalid option ${option.toLowerCase()} unit: ${value}, only m, h, d allowed`);
  const n = Number(m[1]);
  const unit = m[2].toLowerCase();
  return unit === 'm' ? n : unit === 'h' ? n * 60 : n * 1440;
}

/** `Nd` when whole days, else `Nh`, else `Nm` (as SHOW CREATE DATABASE prints). */
export function formatDuration(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440}d`;
  if (minutes % 60 === 0) return `${minutes / 60}h`;
  return `${minutes}m`;
}

function singleValue(opt: RawDbOption): number | string {
  if (opt.values.length !== 1) throw invalid(`Invalid option ${opt.name.toLowerCase()}`);
  return opt.values[0];
}

function intValue(opt: RawDbOption): number {
  const v = singleValue(opt);
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isInteger(n)) throw invalid(`Invalid option ${opt.name.toLowerCase()}: ${v}`);
  return n;
}

function stringValue(opt: RawDbOption): string {
  return String(singleValue(opt)).toLowerCase();
}

function applyOne(target: DbOptions, opt: RawDbOption): void {
  const name = opt.name.toUpperCase();
  const spec = INT_OPTIONS[name];
  if (spec) {
    const n = intValue(opt);
    if (n < spec.min || n > spec.max) {
      throw invalid(`Invalid option ${name.toLowerCase()}: ${n} valid range: [${spec.min}, ${spec.max}]`);
    }
    target[spec.key] = n;
    return;
  }
  switch (name) {
    case 'PRECISION': {
      const p = stringValue(opt);
      if (p !== 'ms' && p !== 'us' && p !== 'ns') throw invalid(`Invalid option precision: ${p} only support ms, us or ns`);
      target.precision = p;
      return;
    }
    case 'CACHEMODEL': {
      const c = stringValue(opt);
      if (c !== 'none' && c !== 'last_row' && c !== 'last_value' && c !== 'both') {
        throw invalid(`Invalid option cacheModel: ${c}`);
      }
      target.cachemodel = c;
      return;
    }
    case 'DURATION': {
      const d = durationMinutes(name, singleValue(opt));
      if (d < DURATION_MIN || d > DURATION_MAX) {
        throw invalid(`Invalid option duration: ${d} valid range: [${DURATION_MIN}, ${DURATION_MAX}]`);
      }
      target.duration = d;
      return;
    }
    case 'KEEP': {
      if (opt.values.length < 1 || opt.values.length > 3) throw invalid('Invalid option keep');
      const mins = opt.values.map((v) => durationMinutes(name, v));
      for (const k of mins) {
        if (k < KEEP_MIN || k > KEEP_MAX) throw invalid(`Invalid option keep: ${k} valid range: [${KEEP_MIN}, ${KEEP_MAX}]`);
      }
      while (mins.length < 3) mins.push(mins[mins.length - 1]);
      if (mins[0] > mins[1] || mins[1] > mins[2]) {
        throw invalid('Invalid keep value, should be keep0 <= keep1 <= keep2');
      }
      target.keep = [mins[0], mins[1], mins[2]];
      return;
    }
    case 'RETENTIONS':
      target.retentions = String(singleValue(opt));
      return;
    case 'DNODES':
      target.dnodes = String(singleValue(opt));
      return;
    default:
      throw TdError.syntax(opt.name);
  }
}

/** Cross-option rules checked after every option is applied. */
function checkConsistency(o: DbOptions): void {
  if (o.keep[0] < 3 * o.duration) {
    throw invalid(`Invalid duration value, should be keep2 >= keep1 >= keep0 >= 3 * duration`);
  }
  if (o.minrows > o.maxrows) throw invalid('Invalid option minRows/maxRows: minRows must not be larger than maxRows');
  // a prefix counted from the start and a suffix from the end (or the other way round) cannot be combined
  if ((o.tablePrefix > 0 && o.tableSuffix < 0) || (o.tablePrefix < 0 && o.tableSuffix > 0)) {
    throw invalid('Invalid option table_prefix & table_suffix: mixed usage not allowed');
  }
}

/** What an instance's plan allows a database (limits.json): its dnodes for REPLICA, a ceiling of VGROUPS. */
export type DbCeilings = Pick<Limits, 'dnodes' | 'maxVgroups'>;

/**
 * The mnode's check of REPLICA after the parser's range check: only 1 or 3 replicas form a quorum (2 is "Invalid
 * database options"), and 3 need as many dnodes: the instance's (limits `dnodes`: 3 on a high-availability one).
 * VGROUPS beyond the plan's ceiling is the plan's own refusal, as for its counts.
 */
export function checkDbCeilings(o: Pick<DbOptions, 'replica' | 'vgroups'>, ceilings: DbCeilings): void {
  if (o.replica === 2) throw new TdError(TdCode.INVALID_DB_OPTION, 'Invalid database options');
  if (o.replica > (ceilings.dnodes || 1)) throw new TdError(TdCode.MND_NO_ENOUGH_DNODES, 'Out of dnodes');
  if (ceilings.maxVgroups && o.vgroups > ceilings.maxVgroups) throw new TdError(TdCode.LIMIT_EXCEEDED, `Limit exceeded: max vgroups ${ceilings.maxVgroups}`);
}

/** Options for CREATE DATABASE: defaults, then each given option validated. */
export function createDbOptions(raw: RawDbOption[], ceilings: DbCeilings = {}): DbOptions {
  const o: DbOptions = { ...DB_OPTION_DEFAULTS, keep: [...DB_OPTION_DEFAULTS.keep] };
  for (const opt of raw) applyOne(o, opt);
  checkConsistency(o);
  checkDbCeilings(o, ceilings);
  return o;
}

/**
 * Options after ALTER DATABASE; only the alterable ones may appear. An option not named keeps its value, except
 * KEEP_TIME_OFFSET: TDengine 3.3.7.5's alter request carries it as 0 when not named (the others as -1, "not set"), and
 * the mnode applies any value >= 0 (mndSetDbCfgFromAlterDbReq), so every ALTER DATABASE resets it to 0 (37#99, #118).
 */
export function alterDbOptions(current: DbOptions, raw: RawDbOption[], ceilings: DbCeilings = {}): DbOptions {
  const o: DbOptions = { ...current, keep: [...current.keep], keepTimeOffset: 0 };
  for (const opt of raw) {
    const name = opt.name.toUpperCase();
    if (!(INT_OPTIONS[name]?.alterable || ALTERABLE_OTHER.has(name))) {
      throw invalid(`Invalid alter option: ${name.toLowerCase()} can not be altered`);
    }
    applyOne(o, opt);
  }
  checkConsistency(o);
  // a database made before the plan's ceiling keeps its vgroups (VGROUPS cannot be altered)
  checkDbCeilings(o, { dnodes: ceilings.dnodes });
  return o;
}

/** KEEP as ins_databases and SHOW CREATE DATABASE print it: `3650d,3650d,3650d`. */
export function formatKeep(keep: readonly number[]): string {
  return keep.map(formatDuration).join(',');
}

/**
 * TDengine's defaults of the options this engine does not implement (shared-storage tiering, encryption, automatic
 * compaction: no interval, no range, no offset), as ins_databases and SHOW CREATE DATABASE print them.
 */
export const UNIMPLEMENTED_DB_OPTIONS = {
  encryptAlgorithm: 'none',
  ssChunkpages: 131072,
  ssKeeplocal: '525600m',
  ssCompact: 1,
  compactInterval: '0d',
  compactTimeRange: '0d,0d',
  compactTimeOffset: '0h',
} as const;
