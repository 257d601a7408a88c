import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TdCode } from '../../src/errors';
import type { StatementResult } from '../../src/format/result';
import { openTestEngine, type TestEngine } from './helpers';

/*
 * Rules found by the console's own SQL (conformance 39_console_sql, goldens recorded from TDengine 3.3.7.5): column
 * ENCODE/COMPRESS by type, the composite key's type and its name in DESCRIBE / SHOW CREATE, a quote in a SHOW CREATE
 * TABLE tag text, ins_topics' statement text, ins_disk_usage's `ss`, perf_consumers (no ins_consumers) and the row of a
 * SUBSCRIBE grant.
 */
let t: TestEngine;

const rowsOf = (r: StatementResult): unknown[][] => (r.kind === 'rows' ? r.rows : []);
const namesOf = (r: StatementResult): string[] => (r.kind === 'rows' ? r.columns.map((c) => c.name) : []);

beforeAll(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE cs VGROUPS 1');
  await t.run('CREATE STABLE cs.meters (ts TIMESTAMP, val INT, note VARCHAR(20)) TAGS (groupid INT, location VARCHAR(24))');
});
afterAll(async () => {
  await t.close();
});

describe('column ENCODE / COMPRESS / LEVEL by type (39#27, #28)', () => {
  it("refuses an encoding the type cannot take with 561 and tsz on a non-float column with 563", async () => {
    const encode = { code: TdCode.TSC_ENCODE_PARAM_ERROR };
    const compress = { code: TdCode.TSC_COMPRESS_PARAM_ERROR };
    await expect(t.run("CREATE STABLE cs.e1 (ts TIMESTAMP, v INT ENCODE 'delta-d') TAGS (t INT)")).rejects.toMatchObject(encode);
    await expect(t.run("CREATE TABLE cs.e2 (ts TIMESTAMP ENCODE 'simple8b', v INT)")).rejects.toMatchObject(encode);
    await expect(t.run("CREATE TABLE cs.e3 (ts TIMESTAMP, s VARCHAR(8) ENCODE 'simple8b')")).rejects.toMatchObject(encode);
    await expect(t.run("CREATE TABLE cs.e4 (ts TIMESTAMP, b BOOL ENCODE 'delta-i')")).rejects.toMatchObject(encode);
    await expect(t.run("CREATE TABLE cs.e5 (ts TIMESTAMP, v INT COMPRESS 'tsz')")).rejects.toMatchObject(compress);
    await expect(t.run("ALTER STABLE cs.meters ADD COLUMN bad INT ENCODE 'delta-i'")).rejects.toMatchObject(encode);
    await expect(t.run("ALTER STABLE cs.meters MODIFY COLUMN val ENCODE 'delta-d'")).rejects.toMatchObject(encode);
    await expect(t.run("ALTER STABLE cs.meters MODIFY COLUMN val COMPRESS 'tsz'")).rejects.toMatchObject(compress);
    expect(t.engine.catalog.database('cs').stables.e1).toBeUndefined();
  });

  it("takes 'disabled' for every type, delta-i or simple8b for 64-bit integers, tsz for FLOAT/DOUBLE", async () => {
    await t.run(
      "CREATE TABLE cs.ok1 (ts TIMESTAMP ENCODE 'disabled', a BIGINT ENCODE 'delta-i', b BIGINT UNSIGNED ENCODE 'simple8b', " +
        "d DOUBLE ENCODE 'delta-d' COMPRESS 'tsz', f FLOAT COMPRESS 'tsz', g BOOL ENCODE 'bit-packing', s NCHAR(4) ENCODE 'disabled' COMPRESS 'xz' LEVEL 'h')",
    );
    expect(rowsOf(await t.run('DESCRIBE cs.ok1')).map((r) => r.slice(4))).toEqual([
      ['disabled', 'lz4', 'medium'],
      ['delta-i', 'lz4', 'medium'],
      ['simple8b', 'lz4', 'medium'],
      ['delta-d', 'tsz', 'medium'],
      ['delta-d', 'tsz', 'medium'],
      ['bit-packing', 'zstd', 'medium'],
      ['disabled', 'xz', 'high'],
    ]);
  });
});

