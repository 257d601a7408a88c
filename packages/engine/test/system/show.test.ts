import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemTableNames } from '../../src/query/system';
import { createDemo, meta, openSystemEngine, records, type SystemTestEngine } from './helpers';

let t: SystemTestEngine;
const NOW = Date.now();

beforeEach(async () => {
  t = await openSystemEngine();
  await createDemo(t, NOW);
});
afterEach(async () => t.close());

const names = (r: { rows: unknown[][] }): unknown[] => r.rows.map((x) => x[0]);

describe('SHOW DATABASES, STABLES, TABLES (name column only, as TDengine projects them)', () => {
  it('SHOW [USER|SYSTEM] DATABASES', async () => {
    const all = await t.show('SHOW DATABASES');
    expect(meta(all.columns)).toEqual([['name', 'VARCHAR', 64]]);
    expect(names(all)).toEqual(['information_schema', 'performance_schema', 'power', 'other']);
    expect(names(await t.show('SHOW USER DATABASES'))).toEqual(['power', 'other']);
    expect(names(await t.show('SHOW SYSTEM DATABASES'))).toEqual(['information_schema', 'performance_schema']);
  });

  it('SHOW [db.]STABLES [LIKE]', async () => {
    const r = await t.show('SHOW power.STABLES');
    expect(meta(r.columns)).toEqual([['stable_name', 'VARCHAR', 192]]);
    expect(r.rows).toEqual([['meters']]);
    expect(names(await t.show('SHOW STABLES', { db: 'other' }))).toEqual(['s']);
    await t.run('CREATE STABLE power.meters2 (ts TIMESTAMP, v INT) TAGS (t INT)');
    expect(names(await t.show("SHOW power.STABLES LIKE 'met%'"))).toEqual(['meters', 'meters2']);
    expect(names(await t.show("SHOW power.STABLES LIKE 'meters_'"))).toEqual(['meters2']);
    expect(names(await t.show("SHOW power.STABLES LIKE 'x%'"))).toEqual([]);
    expect(names(await t.show('SHOW information_schema.STABLES'))).toEqual([]);
  });

  it('SHOW [NORMAL|CHILD] [db.]TABLES [LIKE]', async () => {
    const r = await t.show('SHOW power.TABLES');
    expect(meta(r.columns)).toEqual([['table_name', 'VARCHAR', 192]]);
    expect(names(r)).toEqual(['d1001', 'd1002', 'log']);
    expect(names(await t.show('SHOW CHILD TABLES', { db: 'power' }))).toEqual(['d1001', 'd1002']);
    expect(names(await t.show('SHOW NORMAL power.TABLES'))).toEqual(['log']);
    expect(names(await t.show("SHOW power.TABLES LIKE 'd100_'"))).toEqual(['d1001', 'd1002']);
    expect(names(await t.show("SHOW power.TABLES LIKE '%2'"))).toEqual(['d1002']);
    expect(names(await t.show('SHOW information_schema.TABLES'))).toEqual(systemTableNames('information_schema'));
    expect(names(await t.show('SHOW TABLES', { db: 'performance_schema' }))).toEqual(systemTableNames('performance_schema'));
  });

  it('errors: a syntax error (9728) without a database, as the SHOW translator answers; 904 for a missing one', async () => {
    await expect(t.run('SHOW TABLES')).rejects.toMatchObject({ code: 9728, message: 'database not specified' });
    await expect(t.run('SHOW STABLES')).rejects.toMatchObject({ code: 9728 });
    await expect(t.run('SHOW VGROUPS')).rejects.toMatchObject({ code: 9728 });
    await expect(t.run('SHOW nope.TABLES')).rejects.toMatchObject({ code: 904, message: 'Database not exist' });
    await expect(t.run('SHOW nope.STABLES')).rejects.toMatchObject({ code: 904 });
    await expect(t.run('SHOW nope.VGROUPS')).rejects.toMatchObject({ code: 904 });
    await expect(t.run('SHOW nope.ALIVE')).rejects.toMatchObject({ code: 904 });
  });
});

