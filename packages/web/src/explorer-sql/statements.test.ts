import { describe, expect, it } from 'vitest';
import { alterDatabaseSql, createDatabaseSql, DATABASE_DEFAULTS, defaultDatabaseOptions, dropDatabaseSql, optionAvailable, DATABASE_OPTIONS, ALTERABLE_OPTIONS } from './database';
import { naturalOrderSql } from './order';
import { alterStableSql, createStableSql, defaultStableForm, dropStableSql, stablePageSql, stableSearchSql, tagValuesSql, childCountsSql } from './stable';
import { alterNormalTableSql, createChildTableSql, createNormalTableSql, describedFields, dropTableSql, setTagValuesSql, tagValueLiteral, tablesPageSql, tablesCountSql } from './table';
import { canAdd, filterSql, newGroup, newRule, operatorsFor, ruleProblem, valueLiteral, withOperator, type FilterRule } from './filter';
import { quoteText as quote } from '@tscloud/contracts/sql';
import { compareVersions, nameProblem, ref, storedName } from './literal';
import { compressionDefaults, compressOptions, encodeOptions, typeText } from './types';

/** The exact statements the explorer sends (engine.test.ts runs them against the engine). */
const V33 = '3.3.0.0-tscloud';
const V30 = '3.0.1.0';

describe('names and literals', () => {
  it('accepts identifiers, refuses reserved words unless wrapped, folds case', () => {
    expect(nameProblem('power_1')).toBeNull();
    expect(nameProblem('1power')).toBe('format');
    expect(nameProblem('my-db')).toBe('format');
    expect(nameProblem('')).toBe('required');
    expect(nameProblem('select')).toBe('reserved');
    expect(nameProblem('`select`')).toBeNull();
    expect(storedName('Power')).toBe('power');
    expect(storedName('`Power`')).toBe('Power');
    expect(ref('power')).toBe('power');
    expect(ref('Power')).toBe('`Power`');
    expect(ref('keep')).toBe('`keep`');
  });

  it('escapes backslash, single and double quotes', () => {
    expect(quote(`a'b\\c"d`)).toBe(`'a\\'b\\\\c\\"d'`);
  });

  it('compares versions with suffixes', () => {
    expect(compareVersions('3.3.0.0-tscloud', '3.3.0.0')).toBe(0);
    expect(compareVersions('3.2.9.9', '3.3.0.0')).toBeLessThan(0);
    expect(compareVersions('3.10.0.0', '3.3.0.0')).toBeGreaterThan(0);
  });
});

