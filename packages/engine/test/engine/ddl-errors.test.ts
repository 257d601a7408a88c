import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TdCode } from '../../src/errors';
import { openTestEngine, type TestEngine } from './helpers';

/*
 * Error codes of DDL, INSERT and system-table statements as the reference server answers them (expected codes from the
 * conformance goldens, case file named on each test).
 */
let t: TestEngine;

beforeAll(async () => {
  t = await openTestEngine();
});
afterAll(async () => {
  await t.close();
});

describe('database DDL errors (01_databases)', () => {
  it('refuses to create or drop a system database with 0x0200 naming it', async () => {
    await expect(t.run('create database information_schema')).rejects.toMatchObject({
      code: TdCode.TSC_INVALID_OPERATION,
      message: 'Cannot create system database: `information_schema`',
    });
    await expect(t.run('drop database performance_schema')).rejects.toMatchObject({
      code: TdCode.TSC_INVALID_OPERATION,
      message: 'Cannot drop system database: `performance_schema`',
    });
  });

  it('answers REPLICA 2 with "Invalid database options" and REPLICA 3 with "Out of dnodes", creating nothing', async () => {
    await expect(t.run('create database r2 replica 2')).rejects.toMatchObject({ code: TdCode.INVALID_DB_OPTION });
    await expect(t.run('create database r3 replica 3')).rejects.toMatchObject({ code: TdCode.MND_NO_ENOUGH_DNODES });
    await expect(t.run('create database r4 replica 4')).rejects.toMatchObject({ code: TdCode.PAR_INVALID_DB_OPTION });
    expect(t.engine.catalog.findDatabase('r3')).toBeUndefined();
    await t.run('create database r1 replica 1');
    await expect(t.run('alter database r1 replica 3')).rejects.toMatchObject({ code: TdCode.MND_NO_ENOUGH_DNODES });
  });

  it('on a high-availability instance (limits dnodes 3) keeps three replicas; two stay invalid', async () => {
    t.engine.catalog.setLimits(() => ({ dnodes: 3 }));
    try {
      await t.run('create database ha3 replica 3');
      expect(t.engine.catalog.findDatabase('ha3')?.options.replica).toBe(3);
      await t.run('alter database r1 replica 3');
      await expect(t.run('create database ha2 replica 2')).rejects.toMatchObject({ code: TdCode.INVALID_DB_OPTION });
    } finally {
      t.engine.catalog.setLimits(() => ({}));
    }
  });

  it('takes a sign only where the grammar has one: -1 elsewhere is a syntax error', async () => {
    await expect(t.run('create database neg wal_fsync_period -1')).rejects.toMatchObject({ code: TdCode.SYNTAX_ERROR });
    await expect(t.run("create database neg precision 'MS' vgroups -1")).rejects.toMatchObject({ code: TdCode.SYNTAX_ERROR });
    await t.run('create database neg wal_retention_period -1 table_prefix -3');
    expect(t.engine.catalog.database('neg').options).toMatchObject({ walRetentionPeriod: -1, tablePrefix: -3 });
  });
});

describe('table DDL errors (05_tables_alter)', () => {
  beforeAll(async () => {
    await t.run('create database p_tb');
    await t.run('create stable p_tb.dev (ts timestamp, a int) tags (t1 int, t2 int)');
    await t.run('create table p_tb.d1 using p_tb.dev tags (1, 2)');
    await t.run('create table p_tb.nt (ts timestamp, xx int, y int)');
  });

  it('names a missing column or tag in the translator codes, 0x2602 and 0x260e', async () => {
    await expect(t.run('alter stable p_tb.dev drop tag nosuch')).rejects.toMatchObject({
      code: TdCode.INVALID_TAG_NAME,
      message: 'Invalid tag name: nosuch',
    });
    await expect(t.run('alter stable p_tb.dev drop column nosuch')).rejects.toMatchObject({
      code: TdCode.INVALID_COLUMN,
      message: 'Invalid column name: nosuch',
    });
    await expect(t.run('alter stable p_tb.dev modify tag nosuch binary(8)')).rejects.toMatchObject({ code: TdCode.INVALID_TAG_NAME });
  });

  it('refuses dropping the timestamp: the mnode for a super table (0x03c2), the translator for a normal table', async () => {
    await expect(t.run('alter stable p_tb.dev drop column ts')).rejects.toMatchObject({ code: TdCode.MND_INVALID_STB_ALTER_OPTION });
    await expect(t.run('alter table p_tb.nt drop column ts')).rejects.toMatchObject({ code: TdCode.INVALID_COLUMN });
  });

  it('says which kind of name a new column collides with, and duplicated names on rename', async () => {
    await expect(t.run('alter stable p_tb.dev add column t1 int')).rejects.toMatchObject({ code: TdCode.TAG_ALREADY_EXISTS });
    await expect(t.run('alter stable p_tb.dev add column a int')).rejects.toMatchObject({ code: TdCode.COLUMN_ALREADY_EXISTS });
    await expect(t.run('alter table p_tb.nt rename column xx y')).rejects.toMatchObject({ code: TdCode.PAR_DUPLICATED_COLUMN });
  });

  it('answers "STable not exist" (866) for DROP/ALTER STABLE of a missing name or a child table', async () => {
    await expect(t.run('drop stable p_tb.nosuch')).rejects.toMatchObject({ code: 866, message: 'STable not exist' });
    await expect(t.run('drop stable p_tb.d1')).rejects.toMatchObject({ code: 866 });
    await expect(t.run('alter stable p_tb.d1 add column z int')).rejects.toMatchObject({ code: 866 });
  });

  it('answers SET TAG of an unknown tag with 0x2649 naming it', async () => {
    await expect(t.run('alter table p_tb.d1 set tag nosuch = 1')).rejects.toMatchObject({
      code: TdCode.PAR_INVALID_ALTER_TABLE,
      message: 'Invalid tag name: nosuch',
    });
  });

  it('answers a normal table over a super table name with "Table already exists"', async () => {
    await expect(t.run('create table p_tb.dev (ts timestamp, v int)')).rejects.toMatchObject({ code: TdCode.TABLE_ALREADY_EXISTS });
  });
});

