import { RESERVED_DATABASES } from '@tscloud/contracts';
import { quoteText, readText } from '@tscloud/contracts/sql';
import { ref, storedName, typedName, versionAtLeast } from './literal';

/**
 * CREATE / ALTER / DROP DATABASE with every option of data-explorer.md §3: defaults, bounds, units, which options
 * ALTER may change and the version gates. Decisions the spec leaves open are in docs/web-explorer.md.
 */

/** Options `strict`, `wal_roll_period` and `wal_segment_size` exist only before this version (§3 "up to {ip}"). */
export const LEGACY_OPTIONS_BEFORE = '3.1.0.0';
/** Options `stt_trigger`, `tsdb_pagesize`, `table_prefix`, `table_suffix` exist from this version (§3 "from {ip}"). */
export const STORAGE_OPTIONS_FROM = '3.0.2.0';
/** §3: a new database on a high-availability instance has three replicas. */
export const HA_REPLICA = 3;
/** §5 plan limits: databases on the free plan. */
export const FREE_PLAN_DATABASES = 3;

export type CacheModel = 'none' | 'last_row' | 'last_value' | 'both';
export type Precision = 'ms' | 'us' | 'ns';

export interface DatabaseOptions {
  buffer: number;
  cachemodel: CacheModel;
  cachesize: number;
  comp: number;
  /** Digits with an optional m, h or d (bare digits are days). */
  duration: string;
  wal_fsync_period: number;
  maxrows: number;
  minrows: number;
  /** Up to three durations, comma-separated. */
  keep: string;
  pages: number;
  pagesize: number;
  precision: Precision;
  replica: number;
  /** Empty, or three intervals (`-:7d,1m:21d,15m:50d`). */
  retentions: string;
  strict: 'on' | 'off';
  wal_level: number;
  vgroups: number;
  single_stable: number;
  wal_retention_period: number;
  wal_retention_size: number;
  wal_roll_period: number;
  wal_segment_size: number;
  stt_trigger: number;
  tsdb_pagesize: number;
  /** null: not sent ("none"). */
  table_prefix: number | null;
  table_suffix: number | null;
}
export type DatabaseOptionKey = keyof DatabaseOptions;

export type OptionKind = 'int' | 'choice' | 'duration' | 'keep' | 'text';

export interface OptionSpec {
  key: DatabaseOptionKey;
  kind: OptionKind;
  min?: number;
  max?: number;
  choices?: readonly (string | number)[];
  /** Unit shown next to the field (i18n key suffix). */
  unit?: 'MB' | 'KB' | 'ms' | 's' | 'days';
  /** Written in single quotes. */
  quoted?: boolean;
  alterable?: boolean;
  /** Only when the instance's version is at least this. */
  from?: string;
  /** Only when the instance's version is below this. */
  before?: string;
}

/** Every option in the order of §3's table, which is the order of the generated statement. */
export const DATABASE_OPTIONS: readonly OptionSpec[] = [
  { key: 'buffer', kind: 'int', min: 3, max: 16384, unit: 'MB' },
  { key: 'cachemodel', kind: 'choice', choices: ['none', 'last_row', 'last_value', 'both'], quoted: true, alterable: true },
  { key: 'cachesize', kind: 'int', min: 1, max: 65536, unit: 'MB', alterable: true },
  { key: 'comp', kind: 'choice', choices: [0, 1, 2] },
  { key: 'duration', kind: 'duration' },
  { key: 'wal_fsync_period', kind: 'int', min: 0, max: 180000, unit: 'ms', alterable: true },
  { key: 'maxrows', kind: 'int', min: 200, max: 10000000 },
  { key: 'minrows', kind: 'int', min: 10, max: 1000000 },
  { key: 'keep', kind: 'keep', alterable: true },
  { key: 'pages', kind: 'int', min: 64, max: 2147483647 },
  { key: 'pagesize', kind: 'int', min: 1, max: 16384, unit: 'KB' },
  { key: 'precision', kind: 'choice', choices: ['ms', 'us', 'ns'], quoted: true },
  { key: 'replica', kind: 'choice', choices: [1, 2, 3] },
  { key: 'retentions', kind: 'text', quoted: true },
  { key: 'strict', kind: 'choice', choices: ['off', 'on'], quoted: true, before: LEGACY_OPTIONS_BEFORE },
  { key: 'wal_level', kind: 'choice', choices: [1, 2], alterable: true },
  { key: 'vgroups', kind: 'int', min: 1, max: 1024 },
  { key: 'single_stable', kind: 'choice', choices: [0, 1] },
  { key: 'wal_retention_period', kind: 'int', min: -1, max: 2147483647, unit: 's' },
  { key: 'wal_retention_size', kind: 'int', min: -1, max: 2147483647, unit: 'KB' },
  { key: 'wal_roll_period', kind: 'int', min: 0, max: 2147483647, unit: 's', before: LEGACY_OPTIONS_BEFORE },
  { key: 'wal_segment_size', kind: 'int', min: 0, max: 2147483647, before: LEGACY_OPTIONS_BEFORE },
  { key: 'stt_trigger', kind: 'int', min: 1, max: 16, from: STORAGE_OPTIONS_FROM },
  { key: 'tsdb_pagesize', kind: 'int', min: 1, max: 16384, unit: 'KB', from: STORAGE_OPTIONS_FROM },
  { key: 'table_prefix', kind: 'int', min: -128, max: 127, from: STORAGE_OPTIONS_FROM },
  { key: 'table_suffix', kind: 'int', min: -128, max: 127, from: STORAGE_OPTIONS_FROM },
];