describe('databases', () => {
  it('creates with every option of the version, string options quoted', () => {
    expect(createDatabaseSql('power', DATABASE_DEFAULTS, V33)).toBe(
      "CREATE DATABASE power BUFFER 32 CACHEMODEL 'none' CACHESIZE 1 COMP 2 DURATION 10d WAL_FSYNC_PERIOD 3000 MAXROWS 4096 MINROWS 100 KEEP 3650d PAGES 256 PAGESIZE 4 PRECISION 'ms' REPLICA 1 WAL_LEVEL 1 VGROUPS 1 SINGLE_STABLE 0 WAL_RETENTION_PERIOD 3600 WAL_RETENTION_SIZE 0 STT_TRIGGER 1 TSDB_PAGESIZE 4",
    );
  });

  it('older versions get strict and the WAL roll options, not the storage options', () => {
    expect(createDatabaseSql('power', { ...DATABASE_DEFAULTS, strict: 'on', retentions: '-:7d,1m:21d,15m:50d' }, '3.0.0.0')).toBe(
      "CREATE DATABASE power BUFFER 32 CACHEMODEL 'none' CACHESIZE 1 COMP 2 DURATION 10d WAL_FSYNC_PERIOD 3000 MAXROWS 4096 MINROWS 100 KEEP 3650d PAGES 256 PAGESIZE 4 PRECISION 'ms' REPLICA 1 RETENTIONS '-:7d,1m:21d,15m:50d' STRICT 'on' WAL_LEVEL 1 VGROUPS 1 SINGLE_STABLE 0 WAL_RETENTION_PERIOD 3600 WAL_RETENTION_SIZE 0 WAL_ROLL_PERIOD 0 WAL_SEGMENT_SIZE 0",
    );
    expect(optionAvailable(DATABASE_OPTIONS.find((o) => o.key === 'stt_trigger')!, V30)).toBe(false);
    expect(optionAvailable(DATABASE_OPTIONS.find((o) => o.key === 'stt_trigger')!, '3.0.2.0')).toBe(true);
    expect(optionAvailable(DATABASE_OPTIONS.find((o) => o.key === 'strict')!, V30)).toBe(true);
    expect(optionAvailable(DATABASE_OPTIONS.find((o) => o.key === 'strict')!, V33)).toBe(false);
  });

  it('table prefix and suffix are sent only when set; keep values are joined', () => {
    expect(createDatabaseSql('`Db`', { ...DATABASE_DEFAULTS, keep: '30d, 60d ,90d', table_prefix: 2, table_suffix: -1 }, V33)).toContain(
      'KEEP 30d,60d,90d PAGES',
    );
    expect(createDatabaseSql('`Db`', { ...DATABASE_DEFAULTS, table_prefix: 2, table_suffix: -1 }, V33)).toMatch(/^CREATE DATABASE `Db` .* TSDB_PAGESIZE 4 TABLE_PREFIX 2 TABLE_SUFFIX -1$/);
  });

  it('a highly available instance defaults to three replicas', () => {
    expect(defaultDatabaseOptions({ ha: 1 }).replica).toBe(3);
    expect(defaultDatabaseOptions({ ha: 0 }).replica).toBe(1);
  });

  it('refuses reserved database names', () => {
    expect(() => createDatabaseSql('information_schema', DATABASE_DEFAULTS, V33)).toThrow();
    expect(() => createDatabaseSql('PERFORMANCE_SCHEMA', DATABASE_DEFAULTS, V33)).toThrow();
    expect(() => dropDatabaseSql('information_schema')).toThrow();
  });

  it('alters only the alterable options that changed, and nothing when nothing changed', () => {
    expect(ALTERABLE_OPTIONS).toEqual(['cachemodel', 'cachesize', 'wal_fsync_period', 'keep', 'wal_level']);
    expect(alterDatabaseSql('power', DATABASE_DEFAULTS, { ...DATABASE_DEFAULTS })).toBeNull();
    expect(alterDatabaseSql('power', DATABASE_DEFAULTS, { ...DATABASE_DEFAULTS, buffer: 64 })).toBeNull();
    expect(alterDatabaseSql('power', { ...DATABASE_DEFAULTS, keep: '10d,20d' }, { ...DATABASE_DEFAULTS, keep: '10d, 20d' })).toBeNull();
    expect(alterDatabaseSql('power', DATABASE_DEFAULTS, { ...DATABASE_DEFAULTS, cachemodel: 'both', keep: '365d', wal_level: 2 })).toBe(
      "ALTER DATABASE power CACHEMODEL 'both' KEEP 365d WAL_LEVEL 2",
    );
    expect(dropDatabaseSql('Power')).toBe('DROP DATABASE `Power`');
  });
});

