// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, type StatementResult } from 'tscloud-engine';
import { RESERVED_WORDS } from './keywords';
import { alterDatabaseSql, createDatabaseSql, databaseInfoSql, databaseOptions, defaultDatabaseOptions, dropDatabaseSql, optionsFromCreateDatabase, optionsFromDatabaseRow, showCreateDatabaseSql } from './database';
import { alterStableSql, childCountsSql, createStableSql, defaultStableForm, describeSql, dropStableSql, stableCountSql, stablePageSql, stableSearchSql, tagValuesCountSql, tagValuesSql } from './stable';
import { alterNormalTableSql, childTagsSql, createChildTableSql, createNormalTableSql, describedFields, dropTableSql, setTagValuesSql, tablesCountSql, tablesPageSql } from './table';
import { filteredChildTablesCountSql, filteredChildTablesSql, filterSql, newGroup, newRule, withOperator } from './filter';

/**
 * Every generated statement run against the real engine (packages/engine) in a temp directory; the result is read
 * back through DESCRIBE, SHOW and the information_schema tables.
 */
const VERSION = '3.3.0.0';
let engine: Engine;
let dir: string;

async function run(sql: string): Promise<StatementResult> {
  return engine.execute(sql, { user: 'root' });
}
async function rows(sql: string): Promise<Record<string, unknown>[]> {
  const r = await run(sql);
  if (r.kind !== 'rows') throw new Error(`no rows from ${sql}`);
  return r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c.name, row[i]])));
}
async function raw(sql: string): Promise<{ columns: string[]; rows: unknown[][] }> {
  const r = await run(sql);
  if (r.kind !== 'rows') throw new Error(`no rows from ${sql}`);
  return { columns: r.columns.map((c) => c.name), rows: r.rows };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-explorer-sql-'));
  // As a high-availability instance's engine (its limits.json says 3 dnodes): both the default of one replica and the
  // HA default of three are accepted.
  engine = await Engine.open({ dataDir: dir, limits: { dnodes: 3 } });
}, 60_000);

