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

  it('takes a sign only where the grammar has one: -1 elsewhere is a syntax error', async () => {
    await expect(t.run('create database neg wal_fsync_period -1')).rejects.toMatchObject({ code: TdCode.SYNTAX_ERROR });
    await expect(t.run("create database neg precision 'MS' vgroups -1")).rejects.toMatchObject({ code: TdCode.SYNTAX_ERROR });
    await t.run('create database neg wal_retention_period -1 table_prefix -3');
    expect(t.engine.catalog.database('neg').options).toMatchObject({ walRetentionPeriod: -1, tablePrefix: -3 });
  });
});