describe('DROP TABLE of a list (05_tables_alter#125)', () => {
  it('resolves every name first: one missing is 9731 and nothing is dropped', async () => {
    await t.run('create database p_drl');
    await t.run('create stable p_drl.st (ts timestamp, v int) tags (k int)');
    await t.run('create table p_drl.c1 using p_drl.st tags (1)');
    await t.run('create table p_drl.n1 (ts timestamp, v int)');
    await expect(t.run('drop table p_drl.c1, p_drl.n1, p_drl.nosuch')).rejects.toMatchObject({ code: TdCode.TABLE_NOT_EXIST });
    expect(t.engine.catalog.lookup('p_drl', 'c1')?.kind).toBe('child');
    expect(t.engine.catalog.lookup('p_drl', 'n1')?.kind).toBe('normal');
    await t.run('drop table p_drl.c1, p_drl.n1, if exists p_drl.nosuch');
    expect(t.engine.catalog.lookup('p_drl', 'c1')).toBeUndefined();
    expect(t.engine.catalog.lookup('p_drl', 'n1')).toBeUndefined();
  });
});

describe('schema and row-width errors (05_tables_alter, 06_insert)', () => {
  it('refuses a table of the timestamp alone (0x263f) and a JSON data column (0x2652)', async () => {
    await t.run('create database p_sch');
    await expect(t.run('create table p_sch.e3 (ts timestamp)')).rejects.toMatchObject({
      code: TdCode.PAR_INVALID_COLUMNS_NUM,
      message: 'Illegal number of columns',
    });
    await expect(t.run('create stable p_sch.s3 (ts timestamp) tags (t int)')).rejects.toMatchObject({ code: TdCode.PAR_INVALID_COLUMNS_NUM });
    await expect(t.run('create table p_sch.e17 (ts timestamp, v json)')).rejects.toMatchObject({
      code: TdCode.PAR_INVALID_COLUMN_JSON,
      message: 'Only tag can be json type',
    });
  });

  it('answers an INSERT row of the wrong width with "Illegal number of columns" (0x263f)', async () => {
    await t.run('create table p_sch.a (ts timestamp, v int)');
    await expect(t.run("insert into p_sch.a values ('2024-01-01 00:05:00', 1, 'x')")).rejects.toMatchObject({
      code: TdCode.PAR_INVALID_COLUMNS_NUM,
    });
  });
});

describe('user option errors (19_views_users)', () => {
  it('answers a user flag outside [0, 1] with 0x011a naming the option', async () => {
    await t.run("create user p_user1 pass 'Abc_12345'");
    await expect(t.run('alter user p_user1 enable 2')).rejects.toMatchObject({
      code: TdCode.INVALID_OPTION,
      message: 'Invalid option enable: 2, valid range: [0, 1]',
    });
    await expect(t.run("create user p_user2 pass 'Abc_12345' sysinfo 3")).rejects.toMatchObject({ code: TdCode.INVALID_OPTION });
    await t.run('alter user p_user1 enable 0');
    expect(t.engine.catalog.user('p_user1').enable).toBe(false);
  });
});

describe('statements on system databases (20_system_tables, 21_delete)', () => {
  it('refuses DDL, DELETE and INSERT there before looking the database up', async () => {
    await expect(t.run('create table information_schema.t (ts timestamp, v int)')).rejects.toMatchObject({
      code: TdCode.TSC_INVALID_OPERATION,
      message: 'Cannot create table of system database: `information_schema`.`t`',
    });
    await expect(t.run('drop table information_schema.ins_tables')).rejects.toMatchObject({
      code: TdCode.TSC_INVALID_OPERATION,
      message: 'Cannot drop table of system database: `information_schema`.`ins_tables`',
    });
    await expect(t.run('delete from information_schema.ins_tables')).rejects.toMatchObject({
      code: TdCode.TSC_INVALID_OPERATION,
      message: 'Cannot delete from system database: `information_schema`',
    });
    await expect(t.run("insert into information_schema.ins_users values ('x', 1)")).rejects.toMatchObject({
      code: TdCode.PAR_SYSTABLE_NOT_ALLOWED,
    });
  });

  it('answers SHOW TABLES without a database with a syntax error, SELECT with 0x2616', async () => {
    await expect(t.run('show tables')).rejects.toMatchObject({ code: TdCode.SYNTAX_ERROR, message: 'database not specified' });
    await expect(t.run('select * from s1')).rejects.toMatchObject({ code: TdCode.DB_NOT_SPECIFIED });
  });
});