afterAll(async () => {
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('keywords', () => {
  it('a reserved word is refused by the engine as a bare name and accepted in backquotes', async () => {
    for (const word of ['precision', 'ttl', 'stream', 'value']) {
      expect(RESERVED_WORDS.has(word.toUpperCase())).toBe(true);
      await expect(run(`CREATE DATABASE ${word}`)).rejects.toThrow();
      await run(`CREATE DATABASE \`${word}\``);
      await run(`DROP DATABASE \`${word}\``);
    }
  });
});

describe('databases on the engine', () => {
  it('creates with every option, reads them back, alters only what changed, drops', async () => {
    const options = { ...defaultDatabaseOptions({ ha: 0 }), buffer: 64, cachemodel: 'last_row' as const, keep: '365d,730d', precision: 'us' as const, duration: '1d' };
    await run(createDatabaseSql('power', options, VERSION));
    const [row] = await rows(databaseInfoSql('power'));
    expect(row).toMatchObject({ name: 'power', buffer: 64, cachemodel: 'last_row', precision: 'us', duration: '1d', keep: '365d,730d,730d', replica: 1, vgroups: 1 });
    const read = optionsFromDatabaseRow(row);
    expect(read).toMatchObject({ buffer: 64, cachemodel: 'last_row', keep: '365d,730d,730d', precision: 'us', pages: 256, stt_trigger: 1 });

    expect(alterDatabaseSql('power', read, { ...read })).toBeNull();
    const alter = alterDatabaseSql('power', read, { ...read, cachesize: 8, wal_level: 2, keep: '400d', buffer: 99 });
    await run(alter!);
    const [after] = await rows(databaseInfoSql('power'));
    expect(after).toMatchObject({ cachesize: 8, wal_level: 2, keep: '400d,400d,400d', buffer: 64 });

    await run(dropDatabaseSql('power'));
    expect(await rows(databaseInfoSql('power'))).toEqual([]);
  });

  it('SHOW CREATE DATABASE gives back every non-default option, also to a user who cannot read the option columns of ins_databases', async () => {
    const options = { ...defaultDatabaseOptions({ ha: 0 }), buffer: 48, cachemodel: 'last_row' as const, cachesize: 4, keep: '100d,200d,300d', duration: '2d', precision: 'ns' as const, wal_level: 2, stt_trigger: 3, pages: 128, minrows: 50 };
    await run(createDatabaseSql('opts_db', options, VERSION));
    const [created] = (await raw(showCreateDatabaseSql('opts_db'))).rows;
    const parsed = optionsFromCreateDatabase(String(created[1]));
    expect(parsed).toMatchObject({ buffer: 48, cachemodel: 'last_row', cachesize: 4, keep: '100d,200d,300d', duration: '2d', precision: 'ns', wal_level: 2, stt_trigger: 3, pages: 128, minrows: 50 });

    await run("CREATE USER h12_reader PASS 'Reader_123' SYSINFO 0");
    await run('GRANT READ ON opts_db.* TO h12_reader');
    const asReader = async (sql: string) => {
      const r = await engine.execute(sql, { user: 'h12_reader' });
      if (r.kind !== 'rows') throw new Error(`no rows from ${sql}`);
      return r;
    };
    const info = await asReader(databaseInfoSql('opts_db'));
    const row = Object.fromEntries(info.columns.map((c, i) => [c.name, info.rows[0][i]]));
    expect(row).not.toHaveProperty('cachemodel');
    expect(optionsFromDatabaseRow(row).cachemodel).toBe('none');
    const readerCreate = await asReader(showCreateDatabaseSql('opts_db'));
    const read = databaseOptions(row, String(readerCreate.rows[0][1]));
    expect(read).toMatchObject({ ...parsed });
    expect(alterDatabaseSql('opts_db', read, { ...read })).toBeNull();
    await run('DROP USER h12_reader');
    await run(dropDatabaseSql('opts_db'));
  });

  it('a high-availability default (three replicas) and a backquoted name are accepted', async () => {
    await run(createDatabaseSql('`Ha_Db`', defaultDatabaseOptions({ ha: 1 }), VERSION));
    const [row] = await rows(databaseInfoSql('Ha_Db'));
    expect(row).toMatchObject({ name: 'Ha_Db', replica: 3 });
    await run(dropDatabaseSql('Ha_Db'));
  });
});

describe('super tables and tables on the engine', () => {
  beforeAll(async () => {
    await run(createDatabaseSql('plant', defaultDatabaseOptions({}), VERSION));
  });

  it('creates a super table with compression options, lists, counts, alters and drops it', async () => {
    const form = defaultStableForm(VERSION);
    form.name = 'meters';
    form.columns.push({ field: 'current', type: 'FLOAT', encode: 'delta-d', compress: 'tsz', level: 'high' }, { field: 'note', type: 'NCHAR', length: 20 });
    form.tags.push({ field: 'location', type: 'VARCHAR', length: 24 });
    await run(createStableSql('plant', form, VERSION));
    const described = describedFields(...Object.values(await raw(describeSql('plant', 'meters'))) as [string[], unknown[][]]);
    expect(described.map((f) => [f.field, f.type, f.length, f.typeName])).toEqual([
      ['ts', 'TIMESTAMP', 8, 'column'], ['val', 'INT', 4, 'column'], ['current', 'FLOAT', 4, 'column'], ['note', 'NCHAR', 20, 'column'],
      ['tag1', 'INT', 4, 'tag'], ['location', 'VARCHAR', 24, 'tag'],
    ]);
    expect(described[2]).toMatchObject({ encode: 'delta-d', compress: 'tsz', level: 'high' });
    expect(described[1]).toMatchObject({ encode: 'simple8b', compress: 'lz4', level: 'medium' });

    await run(createChildTableSql('plant', { name: 'd1', stable: 'meters', tags: [{ field: 'tag1', type: 'INT', value: '7' }, { field: 'location', type: 'VARCHAR', value: "O'Hare \\ \"T1\"" }] }));
    await run(createChildTableSql('plant', { name: 'd2', stable: 'meters', tags: [{ field: 'tag1', type: 'INT', value: '7' }, { field: 'location', type: 'VARCHAR', value: '' }] }));
    expect(await rows(childTagsSql('plant', 'd1'))).toEqual(
      expect.arrayContaining([expect.objectContaining({ tag_name: 'location', tag_value: "O'Hare \\ \"T1\"" }), expect.objectContaining({ tag_name: 'tag1', tag_value: '7' })]),
    );
    expect(await rows(stablePageSql('plant', 0))).toEqual([expect.objectContaining({ stable_name: 'meters' })]);
    expect(Number((await rows(stableCountSql('plant')))[0].total)).toBe(1);
    expect(await rows(stableSearchSql('plant', 'ete'))).toHaveLength(1);
    expect(await rows(stableSearchSql('plant', 'x_y'))).toHaveLength(0);
    expect((await rows(childCountsSql('plant', ['meters']))).map((r) => [r.stable_name, Number(r.total)])).toEqual([['meters', 2]]);
    expect((await rows(tagValuesSql('plant', 'meters', 'tag1', 'INT', 0, 10))).map((r) => [r.tag_value, Number(r.total)])).toEqual([['7', 2]]);
    expect(Number((await rows(tablesCountSql('plant', 'meters')))[0].total)).toBe(2);
    expect((await rows(tablesPageSql('plant', 1, 10, 'meters'))).map((r) => r.table_name)).toEqual(['d2']);

    const set = setTagValuesSql('plant', 'd2', [{ field: 'location', type: 'VARCHAR', value: '' }], [{ field: 'location', type: 'VARCHAR', value: 'Hall 2' }]);
    for (const s of set) await run(s);
    expect(await rows(childTagsSql('plant', 'd2'))).toEqual(expect.arrayContaining([expect.objectContaining({ tag_name: 'location', tag_value: 'Hall 2' })]));

    const where = filterSql({ ...newGroup('OR'), children: [withOperator({ ...newRule('location', 'VARCHAR'), value: 'Hall%' }, 'LIKE'), { ...newRule('tag1', 'INT'), operator: 'IN', value: '8, 9' }] });
    expect((await rows(filteredChildTablesSql('plant', 'meters', where, 0, 10))).map((r) => r.tbname)).toEqual(['d2']);

    const before = described.filter((f) => f.typeName === 'column');
    const beforeTags = described.filter((f) => f.typeName === 'tag');
    const statements = alterStableSql('plant', 'meters',
      { name: 'meters', columns: before, tags: beforeTags },
      {
        name: 'meters',
        columns: [...before.filter((c) => c.field !== 'val').map((c) => (c.field === 'note' ? { ...c, length: 40 } : c.field === 'current' ? { ...c, compress: 'zstd' } : c)), { field: 'voltage', type: 'INT' }],
        tags: [...beforeTags.map((t) => (t.field === 'location' ? { ...t, field: 'site', length: 64 } : t)), { field: 'group_id', type: 'BIGINT' }],
      },
      VERSION);
    for (const s of statements) await run(s);
    const afterAlter = describedFields(...Object.values(await raw(describeSql('plant', 'meters'))) as [string[], unknown[][]]);
    expect(afterAlter.map((f) => [f.field, f.type, f.length, f.typeName])).toEqual([
      ['ts', 'TIMESTAMP', 8, 'column'], ['current', 'FLOAT', 4, 'column'], ['note', 'NCHAR', 40, 'column'], ['voltage', 'INT', 4, 'column'],
      ['tag1', 'INT', 4, 'tag'], ['site', 'VARCHAR', 64, 'tag'], ['group_id', 'BIGINT', 8, 'tag'],
    ]);
    expect(afterAlter[1]).toMatchObject({ compress: 'zstd' });

    await run(dropTableSql('plant', 'd1'));
    expect(Number((await rows(tablesCountSql('plant', 'meters')))[0].total)).toBe(1);
    await run(dropStableSql('plant', 'meters'));
    expect(await rows(stablePageSql('plant', 0))).toEqual([]);
  });

  it('searches table names with % and _ taken literally and quotes escaped', async () => {
    await run('CREATE DATABASE finder');
    for (const name of ['a_b', 'axb', '`a%b`', 'ab']) await run(`CREATE TABLE finder.${name} (ts TIMESTAMP, v INT)`);
    const names = async (matcher: string) => (await rows(tablesPageSql('finder', 0, 10, null, matcher))).map((r) => r.table_name);
    const count = async (matcher: string) => Number((await rows(tablesCountSql('finder', null, matcher)))[0].total);
    expect(await names('a_b')).toEqual(['a_b']);
    expect(await names('a%b')).toEqual(['a%b']);
    expect(await names('b')).toEqual(['a%b', 'a_b', 'ab', 'axb']);
    expect(await count('x')).toBe(1);
    expect(await count("a'b")).toBe(0);
    expect(await count('a\\b')).toBe(0);
    await run('DROP DATABASE finder');
  });

  it('counts and pages the filter matches and a tag\'s values past 100, in natural and numeric order (issue 13 item 6)', async () => {
    await run('CREATE DATABASE many');
    await run('CREATE STABLE many.m (ts TIMESTAMP, v INT) TAGS (g INT, site VARCHAR(8))');
    const values = Array.from({ length: 300 }, (_, i) => `many.d${i} USING many.m TAGS (${i}, 's${String.fromCharCode(97 + (i % 12))}')`);
    await run(`CREATE TABLE ${values.join(' ')}`);
    const where = filterSql({ ...newRule('g', 'INT'), operator: '>=', value: '0' });
    expect(Number((await rows(filteredChildTablesCountSql('many', 'm', where)))[0].total)).toBe(300);
    expect((await rows(filteredChildTablesSql('many', 'm', where, 0, 10))).map((r) => r.tbname)).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9']);
    expect((await rows(filteredChildTablesSql('many', 'm', where, 290, 10))).map((r) => r.tbname)).toEqual(Array.from({ length: 10 }, (_, i) => `d${290 + i}`));
    expect((await rows(tablesPageSql('many', 8, 4, 'm'))).map((r) => r.table_name)).toEqual(['d8', 'd9', 'd10', 'd11']);
    expect(Number((await rows(tagValuesCountSql('many', 'm', 'g')))[0].total)).toBe(300);
    expect((await rows(tagValuesSql('many', 'm', 'g', 'INT', 8, 4))).map((r) => r.tag_value)).toEqual(['8', '9', '10', '11']);
    expect(Number((await rows(tagValuesCountSql('many', 'm', 'site')))[0].total)).toBe(12);
    expect((await rows(tagValuesSql('many', 'm', 'site', 'VARCHAR', 0, 12))).map((r) => r.tag_value)).toEqual(Array.from({ length: 12 }, (_, i) => `s${String.fromCharCode(97 + i)}`));
    await run('DROP DATABASE many');
  });

  it('creates, alters and drops a normal table', async () => {
    await run(createNormalTableSql('plant', { name: 'log', columns: [{ field: 'ts', type: 'TIMESTAMP' }, { field: 'msg', type: 'VARCHAR', length: 10 }, { field: 'v', type: 'DOUBLE' }] }, VERSION));
    const before = describedFields(...Object.values(await raw(describeSql('plant', 'log'))) as [string[], unknown[][]]);
    const after = [before[0], { ...before[1], field: 'message', length: 100 }, { field: 'n', type: 'BIGINT' as const }];
    for (const s of alterNormalTableSql('plant', 'log', before, after, VERSION)) await run(s);
    const described = describedFields(...Object.values(await raw(describeSql('plant', 'log'))) as [string[], unknown[][]]);
    expect(described.map((f) => [f.field, f.type, f.length])).toEqual([['ts', 'TIMESTAMP', 8], ['message', 'VARCHAR', 100], ['n', 'BIGINT', 8]]);
    await run(dropTableSql('plant', 'log'));
    expect(Number((await rows(tablesCountSql('plant')))[0].total)).toBe(0);
  });
});
