import type { TFunction } from 'i18next';
import { formatDateTime, formatSize } from '../../../config/format';
import type { DiskUsage, TableCounts } from '../../../data/explorer/databasesStats';
import { DATABASE_OPTIONS, type DatabaseOptions } from '../../../explorer-sql';
import type { WebKey } from '../../../i18n/keys';

/**
 * What the view-database panel shows, in three groups, each fact a label key (explorer.db.info.*) and a value
 * written for people: units after numbers, durations in minutes/hours/days, sizes in KB/MB/GB, dates in the one
 * date format. Values come from the ins_databases row, else the options read from SHOW CREATE DATABASE (a member's
 * engine user sees few ins_databases columns).
 */
export interface Fact {
  key: string;
  label: string;
  value: string;
}

const OVERVIEW = ['create_time', 'status', 'precision', 'replica', 'vgroups'] as const;
const OPTIONS = [
  'duration', 'keep', 'buffer', 'pages', 'pagesize', 'minrows', 'maxrows', 'comp', 'cachemodel', 'cachesize', 'wal_level', 'wal_fsync_period',
  'wal_retention_period', 'wal_retention_size', 'stt_trigger', 'single_stable', 'table_prefix', 'table_suffix', 'tsdb_pagesize',
] as const;

const DURATION_UNITS: Record<string, WebKey> = { m: 'explorer.db.unit.minutes', h: 'explorer.db.unit.hours', d: 'explorer.db.unit.days', '': 'explorer.db.unit.days' };

/** "10d" → "10 days"; "3650d,3650d,3650d" → "3650 days, 3650 days, 3650 days"; text it cannot read is kept. */
export function humanDuration(text: string, t: TFunction): string {
  return text
    .split(',')
    .map((part) => {
      const m = /^(\d+)([mhd]?)$/.exec(part.trim());
      return m ? `${m[1]} ${t(DURATION_UNITS[m[2]])}` : part.trim();
    })
    .join(', ');
}

function optionValue(key: string, value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return t('explorer.db.none');
  if (typeof value === 'boolean' || key === 'single_stable') return t(Number(value) ? 'explorer.db.info.yes' : 'explorer.db.info.no');
  const spec = DATABASE_OPTIONS.find((o) => o.key === key);
  if (spec?.kind === 'duration' || spec?.kind === 'keep') return humanDuration(String(value), t);
  return spec?.unit ? `${String(value)} ${t(`explorer.db.unit.${spec.unit}` as WebKey)}` : String(value);
}

function factValue(key: string, value: unknown, t: TFunction): string {
  if (key === 'create_time') return formatDateTime(typeof value === 'number' ? value : Date.parse(String(value)));
  if (key === 'status' && value === 'ready') return t('explorer.db.info.ready');
  return optionValue(key, value, t);
}

/** The row's value of `key`, else the option's; undefined when neither has it (an older engine). */
function lookup(row: Record<string, unknown>, options: Partial<DatabaseOptions>, key: string): unknown {
  return key in row ? row[key] : (options as Record<string, unknown>)[key];
}

function facts(keys: readonly string[], row: Record<string, unknown>, options: Partial<DatabaseOptions>, t: TFunction): Fact[] {
  return keys
    .filter((key) => lookup(row, options, key) !== undefined)
    .map((key) => ({ key, label: t(`explorer.db.info.${key}` as WebKey), value: factValue(key, lookup(row, options, key), t) }));
}

/** Tables, vgroups, replicas, precision, created, status; the counts once they have arrived. */
export function overviewFacts(row: Record<string, unknown>, options: Partial<DatabaseOptions>, counts: TableCounts | undefined, t: TFunction): Fact[] {
  const tables: Fact[] = [{ key: 'ntables', label: t('explorer.db.info.ntables'), value: String(row.ntables ?? '') }];
  if (counts) {
    for (const key of ['stables', 'childTables', 'normalTables'] as const) tables.push({ key, label: t(`explorer.db.info.${key}` as WebKey), value: String(counts[key]) });
  }
  return [...tables, ...facts(OVERVIEW, row, options, t)];
}

/** Every other option of the database. */
export const optionFacts = (row: Record<string, unknown>, options: Partial<DatabaseOptions>, t: TFunction): Fact[] => facts(OPTIONS, row, options, t);

const sizeOf = (kb: number) => formatSize(kb * 1024);

/** Disk use per part and in total (the data tiers as one; cache, metadata and S3 only when used). */
export function diskFacts(usage: DiskUsage, t: TFunction): Fact[] {
  const data = usage.data1 + usage.data2 + usage.data3;
  const local = data + usage.wal + usage.cache_rdb + usage.table_meta;
  const parts: Array<[string, number, boolean]> = [
    ['diskTotal', local, true],
    ['diskData', data, true],
    ['diskWal', usage.wal, true],
    ['diskCache', usage.cache_rdb, usage.cache_rdb > 0],
    ['diskMeta', usage.table_meta, usage.table_meta > 0],
    ['diskS3', usage.s3, usage.s3 > 0],
    ['diskRaw', usage.raw_data, true],
  ];
  return parts.filter(([, , shown]) => shown).map(([key, kb]) => ({ key, label: t(`explorer.db.info.${key}` as WebKey), value: sizeOf(kb) }));
}