describe('SHOW about one table', () => {
  it('SHOW TABLE TAGS FROM stb: tbname and one column per tag', async () => {
    const r = await t.show('SHOW TABLE TAGS FROM power.meters');
    expect(meta(r.columns)).toEqual([
      ['tbname', 'VARCHAR', 270],
      ['groupid', 'INT', 4],
      ['location', 'VARCHAR', 24],
    ]);
    expect(r.rows).toEqual([
      ['d1001', 2, 'California.SanFrancisco'],
      ['d1002', 3, null],
    ]);
    expect((await t.show('SHOW TABLE TAGS FROM d1002', { db: 'power' })).rows).toEqual([['d1002', 3, null]]);
    // a column list shows those tags (and tbname) in its order, without tbname unless named
    const listed = await t.show('SHOW TABLE TAGS location, tbname FROM power.meters');
    expect(meta(listed.columns)).toEqual([
      ['location', 'VARCHAR', 24],
      ['tbname', 'VARCHAR', 270],
    ]);
    expect(listed.rows).toEqual([
      ['California.SanFrancisco', 'd1001'],
      [null, 'd1002'],
    ]);
    await expect(t.run('SHOW TABLE TAGS nosuch FROM power.meters')).rejects.toMatchObject({ code: 9730 });
  });

  it('SHOW TAGS FROM child: the ins_tags rows of that table', async () => {
    const r = await t.show('SHOW TAGS FROM power.d1001');
    expect(meta(r.columns)).toEqual([
      ['table_name', 'VARCHAR', 192],
      ['db_name', 'VARCHAR', 64],
      ['stable_name', 'VARCHAR', 192],
      ['tag_name', 'VARCHAR', 64],
      ['tag_type', 'VARCHAR', 32],
      ['tag_value', 'VARCHAR', 16384],
    ]);
    expect(r.rows).toEqual([
      ['d1001', 'power', 'meters', 'groupid', 'INT', '2'],
      ['d1001', 'power', 'meters', 'location', 'VARCHAR(24)', 'California.SanFrancisco'],
    ]);
    expect((await t.show('SHOW TAGS FROM d1002 FROM power')).rows.map((x) => x[5])).toEqual(['3', null]);
  });

  it('errors: 9731 for a missing table (SHOW TAGS: 9826 from its meta lookup), 9750 without a database', async () => {
    // 26_system_tables_more#80, #79
    await expect(t.run('SHOW TAGS FROM power.d9999')).rejects.toMatchObject({ code: 9826, message: 'Fail to get table info, error: Table does not exist' });
    await t.run('CREATE TABLE power.plain (ts TIMESTAMP, v INT)');
    await expect(t.run('SHOW TAGS FROM power.plain')).rejects.toMatchObject({ code: 9829 });
    expect((await t.show('SHOW TAGS FROM power.meters')).rows).toEqual([]);
    await t.run('DROP TABLE power.plain');
    await expect(t.run('SHOW TABLE TAGS FROM power.nope')).rejects.toMatchObject({ code: 9731 });
    await expect(t.run('SHOW INDEXES FROM power.nope')).rejects.toMatchObject({ code: 9731 });
    await expect(t.run('SHOW TABLE DISTRIBUTED power.nope')).rejects.toMatchObject({ code: 9731 });
    await expect(t.run('SHOW TAGS FROM d1001')).rejects.toMatchObject({ code: 9750 });
    await expect(t.run('SHOW TAGS FROM nope.d1001')).rejects.toMatchObject({ code: 904 });
  });

  it('SHOW INDEXES FROM t: ins_indexes columns, the tag index TDengine puts on a super table first tag', async () => {
    const r = await t.show('SHOW INDEXES FROM meters FROM power');
    expect(r.columns.map((c) => c.name)).toEqual(['index_name', 'db_name', 'table_name', 'vgroup_id', 'create_time', 'column_name', 'index_type']);
    expect(r.rows.map((row) => [row[0], row[1], row[2], row[5], row[6]])).toEqual([['groupid_meters', 'power', 'meters', 'groupid', 'tag_index']]);
    expect((await t.show('SHOW INDEXES FROM d1001 FROM power')).rows).toEqual([]);
  });

  it('SHOW TABLE DISTRIBUTED: block summary from the stored rows', async () => {
    const r = await t.show('SHOW TABLE DISTRIBUTED power.meters');
    expect(meta(r.columns)).toEqual([['_block_dist', 'VARCHAR', 1024]]);
    expect(r.rows).toEqual([
      ['Total_Blocks=[2] Total_Size=[0.06 KB] Average_size=[0.03 KB] Compression_Ratio=[100.00 %]'],
      ['Total_Rows=[3] Inmem_Rows=[0] MinRows=[1] MaxRows=[2] Average_Rows=[1]'],
      ['Total_Tables=[2] Total_Filesets=[1] Total_Vgroups=[4]'],
    ]);
    const child = await t.show('SHOW TABLE DISTRIBUTED power.d1002');
    expect(child.rows[1]).toEqual(['Total_Rows=[1] Inmem_Rows=[0] MinRows=[1] MaxRows=[1] Average_Rows=[1]']);
    const normal = await t.show('SHOW TABLE DISTRIBUTED power.log');
    expect(normal.rows[0]).toEqual(['Total_Blocks=[0] Total_Size=[0.00 KB] Average_size=[0.00 KB] Compression_Ratio=[100.00 %]']);
  });

  it('SHOW CREATE VIEW', async () => {
    await t.run('CREATE VIEW power.v1 AS SELECT ts, current FROM power.meters');
    const r = await t.show('SHOW CREATE VIEW power.v1');
    expect(meta(r.columns)).toEqual([
      ['View', 'VARCHAR', 192],
      ['Create View', 'VARCHAR', 1048576],
    ]);
    const query = t.engine.catalog.findView('power', 'v1')?.sql;
    expect(query?.toLowerCase()).toBe('select ts, current from power.meters');
    expect(r.rows).toEqual([['v1', `CREATE VIEW \`power\`.\`v1\` AS ${query}`]]);
    expect(names(await t.show('SHOW power.VIEWS'))).toEqual(['v1']);
    expect(names(await t.show("SHOW power.VIEWS LIKE 'x%'"))).toEqual([]);
    await expect(t.run('SHOW CREATE VIEW power.v2')).rejects.toMatchObject({ code: 0x04a1 });
  });
});