export const ALTERABLE_OPTIONS: readonly DatabaseOptionKey[] = DATABASE_OPTIONS.filter((o) => o.alterable).map((o) => o.key);

/** §3 defaults (duration 10 days and stt_trigger 1 where the spec gives two values; see docs/web-explorer.md). */
export const DATABASE_DEFAULTS: Readonly<DatabaseOptions> = {
  buffer: 32,
  cachemodel: 'none',
  cachesize: 1,
  comp: 2,
  duration: '10d',
  wal_fsync_period: 3000,
  maxrows: 4096,
  minrows: 100,
  keep: '3650d',
  pages: 256,
  pagesize: 4,
  precision: 'ms',
  replica: 1,
  retentions: '',
  strict: 'off',
  wal_level: 1,
  vgroups: 1,
  single_stable: 0,
  wal_retention_period: 3600,
  wal_retention_size: 0,
  wal_roll_period: 0,
  wal_segment_size: 0,
  stt_trigger: 1,
  tsdb_pagesize: 4,
  table_prefix: null,
  table_suffix: null,
};

/** Defaults for a new database on this instance: three replicas when it is highly available. */
export function defaultDatabaseOptions(instance: { ha?: number | boolean | null }): DatabaseOptions {
  return { ...DATABASE_DEFAULTS, replica: instance.ha ? HA_REPLICA : DATABASE_DEFAULTS.replica };
}

/** Whether an option applies to an instance of this engine version. */
export function optionAvailable(spec: OptionSpec, version: string | null | undefined): boolean {
  if (spec.from && !versionAtLeast(version, spec.from)) return false;
  if (spec.before && versionAtLeast(version, spec.before)) return false;
  return true;
}

export function isReservedDatabase(typed: string): boolean {
  return RESERVED_DATABASES.includes(storedName(typed));
}

/** `KEEP 3650d,3650d` / `BUFFER 32` / `PRECISION 'ms'`; null when the option is not sent. */
function optionClause(spec: OptionSpec, value: DatabaseOptions[DatabaseOptionKey]): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === '') return null;
  const name = spec.key.toUpperCase();
  if (spec.kind === 'keep') return `${name} ${text.split(',').map((v) => v.trim()).join(',')}`;
  return `${name} ${spec.quoted ? quoteText(text) : text}`;
}

/** CREATE DATABASE with every option that applies to the version and has a value. Reserved names throw. */
export function createDatabaseSql(name: string, options: DatabaseOptions, version: string | null | undefined): string {
  if (isReservedDatabase(name)) throw new Error(`reserved database name: ${name}`);
  const clauses = DATABASE_OPTIONS.filter((spec) => optionAvailable(spec, version))
    .map((spec) => optionClause(spec, options[spec.key]))
    .filter((c): c is string => c !== null);
  return [`CREATE DATABASE ${typedName(name)}`, ...clauses].join(' ');
}

/** Normalised text of an option for comparing before and after (keep `365d, 365d` equals `365d,365d`). */
function comparable(spec: OptionSpec, value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return spec.kind === 'keep' ? text.split(',').map((v) => v.trim()).join(',') : text;
}

/** ALTER DATABASE with only the alterable options that changed; null when nothing changed. */
export function alterDatabaseSql(stored: string, before: DatabaseOptions, after: DatabaseOptions): string | null {
  const clauses = DATABASE_OPTIONS.filter((spec) => spec.alterable && comparable(spec, before[spec.key]) !== comparable(spec, after[spec.key]))
    .map((spec) => optionClause(spec, after[spec.key]))
    .filter((c): c is string => c !== null);
  return clauses.length === 0 ? null : `ALTER DATABASE ${ref(stored)} ${clauses.join(' ')}`;
}

export function dropDatabaseSql(stored: string): string {
  if (RESERVED_DATABASES.includes(stored)) throw new Error(`reserved database name: ${stored}`);
  return `DROP DATABASE ${ref(stored)}`;
}