describe('table kind errors of SHOW and the primary key (20_system_tables, 23_errors)', () => {
  beforeAll(async () => {
    await t.run('create database p_sys');
    await t.run('create stable p_sys.s (ts timestamp, v int) tags (t int)');
    await t.run('create table p_sys.c1 using p_sys.s tags (1)');
    await t.run('create table p_sys.n1 (ts timestamp, v int)');
  });

  it('SHOW CREATE STABLE of a child table is 559, SHOW TABLE TAGS of a normal table 9829', async () => {
    await expect(t.run('show create stable p_sys.c1')).rejects.toMatchObject({ code: TdCode.TSC_NOT_STABLE, message: 'Table is not a super table' });
    await expect(t.run('show table tags from p_sys.n1')).rejects.toMatchObject({ code: TdCode.PAR_TAGS_OF_NORMAL_TABLE });
    await expect(t.run('show create stable p_sys.nosuch')).rejects.toMatchObject({ code: TdCode.TABLE_NOT_EXIST });
  });

  it('a primary key anywhere but the second column is 0x2678', async () => {
    await expect(t.run('create table p_sys.x (ts timestamp primary key, v int)')).rejects.toMatchObject({ code: TdCode.PAR_SECOND_COL_PK });
  });
});

describe('DELETE conditions (21_delete)', () => {
  it('refuses a data column in the condition with 9813 "must only have a definite time window range"', async () => {
    await t.run('create database p_del');
    await t.run('create table p_del.n (ts timestamp, v int)');
    await t.run("insert into p_del.n values ('2024-01-01 00:00:00', 1) ('2024-01-01 00:00:01', 5)");
    for (const sql of ['delete from p_del.n where v > 3', "delete from p_del.n where ts > '2024-01-01' or v = 1"]) {
      await expect(t.run(sql)).rejects.toMatchObject({
        code: TdCode.DELETE_NEEDS_TIME_RANGE,
        message: 'The DELETE statement must only have a definite time window range',
      });
    }
    await expect(t.run('delete from p_del.n where nosuch > 3')).rejects.toMatchObject({ code: TdCode.INVALID_COLUMN });
    expect(await t.rows('p_del', 'n')).toHaveLength(2);
  });

  it('refuses tbname (9804) and a time text that is no time (295); without WHERE deletes every row', async () => {
    await t.run('create database p_del2');
    await t.run('create stable p_del2.st (ts timestamp, v int) tags (g int)');
    await t.run("insert into p_del2.s1 using p_del2.st tags (1) values ('2024-01-01 00:00:00', 1) p_del2.s2 using p_del2.st tags (2) values ('2024-01-01 00:00:00', 2)");
    await expect(t.run("delete from p_del2.st where tbname = 's1'")).rejects.toMatchObject({ code: TdCode.PAR_INVALID_TBNAME, message: 'Invalid tbname pseudo column' });
    await expect(t.run("delete from p_del2.st where tbname = 's1' and ts < now")).rejects.toMatchObject({ code: TdCode.PAR_INVALID_TBNAME });
    await expect(t.run("delete from p_del2.s1 where ts > 'abc'")).rejects.toMatchObject({ code: 295, message: 'Invalid timestamp format' });
    // a child table's DELETE without WHERE empties that child only; a super table's empties all of them
    expect(await t.run('delete from p_del2.s1')).toEqual({ kind: 'affected', affectedRows: 1 });
    expect(await t.rows('p_del2', 's2')).toHaveLength(1);
    expect(await t.run('delete from p_del2.st')).toEqual({ kind: 'affected', affectedRows: 1 });
    expect(await t.rows('p_del2', 's2')).toHaveLength(0);
  });
});

describe('INSERT into a super table (06_insert)', () => {
  it('a column list without tbname is 0x0200 "tbname column should not be null"', async () => {
    await t.run('create database p_ins');
    await t.run('create stable p_ins.m (ts timestamp, v int) tags (g int)');
    await expect(t.run("insert into p_ins.m (ts, v) values ('2024-01-01 00:00:00', 1)")).rejects.toMatchObject({
      code: TdCode.TSC_INVALID_OPERATION,
      message: 'tbname column should not be null',
    });
  });

  it('VALUES without a column list is the insert parser 534, right after the super table name', async () => {
    await t.run('create database p_ins3');
    await t.run('create stable p_ins3.m (ts timestamp, v int) tags (g int)');
    await expect(t.run("insert into p_ins3.m values ('2024-01-01 00:00:00', 1)")).rejects.toMatchObject({
      code: 534,
      message: "syntax error near ' values ('2024-01-01 00:00:00', 1)' ((...tbname, ts...) bounded cols is expected for supertable insertion)",
    });
  });
});