describe('SHOW of nodes, users, objects and settings', () => {
  it('SHOW [db.]VGROUPS, VNODES, DNODES, MNODES, QNODES, SNODES, CLUSTER', async () => {
    const vg = await t.show('SHOW power.VGROUPS');
    expect(vg.columns).toHaveLength(19);
    expect(names(vg)).toEqual([2, 3, 4, 5]);
    expect(names(await t.show('SHOW VGROUPS', { db: 'other' }))).toEqual([6, 7]);
    expect(names(await t.show('SHOW VNODES'))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(meta((await t.show('SHOW DNODES')).columns)).toEqual([
      ['id', 'INT', 4],
      ['endpoint', 'VARCHAR', 134],
      ['vnodes', 'SMALLINT', 2],
      ['support_vnodes', 'SMALLINT', 2],
      ['status', 'VARCHAR', 10],
      ['create_time', 'TIMESTAMP', 8],
      ['reboot_time', 'TIMESTAMP', 8],
      ['note', 'VARCHAR', 256],
    ]);
    expect(names(await t.show('SHOW MNODES'))).toEqual([1]);
    expect(names(await t.show('SHOW QNODES'))).toEqual([1]);
    expect((await t.show('SHOW SNODES')).rows).toEqual([]);
    expect((await t.show('SHOW CLUSTER')).columns.map((c) => c.name)).toEqual(['id', 'name', 'uptime', 'create_time', 'version', 'expire_time']);
  });

  it('SHOW CLUSTER MACHINES: ins_machines with 3.3.7.5\'s columns (20_system_tables#52), no machine code here', async () => {
    const r = await t.show('SHOW CLUSTER MACHINES');
    expect(meta(r.columns)).toEqual([
      ['id', 'VARCHAR', 41],
      ['dnode_num', 'INT', 4],
      ['machine', 'VARCHAR', 7552],
      ['version', 'VARCHAR', 32],
    ]);
    expect(r.rows).toEqual([]);
  });

  it('SHOW CLUSTER ALIVE and SHOW db.ALIVE answer status 1', async () => {
    for (const sql of ['SHOW CLUSTER ALIVE', 'SHOW power.ALIVE']) {
      const r = await t.show(sql);
      expect(meta(r.columns)).toEqual([['status', 'INT', 4]]);
      expect(r.rows).toEqual([[1]]);
    }
  });

  it('SHOW USERS and SHOW USER PRIVILEGES', async () => {
    await t.run("CREATE USER reader PASS 'r3ader_pw'");
    await t.run('GRANT READ ON power.* TO reader');
    expect(names(await t.show('SHOW USERS'))).toEqual(['root', 'reader']);
    expect((await t.show('SHOW USER PRIVILEGES')).rows).toEqual([
      ['root', 'all', 'all', 'all', '', ''],
      ['reader', 'read', 'power', '*', '', ''],
    ]);
  });

  it('SHOW TOPICS, STREAMS and FUNCTIONS show the name column; CONSUMERS, SUBSCRIPTIONS and the perf SHOWs all columns', async () => {
    expect(meta((await t.show('SHOW TOPICS')).columns)).toEqual([['topic_name', 'VARCHAR', 192]]);
    expect(meta((await t.show('SHOW STREAMS')).columns)).toEqual([['stream_name', 'VARCHAR', 192]]);
    expect(meta((await t.show('SHOW FUNCTIONS')).columns)).toEqual([['name', 'VARCHAR', 64]]);
    expect((await t.show('SHOW CONSUMERS')).columns).toHaveLength(12);
    expect((await t.show('SHOW SUBSCRIPTIONS')).columns.map((c) => c.name)).toEqual(['topic_name', 'consumer_group', 'vgroup_id', 'consumer_id', 'user', 'fqdn', 'offset', 'rows']);
    expect((await t.show('SHOW QUERIES')).columns[0].name).toBe('kill_id');
    expect((await t.show('SHOW CONNECTIONS')).columns[0].name).toBe('conn_id');
    expect((await t.show('SHOW APPS')).columns[0].name).toBe('app_id');
    expect((await t.show('SHOW TRANSACTIONS')).columns[0].name).toBe('id');
    for (const sql of ['SHOW TOPICS', 'SHOW STREAMS', 'SHOW FUNCTIONS', 'SHOW CONSUMERS', 'SHOW QUERIES']) expect((await t.show(sql)).rows).toEqual([]);
  });

  it('SHOW GRANTS', async () => {
    const r = await t.show('SHOW GRANTS');
    expect(records(r)).toEqual([expect.objectContaining({ version: 'community', expired: 'false' })]);
  });

  it('SHOW [CLUSTER|DNODE n|LOCAL] VARIABLES [LIKE]', async () => {
    const cluster = await t.show('SHOW VARIABLES');
    // TDengine 3.3.7.5's shape for the cluster and the local form alike (not ins_configs' two columns)
    const shape = [
      ['name', 'VARCHAR', 30],
      ['value', 'VARCHAR', 4094],
      ['scope', 'VARCHAR', 6],
      ['category', 'VARCHAR', 6],
      ['info', 'VARCHAR', 62],
    ];
    expect(meta(cluster.columns)).toEqual(shape);
    expect(cluster.rows.find((r) => r[0] === 'timezone')?.slice(2)).toEqual(['both', 'global', '']);
    expect(names(cluster)).toContain('supportVnodes');
    expect((await t.show('SHOW CLUSTER VARIABLES')).rows).toEqual(cluster.rows);
    expect(names(await t.show("SHOW VARIABLES LIKE 'duckdb%'"))).toEqual(['duckdbThreads', 'duckdbMemoryLimit']);
    const dnode = await t.show("SHOW DNODE 1 VARIABLES LIKE 'serverPort'");
    expect(dnode.rows).toEqual([[1, 'serverPort', '6030', 'both', '']]);
    expect((await t.show('SHOW DNODE 2 VARIABLES')).rows).toEqual([]);
    const local = await t.show('SHOW LOCAL VARIABLES');
    expect(meta(local.columns)).toEqual(shape);
    expect(names(local)).toContain('timezone');
    expect(names(local)).not.toContain('duckdbThreads');
  });

  it('SHOW db.DISK_INFO: the disk usage of that database', async () => {
    const r = await t.show('SHOW power.DISK_INFO');
    expect(r.columns.map((c) => c.name)).toEqual(['db_name', 'vgroup_id', 'wal', 'data1', 'data2', 'data3', 'cache_rdb', 'table_meta', 'ss', 'raw_data']);
    expect(names(r)).toEqual(['power']);
  });
});
