import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemTable, systemTableNames } from '../../src/query/system';
import { createDemo, openSystemEngine, records, type SystemTestEngine } from './helpers';

let t: SystemTestEngine;

beforeEach(async () => {
  t = await openSystemEngine();
  await createDemo(t);
  await t.run("CREATE USER reader PASS 'r3ader_pw'");
  await t.run('GRANT READ ON power.* TO reader');
  await t.run("CREATE USER limited PASS 'l1mited_pw' SYSINFO 0");
  await t.run('GRANT READ ON other.* TO limited');
});
afterEach(async () => t.close());

const denied = { code: 0x2644, message: 'Permission denied' };
const names = (r: { rows: unknown[][] }): unknown[] => r.rows.map((x) => x[0]);

describe('a non-root user sees only the databases granted to them', () => {
  it('ins_databases and SHOW DATABASES list the system databases and granted ones only', async () => {
    expect(records(await t.table('information_schema', 'ins_databases', { user: 'reader' })).map((r) => r.name)).toEqual([
      'information_schema',
      'performance_schema',
      'power',
    ]);
    expect(names(await t.show('SHOW DATABASES', { user: 'reader' }))).toEqual(['information_schema', 'performance_schema', 'power']);
    await t.run('GRANT READ ON other.* TO reader');
    expect(names(await t.show('SHOW USER DATABASES', { user: 'reader' }))).toEqual(['power', 'other']);
  });

  it('a database the user created is theirs to see', async () => {
    await t.run("CREATE USER maker PASS 'm4ker_pw'");
    await t.run('ALTER USER maker CREATEDB 1');
    await t.run('CREATE DATABASE mine', { user: 'maker' });
    expect(names(await t.show('SHOW USER DATABASES', { user: 'maker' }))).toEqual(['mine']);
  });

  it('tables, super tables, tags and columns of other databases are left out', async () => {
    const tables = records(await t.table('information_schema', 'ins_tables', { user: 'reader' })).filter((r) => r.type !== 'SYSTEM_TABLE');
    expect(tables.map((r) => r.table_name)).toEqual(['d1001', 'd1002', 'log']);
    expect(records(await t.table('information_schema', 'ins_stables', { user: 'reader' })).map((r) => r.stable_name)).toEqual(['meters']);
    expect(new Set((await t.table('information_schema', 'ins_tags', { user: 'reader' })).rows.map((r) => r[1]))).toEqual(new Set(['power']));
    const columnDbs = new Set((await t.table('information_schema', 'ins_columns', { user: 'reader' })).rows.map((r) => r[1]));
    expect(columnDbs).toEqual(new Set(['information_schema', 'performance_schema', 'power']));
  });

  it('SHOW on an ungranted database is refused with 9796', async () => {
    await expect(t.run('SHOW other.TABLES', { user: 'reader' })).rejects.toMatchObject(denied);
    await expect(t.run('SHOW other.STABLES', { user: 'reader' })).rejects.toMatchObject(denied);
    await expect(t.run('SHOW TAGS FROM other.s1', { user: 'reader' })).rejects.toMatchObject(denied);
    await expect(t.run('SHOW TABLE TAGS FROM other.s', { user: 'reader' })).rejects.toMatchObject(denied);
    expect(names(await t.show('SHOW power.TABLES', { user: 'reader' }))).toEqual(['d1001', 'd1002', 'log']);
  });
});

describe('users with SYSINFO 0', () => {
  it('cannot read node, vgroup, user and licence tables (9796)', async () => {
    for (const sql of ['SHOW DNODES', 'SHOW MNODES', 'SHOW QNODES', 'SHOW CLUSTER', 'SHOW USERS', 'SHOW USER PRIVILEGES', 'SHOW GRANTS', 'SHOW VNODES', 'SHOW other.VGROUPS', 'SHOW DNODE 1 VARIABLES']) {
      await expect(t.run(sql, { user: 'limited' }), sql).rejects.toMatchObject(denied);
    }
    const ctx = t.ctx({ user: 'limited' });
    for (const name of ['ins_dnodes', 'ins_vgroups', 'ins_users', 'ins_cluster']) {
      await expect(systemTable(ctx, 'information_schema', name), name).rejects.toMatchObject(denied);
    }
  });

  it('does not see the sysinfo tables in listings, nor the sysinfo columns of the others', async () => {
    const visible = systemTableNames('information_schema', false);
    expect(visible).not.toContain('ins_dnodes');
    expect(visible).toContain('ins_databases');
    expect(names(await t.show('SHOW information_schema.TABLES', { user: 'limited' }))).toEqual(visible);

    const dbs = await t.table('information_schema', 'ins_databases', { user: 'limited' });
    expect(dbs.columns.map((c) => c.name)).toEqual(['name', 'create_time', 'ntables', 'precision', 'status', 'keep_time_offset']);
    expect(dbs.rows.map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ['information_schema', visible.length, 'ms', 'ready'],
      ['performance_schema', 5, 'ms', 'ready'],
      ['other', 1, 'ms', 'ready'],
    ]);
    const tables = await t.table('information_schema', 'ins_tables', { user: 'limited' });
    expect(tables.columns.map((c) => c.name)).not.toContain('vgroup_id');
    expect(tables.rows.filter((r) => r[tables.columns.length - 1] !== 'SYSTEM_TABLE').map((r) => r[0])).toEqual(['s1']);
    // still allowed: SHOW of its own database and the non-sysinfo tables
    expect(names(await t.show('SHOW other.TABLES', { user: 'limited' }))).toEqual(['s1']);
    expect((await t.show('SHOW VARIABLES', { user: 'limited' })).rows.length).toBeGreaterThan(0);
  });
});
