import { describe, expect, it } from 'vitest';
import { DATABASE_DEFAULTS, alterDatabaseSql, databaseOptions, optionsFromCreateDatabase, showCreateDatabaseSql } from './database';

/** The engine's SHOW CREATE DATABASE text for `CREATE DATABASE power BUFFER 64 CACHEMODEL 'last_row' KEEP 365d,730d PRECISION 'us' DURATION 1d`. */
const ENGINE_OUTPUT =
  "CREATE DATABASE `power` BUFFER 64 CACHESIZE 1 CACHEMODEL 'last_row' COMP 2 DURATION 1d WAL_FSYNC_PERIOD 3000 MAXROWS 4096 MINROWS 100 STT_TRIGGER 2 KEEP 365d,730d,730d PAGES 256 PAGESIZE 4 PRECISION 'us' REPLICA 1 WAL_LEVEL 1 VGROUPS 2 SINGLE_STABLE 0 TABLE_PREFIX 0 TABLE_SUFFIX 0 TSDB_PAGESIZE 4 WAL_RETENTION_PERIOD 3600 WAL_RETENTION_SIZE 0 KEEP_TIME_OFFSET 0";

describe('SHOW CREATE DATABASE', () => {
  it('the statement names the database as a reference', () => {
    expect(showCreateDatabaseSql('power')).toBe('SHOW CREATE DATABASE power');
    expect(showCreateDatabaseSql('Ha_Db')).toBe('SHOW CREATE DATABASE `Ha_Db`');
  });

  it('reads every option of the engine’s statement, skipping names the form does not have', () => {
    expect(optionsFromCreateDatabase(ENGINE_OUTPUT)).toEqual({
      buffer: 64, cachesize: 1, cachemodel: 'last_row', comp: 2, duration: '1d', wal_fsync_period: 3000, maxrows: 4096, minrows: 100,
      stt_trigger: 2, keep: '365d,730d,730d', pages: 256, pagesize: 4, precision: 'us', replica: 1, wal_level: 1, vgroups: 2,
      single_stable: 0, table_prefix: 0, table_suffix: 0, tsdb_pagesize: 4, wal_retention_period: 3600, wal_retention_size: 0,
    });
  });

  it('reads TDengine 3.0’s form (durations in minutes, STRICT, a backquoted name with spaces is not mistaken for options)', () => {
    const text = "CREATE DATABASE `my db` BUFFER 96 CACHESIZE 1 CACHEMODEL 'both' COMP 2 DURATION 14400m WAL_FSYNC_PERIOD 3000 MAXROWS 4096 MINROWS 100 KEEP 5256000m,5256000m,5256000m PAGES 256 PAGESIZE 4 PRECISION 'ms' REPLICA 1 STRICT 'off' WAL_LEVEL 1 VGROUPS 2 SINGLE_STABLE 0";
    expect(optionsFromCreateDatabase(text)).toMatchObject({ buffer: 96, cachemodel: 'both', duration: '14400m', keep: '5256000m,5256000m,5256000m', strict: 'off', vgroups: 2 });
    expect(optionsFromCreateDatabase('not a statement')).toEqual({});
  });

  it('the statement’s values win over an ins_databases row without the option columns (a user without system-info rights)', () => {
    const options = databaseOptions({ name: 'power', create_time: '2026-01-01T00:00:00Z', ntables: 0 }, ENGINE_OUTPUT);
    expect(options).toMatchObject({ cachemodel: 'last_row', buffer: 64, keep: '365d,730d,730d', precision: 'us', stt_trigger: 2 });
    expect(databaseOptions({ name: 'power' }, null).cachemodel).toBe(DATABASE_DEFAULTS.cachemodel);
    // Only what changed against the real values is sent: leaving cachemodel alone sends nothing, choosing none sends it.
    expect(alterDatabaseSql('power', options, { ...options })).toBeNull();
    expect(alterDatabaseSql('power', options, { ...options, cachemodel: 'none' })).toBe("ALTER DATABASE power CACHEMODEL 'none'");
  });
});