/** Reads the form's options back from an `information_schema.ins_databases` row (column name → value). */
export function optionsFromDatabaseRow(row: Record<string, unknown>): DatabaseOptions {
  const num = (k: string, fallback: number) => {
    const v = row[k];
    const n = typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : Number(v ?? NaN);
    return Number.isFinite(n) ? n : fallback;
  };
  const str = (k: string, fallback: string) => (row[k] === null || row[k] === undefined ? fallback : String(row[k]));
  const d = DATABASE_DEFAULTS;
  return {
    buffer: num('buffer', d.buffer),
    cachemodel: str('cachemodel', d.cachemodel) as CacheModel,
    cachesize: num('cachesize', d.cachesize),
    comp: num('comp', d.comp),
    duration: str('duration', d.duration),
    wal_fsync_period: num('wal_fsync_period', d.wal_fsync_period),
    maxrows: num('maxrows', d.maxrows),
    minrows: num('minrows', d.minrows),
    keep: str('keep', d.keep),
    pages: num('pages', d.pages),
    pagesize: num('pagesize', d.pagesize),
    precision: str('precision', d.precision) as Precision,
    replica: num('replica', d.replica),
    retentions: str('retentions', ''),
    strict: str('strict', d.strict) === 'on' ? 'on' : 'off',
    wal_level: num('wal_level', d.wal_level),
    vgroups: num('vgroups', d.vgroups),
    single_stable: num('single_stable', d.single_stable),
    wal_retention_period: num('wal_retention_period', d.wal_retention_period),
    wal_retention_size: num('wal_retention_size', d.wal_retention_size),
    wal_roll_period: num('wal_roll_period', d.wal_roll_period),
    wal_segment_size: num('wal_segment_size', d.wal_segment_size),
    stt_trigger: num('stt_trigger', d.stt_trigger),
    tsdb_pagesize: num('tsdb_pagesize', d.tsdb_pagesize),
    table_prefix: row.table_prefix === undefined || row.table_prefix === null ? null : num('table_prefix', 0),
    table_suffix: row.table_suffix === undefined || row.table_suffix === null ? null : num('table_suffix', 0),
  };
}

/** `SELECT * FROM information_schema.ins_databases WHERE name = '…'`: the view-database panel and the edit form. */
export function databaseInfoSql(stored: string): string {
  return `SELECT * FROM information_schema.ins_databases WHERE name = ${quoteText(stored)}`;
}

/** §5: duration text is digits with an optional m, h or d. */
export const DURATION_PATTERN = /^\d+[mhd]?$/;

/** Days of a duration text (bare digits are days); NaN when malformed. */
export function durationDays(text: string): number {
  const m = /^(\d+)([mhd]?)$/.exec(text.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'm' ? n / 1440 : m[2] === 'h' ? n / 24 : n;
}

/** §3 keep bounds in days. */
export const KEEP_MIN_DAYS = 1;
export const KEEP_MAX_DAYS = 365000;
export const KEEP_MAX_VALUES = 3;

/** `SHOW CREATE DATABASE …`: the full statement with every option, readable by any user who may read the database. */
export function showCreateDatabaseSql(stored: string): string {
  return `SHOW CREATE DATABASE ${ref(stored)}`;
}

const OPTION_BY_NAME = new Map(DATABASE_OPTIONS.map((o) => [o.key.toUpperCase(), o]));

/**
 * The options written in a `SHOW CREATE DATABASE` statement (`CREATE DATABASE \`db\` BUFFER 256 CACHEMODEL 'last_row'
 * KEEP 3650d,3650d,3650d …`). Only the options the statement names are returned; names the form does not have
 * (KEEP_TIME_OFFSET, …) are skipped. ins_databases hides most option columns from users without system-info rights,
 * so the edit form reads its values from here.
 */
export function optionsFromCreateDatabase(statement: string): Partial<DatabaseOptions> {
  const head = /^\s*CREATE\s+DATABASE\s+(?:`(?:[^`]|``)*`|\S+)/i.exec(statement);
  if (!head) return {};
  const rest = statement.slice(head[0].length);
  // NAME then a quoted text or a run of non-blank characters (KEEP's comma list has no blanks).
  const clause = /\s*([A-Za-z_][A-Za-z0-9_]*)\s+('(?:[^'\\]|\\.|'')*'|[^\s']+)/y;
  const out: Partial<Record<DatabaseOptionKey, unknown>> = {};
  let m: RegExpExecArray | null;
  while ((m = clause.exec(rest)) !== null) {
    const spec = OPTION_BY_NAME.get(m[1].toUpperCase());
    if (!spec) continue;
    const raw = m[2].startsWith("'") ? readText(m[2]) : m[2];
    if (spec.kind === 'int' || (spec.kind === 'choice' && typeof spec.choices?.[0] === 'number')) {
      const n = Number(raw);
      if (Number.isFinite(n)) out[spec.key] = n;
    } else if (spec.kind === 'choice') {
      out[spec.key] = raw.toLowerCase();
    } else {
      out[spec.key] = raw;
    }
  }
  return out as Partial<DatabaseOptions>;
}

/** The edit form's options: the SHOW CREATE DATABASE statement's values over the ins_databases row's (over defaults). */
export function databaseOptions(row: Record<string, unknown>, createStatement: string | null): DatabaseOptions {
  return { ...optionsFromDatabaseRow(row), ...(createStatement ? optionsFromCreateDatabase(createStatement) : {}) };
}
