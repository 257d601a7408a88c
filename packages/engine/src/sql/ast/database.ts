import type { Duration, Identifier } from './common';
import type { Expression } from './expression';

/** Database options whose value is a (possibly negative) integer. */
export type NumericDbOptionName =
  | 'VGROUPS'
  | 'REPLICA'
  | 'BUFFER'
  | 'PAGES'
  | 'PAGESIZE'
  | 'TSDB_PAGESIZE'
  | 'CACHESIZE'
  | 'COMP'
  | 'KEEP_TIME_OFFSET'
  | 'MINROWS'
  | 'MAXROWS'
  | 'WAL_LEVEL'
  | 'WAL_FSYNC_PERIOD'
  | 'WAL_RETENTION_PERIOD'
  | 'WAL_RETENTION_SIZE'
  | 'STT_TRIGGER'
  | 'SINGLE_STABLE'
  | 'TABLE_PREFIX'
  | 'TABLE_SUFFIX'
  | 'WITH_ARBITRATOR'
  | 'WAL_ROLL_PERIOD'
  | 'WAL_SEGMENT_SIZE'
  | 'S3_CHUNKPAGES'
  | 'S3_COMPACT'
  /** 3.3.7's names of the shared-storage options (SHOW CREATE DATABASE prints them) */
  | 'SS_CHUNKPAGES'
  | 'SS_COMPACT';

/** Database options whose value is a quoted string (STRICT, a 3.0 option, is not in 3.3.7.5's grammar). */
export type StringDbOptionName = 'PRECISION' | 'CACHEMODEL' | 'RETENTIONS' | 'DNODES' | 'ENCRYPT_ALGORITHM';

/** Database options whose value is one duration (`unit: null` for a bare number; its unit is the catalog's call). */
export type DurationDbOptionName = 'DURATION' | 'COMPACT_INTERVAL' | 'COMPACT_TIME_OFFSET' | 'S3_KEEPLOCAL' | 'SS_KEEPLOCAL';

/** Database options whose value is a comma list of durations. */
export type DurationListDbOptionName = 'KEEP' | 'COMPACT_TIME_RANGE';

export type DatabaseOption =
  | { name: NumericDbOptionName; value: number }
  | { name: StringDbOptionName; value: string }
  | { name: DurationDbOptionName; value: Duration }
  | { name: DurationListDbOptionName; value: Duration[] };

export type DatabaseOptionName = DatabaseOption['name'];

/** Options ALTER DATABASE accepts (facts §2.3); any other option after ALTER DATABASE is a syntax error. */
export const ALTERABLE_DB_OPTIONS: readonly DatabaseOptionName[] = [
  'BUFFER',
  'CACHEMODEL',
  'CACHESIZE',
  'PAGES',
  'REPLICA',
  'STT_TRIGGER',
  'WAL_LEVEL',
  'WAL_FSYNC_PERIOD',
  'KEEP',
  'KEEP_TIME_OFFSET',
  'WAL_RETENTION_PERIOD',
  'WAL_RETENTION_SIZE',
  'MINROWS',
  'COMPACT_INTERVAL',
  'COMPACT_TIME_RANGE',
  'COMPACT_TIME_OFFSET',
];

export interface CreateDatabaseStatement {
  kind: 'createDatabase';
  ifNotExists: boolean;
  name: Identifier;
  /** In source order; a repeated option keeps every occurrence (last one wins in the catalog). */
  options: DatabaseOption[];
}

export interface AlterDatabaseStatement {
  kind: 'alterDatabase';
  name: Identifier;
  options: DatabaseOption[];
}

export interface DropDatabaseStatement {
  kind: 'dropDatabase';
  ifExists: boolean;
  name: Identifier;
}

export interface UseStatement {
  kind: 'use';
  name: Identifier;
}

export interface FlushDatabaseStatement {
  kind: 'flushDatabase';
  name: Identifier;
}

export interface TrimDatabaseStatement {
  kind: 'trimDatabase';
  name: Identifier;
}

/** `COMPACT DATABASE db [START WITH t] [END WITH t]` */
export interface CompactDatabaseStatement {
  kind: 'compactDatabase';
  name: Identifier;
  start?: Expression;
  end?: Expression;
}