describe('super tables', () => {
  it('the default form has a timestamp and an int column and one int tag; 3.3.0 adds compression', () => {
    expect(defaultStableForm(V30)).toEqual({ name: '', columns: [{ field: 'ts', type: 'TIMESTAMP' }, { field: 'val', type: 'INT' }], tags: [{ field: 'tag1', type: 'INT', length: 8 }] });
    expect(defaultStableForm(V33).columns[0]).toEqual({ field: 'ts', type: 'TIMESTAMP', encode: 'delta-i', compress: 'lz4', level: 'medium' });
  });

  it('creates with typed columns, lengths and compression per type group', () => {
    const form = { ...defaultStableForm(V33), name: 'meters' };
    form.columns.push({ field: 'current', type: 'FLOAT', compress: 'tsz', level: 'high' }, { field: 'id', type: 'VARCHAR', length: 64 }, { field: 'ok', type: 'BOOL' });
    form.tags.push({ field: 'location', type: 'NCHAR', length: 20 });
    expect(createStableSql('power', form, V33)).toBe(
      "CREATE STABLE power.meters (ts TIMESTAMP ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium', val INT ENCODE 'simple8b' COMPRESS 'lz4' LEVEL 'medium', current FLOAT ENCODE 'delta-d' COMPRESS 'tsz' LEVEL 'high', id VARCHAR(64) ENCODE 'disabled' COMPRESS 'lz4' LEVEL 'medium', ok BOOL ENCODE 'bit-packing' COMPRESS 'lz4' LEVEL 'medium') TAGS (tag1 INT, location NCHAR(20))",
    );
    expect(createStableSql('power', { ...defaultStableForm(V30), name: '`Meters`' }, V30)).toBe('CREATE STABLE power.`Meters` (ts TIMESTAMP, val INT) TAGS (tag1 INT)');
  });

  it('type groups: encodings, compressors and defaults', () => {
    expect(encodeOptions('INT')).toEqual(['simple8b']);
    expect(encodeOptions('BIGINT UNSIGNED')).toEqual(['delta-i', 'simple8b']);
    expect(encodeOptions('DOUBLE')).toEqual(['delta-d']);
    expect(encodeOptions('NCHAR')).toEqual(['disabled']);
    expect(encodeOptions('BOOL')).toEqual(['bit-packing']);
    expect(compressOptions('FLOAT')).toEqual(['lz4', 'zlib', 'zstd', 'tsz']);
    expect(compressOptions('INT')).toEqual(['lz4', 'zlib', 'zstd', 'xz']);
    expect(compressionDefaults('TIMESTAMP')).toEqual({ encode: 'delta-i', compress: 'lz4', level: 'medium' });
    expect(typeText('VARBINARY', 100)).toBe('VARBINARY(100)');
    expect(typeText('INT', 8)).toBe('INT');
  });

  it('alters: drop, rename, widen, compression, add — one change per statement; nothing when unchanged', () => {
    const before = {
      name: 'meters',
      columns: [
        { field: 'ts', origin: 'ts', type: 'TIMESTAMP' as const, length: 8, encode: 'delta-i', compress: 'lz4', level: 'medium' },
        { field: 'v', origin: 'v', type: 'INT' as const, length: 4, encode: 'simple8b', compress: 'lz4', level: 'medium' },
        { field: 'name', origin: 'name', type: 'VARCHAR' as const, length: 10, encode: 'disabled', compress: 'lz4', level: 'medium' },
      ],
      tags: [{ field: 'loc', origin: 'loc', type: 'VARCHAR' as const, length: 10 }],
    };
    expect(alterStableSql('power', 'meters', before, before, V33)).toEqual([]);
    const after = {
      name: 'meters',
      columns: [before.columns[0], { ...before.columns[2], length: 20, level: 'high' }, { field: 'w', type: 'DOUBLE' as const }],
      tags: [{ ...before.tags[0], field: 'site', length: 30 }, { field: 'g', type: 'INT' as const }],
    };
    expect(alterStableSql('power', 'meters', before, after, V33)).toEqual([
      'ALTER STABLE power.meters DROP COLUMN v',
      'ALTER STABLE power.meters MODIFY COLUMN name VARCHAR(20)',
      "ALTER STABLE power.meters MODIFY COLUMN name LEVEL 'high'",
      "ALTER STABLE power.meters ADD COLUMN w DOUBLE ENCODE 'delta-d' COMPRESS 'lz4' LEVEL 'medium'",
      'ALTER STABLE power.meters RENAME TAG loc site',
      'ALTER STABLE power.meters MODIFY TAG site VARCHAR(30)',
      'ALTER STABLE power.meters ADD TAG g INT',
    ]);
    expect(dropStableSql('power', 'meters')).toBe('DROP STABLE power.meters');
  });

  it('list, search (LIKE with % and _ literal, at most 100), counts and tag values', () => {
    expect(stablePageSql('power', 16)).toBe(
      `SELECT stable_name, create_time, \`columns\`, \`tags\`, last_update FROM information_schema.ins_stables WHERE db_name = 'power' ORDER BY ${naturalOrderSql('stable_name')} LIMIT 8 OFFSET 16`,
    );
    expect(stableSearchSql('power', "a_b%'")).toBe(
      `SELECT stable_name, create_time, \`columns\`, \`tags\`, last_update FROM information_schema.ins_stables WHERE db_name = 'power' AND stable_name LIKE '%a\\\\_b\\\\%\\'%' ORDER BY ${naturalOrderSql('stable_name')} LIMIT 100`,
    );
    expect(childCountsSql('power', ['a', 'b'])).toBe(
      "SELECT stable_name, COUNT(*) AS total FROM information_schema.ins_tables WHERE db_name = 'power' AND stable_name IN ('a', 'b') GROUP BY stable_name",
    );
    expect(tagValuesSql('power', 'meters', 'g', 'INT', 20, 10)).toBe(
      "SELECT tag_value, COUNT(*) AS total FROM information_schema.ins_tags WHERE db_name = 'power' AND stable_name = 'meters' AND tag_name = 'g' GROUP BY tag_value ORDER BY total DESC, CAST(tag_value AS DOUBLE) LIMIT 10 OFFSET 20",
    );
    expect(tagValuesSql('power', 'meters', 'loc', 'VARCHAR', 0, 10)).toContain('ORDER BY total DESC, tag_value LIMIT 10 OFFSET 0');
  });
});

