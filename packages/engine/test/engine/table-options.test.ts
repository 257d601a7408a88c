import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine';
import type { ResultSet } from '../../src/format/result';
import { openTestEngine, type TestEngine } from './helpers';

/*
 * TTL and COMMENT of child and normal tables, and how SHOW CREATE prints tables and databases (26_system_tables_more,
 * 27_insert_tags goldens).
 */
let t: TestEngine;
/** runs on the engine of the moment (a test reopens it) */
const run = (sql: string) => t.engine.execute(sql, { user: 'root' });

async function rows(sql: string, engine: Engine = t.engine): Promise<unknown[][]> {
  return ((await engine.execute(sql, { user: 'root' })) as ResultSet).rows;
}

const tablesSql = "select table_name, `ttl`, table_comment from information_schema.ins_tables where db_name = 'op' order by table_name";
const createOf = async (name: string, engine?: Engine) => (await rows(`show create table op.${name}`, engine))[0][1];

beforeAll(async () => {
  t = await openTestEngine();
  await run('create database op');
  await run('create stable op.st (ts timestamp, a int) tags (t1 int, t2 varchar(10), f float, d double)');
  await run("create table op.c1 using op.st tags (1, 'one', 1.5, 0.000125) ttl 10 comment 'child one'");
  await run('create table op.c2 using op.st (t1) tags (2)');
  await run("create table op.n1 (ts timestamp, x int) ttl 30 comment 'normal one'");
});
afterAll(async () => {
  await t.engine.close();
  await t.close();
});

describe('child table TTL and COMMENT', () => {
  it('are stored at CREATE TABLE … USING and shown by ins_tables', async () => {
    expect(await rows(tablesSql)).toEqual([
      ['c1', 10, 'child one'],
      ['c2', 0, null],
      ['n1', 30, 'normal one'],
    ]);
  });

  it('SHOW CREATE TABLE appends COMMENT when one was given (even empty) and TTL above 0; floats as %e', async () => {
    expect(await createOf('c1')).toBe(
      "CREATE TABLE `c1` USING `st` (`t1`, `t2`, `f`, `d`) TAGS (1, \"one\", 1.500000e+00, 1.250000e-04) COMMENT 'child one' TTL 10",
    );
    expect(await createOf('c2')).toBe('CREATE TABLE `c2` USING `st` (`t1`, `t2`, `f`, `d`) TAGS (2, NULL, NULL, NULL)');
    expect(await createOf('n1')).toBe("CREATE TABLE `n1` (`ts` TIMESTAMP, `x` INT) COMMENT 'normal one' TTL 30");
    await run("alter table op.c2 comment ''");
    await run('alter table op.c2 ttl 7');
    expect(await createOf('c2')).toMatch(/\) COMMENT '' TTL 7$/);
    await run('alter table op.c2 ttl 0');
    expect(await rows(tablesSql)).toContainEqual(['c2', 0, '']);
  });

  it('ALTER TABLE changes one option and keeps the other; they survive a restart and go with the table', async () => {
    await run('alter table op.c1 ttl 20');
    expect(await rows(tablesSql)).toContainEqual(['c1', 20, 'child one']);
    await t.engine.close();
    t.engine = await Engine.open({ dataDir: t.dir });
    expect(await rows(tablesSql)).toContainEqual(['c1', 20, 'child one']);
    await run('drop table op.c1');
    await run("create table op.c1 using op.st tags (1, 'one', 1.5, 2)");
    expect(await rows(tablesSql)).toContainEqual(['c1', 0, null]);
    await run("alter table op.c1 comment 'again'");
    await run('drop stable op.st');
    expect(t.engine.catalog.database('op').childOptions).toEqual({});
  });
});

describe('ins_tags and SHOW CREATE DATABASE texts', () => {
  it('ins_tags writes DOUBLE with nine decimals', async () => {
    await run('create stable op.s2 (ts timestamp, v int) tags (d double)');
    await run('create table op.k1 using op.s2 tags (1.5)');
    expect(await rows("select tag_value from information_schema.ins_tags where db_name = 'op' and table_name = 'k1'")).toEqual([['1.500000000']]);
  });

  it('SHOW CREATE DATABASE ends with the options TDengine 3.3.7.5 prints for encryption, shared storage and compaction', async () => {
    const [[, sql]] = await rows('show create database op');
    expect(sql).toMatch(
      / KEEP_TIME_OFFSET 0 ENCRYPT_ALGORITHM 'none' SS_CHUNKPAGES 131072 SS_KEEPLOCAL 525600m SS_COMPACT 1 COMPACT_INTERVAL 0d COMPACT_TIME_RANGE 0d,0d COMPACT_TIME_OFFSET 0h$/,
    );
  });
});
