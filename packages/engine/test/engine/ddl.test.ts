import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResultSet } from '../../src/format/result';
import { openTestEngine, type TestEngine } from './helpers';

let t: TestEngine;
const NOW = Date.now();

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE power');
  await t.run('CREATE STABLE power.meters (ts TIMESTAMP, current FLOAT, voltage INT) TAGS (groupid INT, location VARCHAR(24))');
});
afterEach(async () => t.close());

async function describeRows(name: string): Promise<unknown[][]> {
  return ((await t.run(`DESCRIBE ${name}`)) as ResultSet).rows;
}

describe('CREATE / DROP', () => {
  it('handles IF [NOT] EXISTS and the already-exists errors', async () => {
    await expect(t.run('CREATE DATABASE power')).rejects.toMatchObject({ code: 0x0381 });
    expect(await t.run('CREATE DATABASE IF NOT EXISTS power')).toEqual({ kind: 'affected', affectedRows: 0 });
    await expect(t.run('CREATE STABLE power.meters (ts TIMESTAMP, v INT) TAGS (t INT)')).rejects.toMatchObject({ code: 0x0360 });
    await t.run('CREATE STABLE IF NOT EXISTS power.meters (ts TIMESTAMP, v INT) TAGS (t INT)');
    await expect(t.run('DROP DATABASE nope')).rejects.toMatchObject({ code: 0x0388 });
    await t.run('DROP DATABASE IF EXISTS nope');
    await expect(t.run('DROP TABLE power.nope')).rejects.toMatchObject({ code: 0x2603 });
    await t.run('DROP TABLE IF EXISTS power.nope, IF EXISTS power.nope2');
  });

  it('validates schemas: first column timestamp, tags required, duplicate names, lengths', async () => {
    await expect(t.run('CREATE STABLE power.s1 (v INT, ts TIMESTAMP) TAGS (t INT)')).rejects.toMatchObject({ code: 0x2641 });
    await expect(t.run('CREATE TABLE power.n1 (ts TIMESTAMP, v INT, v INT)')).rejects.toMatchObject({ code: 0x263c });
    await expect(t.run('CREATE STABLE power.s2 (ts TIMESTAMP, v INT) TAGS (v INT)')).rejects.toMatchObject({ code: 0x263c });
    await expect(t.run('CREATE TABLE power.n2 (ts TIMESTAMP, v VARCHAR(70000))')).rejects.toMatchObject({ code: 0x2642 });
    // unknown ENCODE / COMPRESS / LEVEL names: 561 / 563 / 564, as TDengine 3.3.7.5 answers them
    await expect(t.run("CREATE TABLE power.n3 (ts TIMESTAMP, v INT ENCODE 'zip')")).rejects.toMatchObject({ code: 0x0231 });
    await expect(t.run("CREATE TABLE power.n3 (ts TIMESTAMP, v INT COMPRESS 'zip')")).rejects.toMatchObject({ code: 0x0233 });
    await expect(t.run("CREATE TABLE power.n3 (ts TIMESTAMP, v INT LEVEL 'x')")).rejects.toMatchObject({ code: 0x0234 });
  });

  it('creates child tables (multi-create, tag subsets) and drops a database with its file', async () => {
    await t.run("CREATE TABLE power.c1 USING power.meters TAGS (1, 'a') power.c2 USING power.meters (location) TAGS ('b')");
    expect(await t.tags('power', 'c1')).toEqual([1, 'a']);
    expect(await t.tags('power', 'c2')).toEqual([null, 'b']);
    await expect(t.run("CREATE TABLE power.c3 USING power.meters TAGS (1)")).rejects.toMatchObject({ code: 0x260d });
    // USING a normal table: read as a super table without tags, so the tags do not match (9741, 05#89); the insert
    // parser finds a value where `)` belongs (534, 38#226); nothing there is 9731
    await t.run('CREATE TABLE power.plain (ts TIMESTAMP, v INT)');
    await expect(t.run('CREATE TABLE power.c4 USING power.plain TAGS (1)')).rejects.toMatchObject({ code: 0x260d, message: 'Tags number not matched' });
    await expect(t.run(`INSERT INTO power.c4 USING power.plain TAGS (1) VALUES (${NOW}, 1)`)).rejects.toMatchObject({
      code: 0x0216,
      message: expect.stringMatching(/\) is expected\)$/),
    });
    await expect(t.run('CREATE TABLE power.c4 USING power.nothing TAGS (1)')).rejects.toMatchObject({ code: 0x2603 });
    const fs = await import('node:fs');
    const file = t.engine.storage.dbFile('power');
    expect(fs.existsSync(file)).toBe(true);
    await t.run('DROP DATABASE power');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('drops child tables with their rows and super tables with their children', async () => {
    await t.run(`INSERT INTO power.c1 USING power.meters TAGS (1, 'a') VALUES (${NOW}, 1, 1)`);
    await t.run('DROP TABLE power.c1');
    await expect(t.rows('power', 'c1')).rejects.toMatchObject({ code: 0x2603 });
    await t.run(`INSERT INTO power.c1 USING power.meters TAGS (1, 'a') VALUES (${NOW + 5}, 2, 2)`);
    expect(await t.rows('power', 'c1')).toEqual([[BigInt(NOW + 5), 2, 2]]);
    await t.run('DROP STABLE power.meters');
    expect(t.engine.catalog.lookup('power', 'c1')).toBeUndefined();
  });
});