describe('tables', () => {
  it('tag values are quoted by type', () => {
    expect(tagValueLiteral('VARCHAR', "it's")).toBe("'it\\'s'");
    expect(tagValueLiteral('NCHAR', '12')).toBe("'12'");
    expect(tagValueLiteral('JSON', '{"a":1}')).toBe(`'{\\"a\\":1}'`);
    expect(tagValueLiteral('INT', ' 42 ')).toBe('42');
    expect(tagValueLiteral('DOUBLE', '-1.5e3')).toBe('-1.5e3');
    expect(tagValueLiteral('BOOL', 'TRUE')).toBe('true');
    expect(tagValueLiteral('TIMESTAMP', '1700000000000')).toBe('1700000000000');
    expect(tagValueLiteral('TIMESTAMP', '2024-01-01 00:00:00')).toBe("'2024-01-01 00:00:00'");
    expect(tagValueLiteral('INT', '')).toBe('NULL');
    expect(() => tagValueLiteral('INT', 'abc')).toThrow();
  });

  it('creates a child table USING its super table and a normal table', () => {
    expect(createChildTableSql('power', { name: 'd1001', stable: 'meters', tags: [{ field: 'loc', type: 'VARCHAR', value: 'SF' }, { field: 'group', type: 'INT', value: '2' }] })).toBe(
      "CREATE TABLE power.d1001 USING power.meters (loc, `group`) TAGS ('SF', 2)",
    );
    expect(createNormalTableSql('power', { name: 'log', columns: [{ field: 'ts', type: 'TIMESTAMP' }, { field: 'msg', type: 'NCHAR', length: 50 }] }, V30)).toBe(
      'CREATE TABLE power.log (ts TIMESTAMP, msg NCHAR(50))',
    );
  });

  it('alters a normal table, sets tag values, drops', () => {
    const before = [{ field: 'ts', origin: 'ts', type: 'TIMESTAMP' as const, length: 8 }, { field: 'msg', origin: 'msg', type: 'NCHAR' as const, length: 50 }];
    expect(alterNormalTableSql('power', 'log', before, [before[0], { ...before[1], field: 'text' }, { field: 'n', type: 'INT' }], V30)).toEqual([
      'ALTER TABLE power.log RENAME COLUMN msg text',
      'ALTER TABLE power.log ADD COLUMN n INT',
    ]);
    expect(setTagValuesSql('power', 'd1', [{ field: 'loc', type: 'VARCHAR', value: 'a' }, { field: 'g', type: 'INT', value: '1' }], [{ field: 'loc', type: 'VARCHAR', value: 'b' }, { field: 'g', type: 'INT', value: '1' }])).toEqual([
      "ALTER TABLE power.d1 SET TAG loc = 'b'",
    ]);
    expect(dropTableSql('power', 'd1')).toBe('DROP TABLE power.d1');
    expect(tablesCountSql('power', 'meters')).toBe("SELECT COUNT(*) AS total FROM information_schema.ins_tables WHERE db_name = 'power' AND stable_name = 'meters'");
    expect(tablesPageSql('power', 20)).toBe(
      `SELECT table_name, stable_name, \`type\`, create_time, \`columns\` FROM information_schema.ins_tables WHERE db_name = 'power' ORDER BY ${naturalOrderSql('table_name')} LIMIT 10 OFFSET 20`,
    );
    // The name search: % and _ escaped for LIKE, then the literal's own escapes (backslash, quotes).
    expect(tablesCountSql('power', null, "a_b%'")).toBe("SELECT COUNT(*) AS total FROM information_schema.ins_tables WHERE db_name = 'power' AND table_name LIKE '%a\\\\_b\\\\%\\'%'");
    expect(tablesPageSql('power', 0, 10, 'meters', 'd1')).toBe(
      `SELECT table_name, stable_name, \`type\`, create_time, \`columns\` FROM information_schema.ins_tables WHERE db_name = 'power' AND stable_name = 'meters' AND table_name LIKE '%d1%' ORDER BY ${naturalOrderSql('table_name')} LIMIT 10 OFFSET 0`,
    );
  });

  it('derives typeName from the DESCRIBE note', () => {
    const fields = describedFields(['field', 'type', 'length', 'note'], [['ts', 'TIMESTAMP', 8, ''], ['loc', 'VARCHAR', 24, 'TAG']]);
    expect(fields.map((f) => [f.field, f.typeName])).toEqual([['ts', 'column'], ['loc', 'tag']]);
  });
});