describe('the composite key (39#54, #55, #57)', () => {
  it('takes INT, INT UNSIGNED, BIGINT, BIGINT UNSIGNED and VARCHAR; any other type is 0x2679', async () => {
    await expect(t.run('CREATE TABLE cs.pk1 (ts TIMESTAMP, id DOUBLE PRIMARY KEY, v INT)')).rejects.toMatchObject({ code: TdCode.PAR_COL_PK_TYPE });
    await expect(t.run('CREATE TABLE cs.pk2 (ts TIMESTAMP, id NCHAR(8) PRIMARY KEY)')).rejects.toMatchObject({ code: TdCode.PAR_COL_PK_TYPE });
    await expect(t.run('CREATE STABLE cs.pk3 (ts TIMESTAMP, id SMALLINT PRIMARY KEY) TAGS (t INT)')).rejects.toMatchObject({ code: TdCode.PAR_COL_PK_TYPE });
    for (const type of ['INT', 'INT UNSIGNED', 'BIGINT', 'BIGINT UNSIGNED', 'VARCHAR(8)']) {
      await t.run(`CREATE TABLE cs.pk_ok (ts TIMESTAMP, id ${type} PRIMARY KEY, v DOUBLE)`);
      await t.run('DROP TABLE cs.pk_ok');
    }
  });

  it("is noted 'COMPOSITE KEY' in DESCRIBE and SHOW CREATE TABLE, whose text creates the table again", async () => {
    await t.run('CREATE TABLE cs.`Order` (ts TIMESTAMP, id INT PRIMARY KEY, amount DOUBLE)');
    expect(rowsOf(await t.run('DESCRIBE cs.`Order`')).map((r) => r.slice(0, 4))).toEqual([
      ['ts', 'TIMESTAMP', 8, ''],
      ['id', 'INT', 4, 'COMPOSITE KEY'],
      ['amount', 'DOUBLE', 8, ''],
    ]);
    const [[, text]] = rowsOf(await t.run('SHOW CREATE TABLE cs.`Order`'));
    expect(text).toBe('CREATE TABLE `Order` (`ts` TIMESTAMP, `id` INT COMPOSITE KEY, `amount` DOUBLE)');
    await t.run(String(text).replace('`Order`', 'cs.`Order2`'));
    expect(rowsOf(await t.run('DESCRIBE cs.`Order2`'))[1][3]).toBe('COMPOSITE KEY');
  });
});

describe('SHOW CREATE TABLE tag texts (39#58)', () => {
  it("writes a single quote bare inside the double quotes, escaping only the double quote and the backslash", async () => {
    await t.run("CREATE TABLE cs.d2 USING cs.meters (groupid, location) TAGS (2, 'O\\'Hare')");
    await t.run("CREATE TABLE cs.d3 USING cs.meters (groupid, location) TAGS (3, 'a\"b\\\\c')");
    expect(rowsOf(await t.run('SHOW CREATE TABLE cs.d2'))[0][1]).toBe('CREATE TABLE `d2` USING `meters` (`groupid`, `location`) TAGS (2, "O\'Hare")');
    const [[, text]] = rowsOf(await t.run('SHOW CREATE TABLE cs.d3'));
    expect(text).toBe('CREATE TABLE `d3` USING `meters` (`groupid`, `location`) TAGS (3, "a\\"b\\\\c")');
    // the text creates the table again with the same tag value
    await t.run(String(text).replace('`d3`', 'cs.`d3b`').replace('`meters`', 'cs.`meters`'));
    expect(await t.tags('cs', 'd3b')).toEqual([3, 'a"b\\c']);
  });
});

describe('system tables the console reads (39#102, #216, #221, #238)', () => {
  it("ins_disk_usage names the shared-storage column ss; s3 is an unknown column", async () => {
    const r = await t.run("SELECT wal, data1, data2, data3, cache_rdb, table_meta, ss, raw_data FROM information_schema.ins_disk_usage WHERE db_name = 'cs'");
    expect(namesOf(r)).toEqual(['wal', 'data1', 'data2', 'data3', 'cache_rdb', 'table_meta', 'ss', 'raw_data']);
    await expect(t.run("SELECT s3 FROM information_schema.ins_disk_usage")).rejects.toMatchObject({ code: TdCode.INVALID_COLUMN });
  });

  it('ins_topics keeps the statement lower-cased outside quotes, as the client sent it', async () => {
    await t.run("CREATE TOPIC `Cs_T1` AS SELECT ts, val FROM cs.meters WHERE note = 'ABC' AND groupid = 1");
    expect(rowsOf(await t.run("SELECT `sql` FROM information_schema.ins_topics WHERE topic_name = 'Cs_T1'"))).toEqual([
      ["create topic `Cs_T1` as select ts, val from cs.meters where note = 'ABC' and groupid = 1"],
    ]);
  });

  it('has perf_consumers (SHOW CONSUMERS) and no information_schema.ins_consumers', async () => {
    await expect(t.run('SELECT * FROM information_schema.ins_consumers')).rejects.toMatchObject({ code: TdCode.TABLE_NOT_EXIST });
    const perf = await t.run('SELECT consumer_id, consumer_group, `topics` FROM performance_schema.perf_consumers');
    expect(rowsOf(perf)).toEqual([]);
    expect(namesOf(await t.run('SHOW CONSUMERS'))).toContain('consumer_group');
  });

  it('lists a SUBSCRIBE grant with the topic under db_name and an empty table_name', async () => {
    await t.run("CREATE USER cs_member PASS 'Mb_pass_2024' SYSINFO 0");
    await t.run('GRANT SUBSCRIBE ON `Cs_T1` TO cs_member');
    const sql = "SELECT privilege, db_name, table_name FROM information_schema.ins_user_privileges WHERE user_name = 'cs_member'";
    expect(rowsOf(await t.run(sql))).toEqual([['subscribe', 'Cs_T1', '']]);
    await t.run('REVOKE SUBSCRIBE ON `Cs_T1` FROM cs_member');
    expect(rowsOf(await t.run(sql))).toEqual([]);
  });
});