describe('ALTER', () => {
  it('changes super table columns and tags, widening only', async () => {
    await t.run(`INSERT INTO power.c1 USING power.meters TAGS (1, 'a') VALUES (${NOW}, 1, 1)`);
    await t.run('ALTER STABLE power.meters ADD COLUMN phase FLOAT');
    await t.run('ALTER STABLE power.meters ADD TAG zone NCHAR(8)');
    await t.run('ALTER STABLE power.meters MODIFY TAG location VARCHAR(64)');
    await t.run('ALTER STABLE power.meters RENAME TAG zone region');
    await t.run('ALTER STABLE power.meters DROP COLUMN voltage');
    await t.run("ALTER STABLE power.meters MODIFY COLUMN phase ENCODE 'delta-d' COMPRESS 'zstd' LEVEL 'high'");
    expect(await describeRows('power.c1')).toEqual([
      ['ts', 'TIMESTAMP', 8, '', 'delta-i', 'lz4', 'medium'],
      ['current', 'FLOAT', 4, '', 'delta-d', 'lz4', 'medium'],
      ['phase', 'FLOAT', 4, '', 'delta-d', 'zstd', 'high'],
      ['groupid', 'INT', 4, 'TAG', 'disabled', 'disabled', 'disabled'],
      ['location', 'VARCHAR', 64, 'TAG', 'disabled', 'disabled', 'disabled'],
      ['region', 'NCHAR', 8, 'TAG', 'disabled', 'disabled', 'disabled'],
    ]);
    expect(await t.rows('power', 'c1')).toEqual([[BigInt(NOW), 1, null]]);
    await expect(t.run('ALTER STABLE power.meters MODIFY TAG location VARCHAR(10)')).rejects.toMatchObject({ code: 0x264b });
    await expect(t.run('ALTER STABLE power.meters MODIFY COLUMN current DOUBLE')).rejects.toMatchObject({ code: 0x264b });
    await expect(t.run('ALTER STABLE power.meters ADD COLUMN current INT')).rejects.toMatchObject({ code: 0x036b });
    await expect(t.run('ALTER STABLE power.meters DROP TAG nope')).rejects.toMatchObject({ code: 0x260e }); // translator: Invalid tag name
    await expect(t.run('ALTER STABLE power.meters DROP COLUMN ts')).rejects.toMatchObject({ code: 0x03c2 }); // mnode: Invalid stable alter options
  });

  it('changes normal tables: add, drop, modify, rename column', async () => {
    await t.run('CREATE TABLE power.n (ts TIMESTAMP, a INT, b VARCHAR(4))');
    await t.run(`INSERT INTO power.n VALUES (${NOW}, 1, 'x')`);
    await t.run('ALTER TABLE power.n ADD COLUMN c DOUBLE');
    await t.run('ALTER TABLE power.n RENAME COLUMN a aa');
    await t.run('ALTER TABLE power.n MODIFY COLUMN b VARCHAR(8)');
    await t.run('ALTER TABLE power.n DROP COLUMN c');
    await t.run(`INSERT INTO power.n (ts, aa, b) VALUES (${NOW + 1}, 2, 'longer')`);
    expect(await t.rows('power', 'n')).toEqual([
      [BigInt(NOW), 1, 'x'],
      [BigInt(NOW + 1), 2, 'longer'],
    ]);
    await expect(t.run('ALTER TABLE power.n ADD TAG t INT')).rejects.toMatchObject({ code: 0x2649 });
    // the timestamp column is renamed like any other (TDengine 3.3.7.5 accepts it): rows stay, writes and reads follow
    await t.run('ALTER TABLE power.n RENAME COLUMN ts tts');
    await t.run(`INSERT INTO power.n (tts, aa) VALUES (${NOW + 2}, 3)`);
    await t.run(`INSERT INTO power.n VALUES (${NOW + 2}, 4, 'z')`);
    expect(await describeRows('power.n')).toContainEqual(['tts', 'TIMESTAMP', 8, '', 'delta-i', 'lz4', 'medium']);
    expect(((await t.run('SELECT tts, aa FROM power.n ORDER BY tts')) as ResultSet).rows).toEqual([
      [BigInt(NOW), 1],
      [BigInt(NOW + 1), 2],
      [BigInt(NOW + 2), 4],
    ]);
  });

  it('SET TAG on a child changes what every old row reads', async () => {
    await t.run(`INSERT INTO power.c1 USING power.meters TAGS (1, 'a') VALUES (${NOW}, 1, 1)`);
    await t.run("ALTER TABLE power.c1 SET TAG location = 'moved', groupid = 7");
    expect(await t.tags('power', 'c1')).toEqual([7, 'moved']);
    await expect(t.run("ALTER TABLE power.c1 SET TAG nope = 1")).rejects.toMatchObject({ code: 0x2649 }); // 05_tables_alter#54
  });

  it('alters database options and rejects immutable ones', async () => {
    await t.run("ALTER DATABASE power CACHEMODEL 'last_row' BUFFER 64 KEEP 365d");
    const create = (await t.run('SHOW CREATE DATABASE power')) as ResultSet;
    expect(create.rows[0][1]).toContain("BUFFER 64 CACHESIZE 1 CACHEMODEL 'last_row'");
    expect(create.rows[0][1]).toContain('KEEP 365d,365d,365d');
    await expect(t.run('ALTER DATABASE power BUFFER 1')).rejects.toMatchObject({ code: 0x2619 });
  });
});