describe('advanced filter', () => {
  const rule = (over: Partial<FilterRule>): FilterRule => ({ ...newRule('f', 'INT'), ...over });

  it('operators by data type', () => {
    expect(operatorsFor('TIMESTAMP')).toEqual(['=', '!=', '>', '>=', '<', '<=', 'IN', 'NOT IN', 'IS NULL', 'IS NOT NULL', 'BETWEEN']);
    expect(operatorsFor('VARCHAR(20)')).toContain('LIKE');
    expect(operatorsFor('VARCHAR')).not.toContain('BETWEEN');
    expect(operatorsFor('DOUBLE')).not.toContain('LIKE');
    expect(operatorsFor('JSON')).toEqual(['CONTAINS']);
    expect(operatorsFor('BOOL')).toEqual(['=', '!=']);
  });

  it('values: escaped strings, numeric lists in brackets, ranges joined with AND, no value for IS NULL', () => {
    expect(valueLiteral('VARCHAR', `a'b"c\\`)).toBe(`'a\\'b\\"c\\\\'`);
    const tree = {
      ...newGroup('AND'),
      children: [
        rule({ field: 'n', type: 'INT', operator: 'IN', value: '1, 2,3' }),
        rule({ field: 'ts', type: 'TIMESTAMP', operator: 'BETWEEN', value: ['2024-01-01 00:00:00', '2024-02-01 00:00:00'] }),
        { ...newGroup('OR'), children: [rule({ field: 'loc', type: 'NCHAR', operator: 'LIKE', value: 'S%' }), rule({ field: 'loc', type: 'NCHAR', operator: 'IS NULL', value: '' })] },
      ],
    };
    expect(filterSql(tree)).toBe("n IN (1, 2, 3) AND ts BETWEEN '2024-01-01 00:00:00' AND '2024-02-01 00:00:00' AND (loc LIKE 'S%' OR loc IS NULL)");
  });

  it('operator change clears or pairs the value; adding needs every rule complete', () => {
    const r = rule({ value: '5' });
    expect(withOperator(r, 'IS NULL').value).toBe('');
    expect(withOperator(r, 'BETWEEN').value).toEqual(['5', '']);
    expect(withOperator({ ...r, operator: 'BETWEEN', value: ['1', '2'] }, '>').value).toBe('1');
    expect(ruleProblem(rule({ field: '' }))).toBe('field');
    expect(ruleProblem(rule({ operator: '' }))).toBe('operator');
    expect(ruleProblem(rule({ operator: 'BETWEEN', value: ['1', ''] }))).toBe('value');
    expect(ruleProblem(rule({ operator: 'IS NOT NULL', value: '' }))).toBeNull();
    const group = { ...newGroup(), children: [rule({ value: '1' }), rule({ value: '' })] };
    expect(canAdd(group)).toBe(false);
    expect(canAdd({ ...group, children: [rule({ value: '1' })] })).toBe(true);
  });
});