describe('views and SHOW CREATE', () => {
  it('creates and drops views, refusing name clashes', async () => {
    await t.run('CREATE VIEW power.v1 AS SELECT * FROM power.meters');
    // the stored text is the query's source text (case as the parser hands it over)
    expect(t.engine.catalog.findView('power', 'v1')?.sql).toMatch(/^select \* from power\.meters$/i);
    await expect(t.run('CREATE VIEW power.meters AS SELECT 1')).rejects.toMatchObject({ code: 0x266e });
    await t.run('CREATE VIEW power.v2 AS SELECT ts, voltage FROM meters');
    expect(await describeRows('power.v2')).toEqual([
      ['ts', 'TIMESTAMP', 8, 'VIEW COL', '', '', ''],
      ['voltage', 'INT', 4, 'VIEW COL', '', '', ''],
    ]);
    await t.run('DROP VIEW power.v1');
    await expect(t.run('DROP VIEW power.v1')).rejects.toMatchObject({ code: 0x04a1 });
    await t.run('DROP VIEW IF EXISTS power.v1');
  });

  it('prints SHOW CREATE STABLE/TABLE without column compression options, as TDengine does by default', async () => {
    await t.run("CREATE TABLE power.c1 USING power.meters TAGS (1, 'a')");
    const child = (await t.run('SHOW CREATE TABLE power.c1')) as ResultSet;
    expect(child.rows).toEqual([['c1', 'CREATE TABLE `c1` USING `meters` (`groupid`, `location`) TAGS (1, "a")']]);
    expect(child.columns).toEqual([
      { name: 'Table', type: 'VARCHAR', length: 193 },
      { name: 'Create Table', type: 'VARCHAR', length: 3145726 },
    ]);
    // even a column whose options differ from its type's defaults is printed without them (showFullCreateTableColumn 0)
    await t.run("ALTER STABLE power.meters MODIFY COLUMN current ENCODE 'disabled' COMPRESS 'zstd' LEVEL 'high'");
    expect(((await t.run('SHOW CREATE STABLE power.meters')) as ResultSet).rows[0][1]).toBe(
      'CREATE STABLE `meters` (`ts` TIMESTAMP, `current` FLOAT, `voltage` INT) TAGS (`groupid` INT, `location` VARCHAR(24))',
    );
    const db = (await t.run('SHOW CREATE DATABASE power')) as ResultSet;
    expect(db.columns.map((c) => c.length)).toEqual([63, 65517]);
  });
});
