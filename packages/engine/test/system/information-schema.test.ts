import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemTable, systemTableNames, trackQuery } from '../../src/query/system';
import { createDemo, meta, openSystemEngine, records, type SystemTestEngine } from './helpers';

let t: SystemTestEngine;
const NOW = Date.now();

beforeEach(async () => {
  t = await openSystemEngine();
  await createDemo(t, NOW);
});
afterEach(async () => t.close());

describe('ins_databases', () => {
  it('has TDengine 3.3 columns with their types and lengths', async () => {
    const { columns } = await t.table('information_schema', 'ins_databases');
    expect(meta(columns)).toEqual([
      ['name', 'VARCHAR', 64],
      ['create_time', 'TIMESTAMP', 8],
      ['vgroups', 'INT', 4],
      ['ntables', 'BIGINT', 8],
      ['replica', 'TINYINT', 1],
      ['strict', 'VARCHAR', 4],
      ['duration', 'VARCHAR', 10],
      ['keep', 'VARCHAR', 32],
      ['buffer', 'INT', 4],
      ['pagesize', 'INT', 4],
      ['pages', 'INT', 4],
      ['minrows', 'INT', 4],
      ['maxrows', 'INT', 4],
      ['comp', 'TINYINT', 1],
      ['precision', 'VARCHAR', 2],
      ['status', 'VARCHAR', 10],
      ['retentions', 'VARCHAR', 60],
      ['single_stable', 'BOOL', 1],
      ['cachemodel', 'VARCHAR', 11],
      ['cachesize', 'INT', 4],
      ['wal_level', 'TINYINT', 1],
      ['wal_fsync_period', 'INT', 4],
      ['wal_retention_period', 'INT', 4],
      ['wal_retention_size', 'BIGINT', 8],
      ['stt_trigger', 'SMALLINT', 2],
      ['table_prefix', 'SMALLINT', 2],
      ['table_suffix', 'SMALLINT', 2],
      ['tsdb_pagesize', 'INT', 4],
      ['keep_time_offset', 'INT', 4],
      ['ss_chunkpages', 'INT', 4],
      ['ss_keeplocal', 'VARCHAR', 10],
      ['ss_compact', 'TINYINT', 1],
      ['with_arbitrator', 'TINYINT', 1],
      ['encrypt_algorithm', 'VARCHAR', 16],
      ['compact_interval', 'VARCHAR', 12],
      ['compact_time_range', 'VARCHAR', 24],
      ['compact_time_offset', 'VARCHAR', 4],
    ]);
  });

  it('lists the two system databases and every user database with options as TDengine prints them', async () => {
    const rows = records(await t.table('information_schema', 'ins_databases'));
    expect(rows.map((r) => r.name)).toEqual(['information_schema', 'performance_schema', 'power', 'other']);
    const [ins, perf, power, other] = rows;
    expect(ins).toMatchObject({ create_time: null, vgroups: null, ntables: systemTableNames('information_schema').length, precision: 'ms', status: 'ready', keep: null });
    expect(perf).toMatchObject({ ntables: 5, precision: 'ms', status: 'ready', duration: null });
    expect(power).toEqual({
      name: 'power',
      create_time: expect.any(Number),
      vgroups: 4,
      ntables: 3,
      replica: 1,
      strict: 'on',
      duration: '10d',
      keep: '365d,365d,365d',
      buffer: 64,
      pagesize: 4,
      pages: 256,
      minrows: 100,
      maxrows: 4096,
      comp: 2,
      precision: 'us',
      status: 'ready',
      retentions: null,
      single_stable: false,
      cachemodel: 'last_row',
      cachesize: 1,
      wal_level: 1,
      wal_fsync_period: 3000,
      wal_retention_period: 3600,
      wal_retention_size: 0,
      stt_trigger: 2,
      table_prefix: 0,
      table_suffix: 0,
      tsdb_pagesize: 4,
      keep_time_offset: 0,
      ss_chunkpages: 131072,
      ss_keeplocal: '525600m',
      ss_compact: 1,
      with_arbitrator: 0,
      encrypt_algorithm: 'none',
      compact_interval: '0d',
      compact_time_range: '0d,0d',
      compact_time_offset: '0h',
    });
    expect(Math.abs((power.create_time as number) - NOW)).toBeLessThan(60_000);
    expect(other).toMatchObject({ ntables: 1, duration: '10d', keep: '3650d,3650d,3650d', precision: 'ms', cachemodel: 'none', vgroups: 2 });
  });

  it('follows ALTER DATABASE and DROP DATABASE', async () => {
    await t.run("ALTER DATABASE other KEEP 30d,60d,90d CACHEMODEL 'both'");
    await t.run('DROP DATABASE power');
    const rows = records(await t.table('information_schema', 'ins_databases'));
    expect(rows.map((r) => r.name)).toEqual(['information_schema', 'performance_schema', 'other']);
    expect(rows[2]).toMatchObject({ keep: '30d,60d,90d', cachemodel: 'both' });
  });
});

describe('ins_stables, ins_tables, ins_tags, ins_columns', () => {
  it('ins_stables: one row per super table', async () => {
    const t1 = await t.table('information_schema', 'ins_stables');
    expect(meta(t1.columns)).toEqual([
      ['stable_name', 'VARCHAR', 192],
      ['db_name', 'VARCHAR', 64],
      ['create_time', 'TIMESTAMP', 8],
      ['columns', 'INT', 4],
      ['tags', 'INT', 4],
      ['last_update', 'TIMESTAMP', 8],
      ['table_comment', 'VARCHAR', 1024],
      ['watermark', 'VARCHAR', 64],
      ['max_delay', 'VARCHAR', 64],
      ['rollup', 'VARCHAR', 128],
      ['uid', 'BIGINT', 8],
      ['isvirtual', 'BOOL', 1],
      ['keep', 'BIGINT', 8],
    ]);
    expect(records(t1).map(({ stable_name, db_name, columns, tags, table_comment, watermark, max_delay, rollup }) => ({ stable_name, db_name, columns, tags, table_comment, watermark, max_delay, rollup }))).toEqual([
      { stable_name: 'meters', db_name: 'power', columns: 4, tags: 2, table_comment: 'meters', watermark: '5000a,5000a', max_delay: '-1a,-1a', rollup: '' },
      { stable_name: 's', db_name: 'other', columns: 2, tags: 1, table_comment: null, watermark: '5000a,5000a', max_delay: '-1a,-1a', rollup: '' },
    ]);
  });

  it('ins_tables: system tables, then child and normal tables with CHILD_TABLE / NORMAL_TABLE', async () => {
    const t1 = await t.table('information_schema', 'ins_tables');
    expect(meta(t1.columns)).toEqual([
      ['table_name', 'VARCHAR', 192],
      ['db_name', 'VARCHAR', 64],
      ['create_time', 'TIMESTAMP', 8],
      ['columns', 'INT', 4],
      ['stable_name', 'VARCHAR', 192],
      ['uid', 'BIGINT', 8],
      ['vgroup_id', 'INT', 4],
      ['ttl', 'INT', 4],
      ['table_comment', 'VARCHAR', 1024],
      ['type', 'VARCHAR', 21],
    ]);
    const rows = records(t1);
    const system = rows.filter((r) => r.type === 'SYSTEM_TABLE');
    expect(system.map((r) => `${r.db_name}.${r.table_name}`)).toEqual([
      ...systemTableNames('information_schema').map((n) => `information_schema.${n}`),
      ...systemTableNames('performance_schema').map((n) => `performance_schema.${n}`),
    ]);
    expect(system.find((r) => r.table_name === 'ins_databases')).toMatchObject({ columns: 37, create_time: null, stable_name: null });
    const user = rows.filter((r) => r.type !== 'SYSTEM_TABLE').map(({ table_name, db_name, columns, stable_name, ttl, type }) => ({ table_name, db_name, columns, stable_name, ttl, type }));
    expect(user).toEqual([
      { table_name: 'd1001', db_name: 'power', columns: 4, stable_name: 'meters', ttl: 0, type: 'CHILD_TABLE' },
      { table_name: 'd1002', db_name: 'power', columns: 4, stable_name: 'meters', ttl: 0, type: 'CHILD_TABLE' },
      { table_name: 'log', db_name: 'power', columns: 2, stable_name: null, ttl: 0, type: 'NORMAL_TABLE' },
      { table_name: 's1', db_name: 'other', columns: 2, stable_name: 's', ttl: 0, type: 'CHILD_TABLE' },
    ]);
    // power has VGROUPS 4 and is the first database: its vgroups are 2..5; other's are 6..7
    for (const r of rows.filter((x) => x.db_name === 'power')) expect([2, 3, 4, 5]).toContain(r.vgroup_id);
    expect([6, 7]).toContain(rows.find((r) => r.table_name === 's1')?.vgroup_id);
  });

  it('ins_tags: one row per child table and tag, values as text and types as declared', async () => {
    const t1 = await t.table('information_schema', 'ins_tags');
    expect(meta(t1.columns)).toEqual([
      ['table_name', 'VARCHAR', 192],
      ['db_name', 'VARCHAR', 64],
      ['stable_name', 'VARCHAR', 192],
      ['tag_name', 'VARCHAR', 64],
      ['tag_type', 'VARCHAR', 32],
      ['tag_value', 'VARCHAR', 16384],
    ]);
    expect(t1.rows).toEqual([
      ['d1001', 'power', 'meters', 'groupid', 'INT', '2'],
      ['d1001', 'power', 'meters', 'location', 'VARCHAR(24)', 'California.SanFrancisco'],
      ['d1002', 'power', 'meters', 'groupid', 'INT', '3'],
      ['d1002', 'power', 'meters', 'location', 'VARCHAR(24)', null],
      ['s1', 'other', 's', 't', 'INT', '1'],
    ]);
    await t.run("ALTER TABLE power.d1002 SET TAG location = 'Campbell'");
    expect((await t.table('information_schema', 'ins_tags')).rows[3]).toEqual(['d1002', 'power', 'meters', 'location', 'VARCHAR(24)', 'Campbell']);
  });

  it('ins_tags prints bool, float, nchar, varbinary and json tags as TDengine does', async () => {
    await t.run('CREATE STABLE other.kinds (ts TIMESTAMP, v INT) TAGS (b BOOL, f FLOAT, n NCHAR(4), vb VARBINARY(8))');
    await t.run("CREATE TABLE other.k1 USING other.kinds TAGS (true, 1.1, '温度', '\\\\x0aff')");
    await t.run('CREATE STABLE other.js (ts TIMESTAMP, v INT) TAGS (j JSON)');
    await t.run('CREATE TABLE other.j1 USING other.js TAGS (\'{"a":1}\')');
    const rows = (await t.table('information_schema', 'ins_tags')).rows.filter((r) => r[2] === 'kinds' || r[2] === 'js');
    expect(rows.map((r) => [r[3], r[4], r[5]])).toEqual([
      ['b', 'BOOL', 'true'],
      // the scan's convertTagDataToStr: FLOAT `%.5f`, DOUBLE `%.9f` (26_system_tables_more#25: 1.500000000)
      ['f', 'FLOAT', '1.10000'],
      ['n', 'NCHAR(4)', '温度'],
      ['vb', 'VARBINARY(8)', '\\x0AFF'],
      // JSON with its schema width less the length header (04_types_geometry_decimal_json#100)
      ['j', 'JSON(16382)', '{"a":1}'],
    ]);
  });

  it('ins_columns: the data columns of super, child and normal tables with type text and storage bytes', async () => {
    const t1 = await t.table('information_schema', 'ins_columns');
    expect(meta(t1.columns)).toEqual([
      ['table_name', 'VARCHAR', 192],
      ['db_name', 'VARCHAR', 64],
      ['table_type', 'VARCHAR', 21],
      ['col_name', 'VARCHAR', 64],
      ['col_type', 'VARCHAR', 32],
      ['col_length', 'INT', 4],
      ['col_precision', 'INT', 4],
      ['col_scale', 'INT', 4],
      ['col_nullable', 'INT', 4],
      ['col_source', 'VARCHAR', 258],
      ['col_id', 'SMALLINT', 2],
    ]);
    const power = t1.rows.filter((r) => r[1] === 'power');
    expect(power.filter((r) => r[0] === 'meters')).toEqual([
      // col_precision, col_scale and col_nullable are NULL for table columns (26_system_tables_more#30)
      ['meters', 'power', 'SUPER_TABLE', 'ts', 'TIMESTAMP', 8, null, null, null, null, 1],
      ['meters', 'power', 'SUPER_TABLE', 'current', 'FLOAT', 4, null, null, null, null, 2],
      ['meters', 'power', 'SUPER_TABLE', 'voltage', 'INT', 4, null, null, null, null, 3],
      ['meters', 'power', 'SUPER_TABLE', 'phase', 'FLOAT', 4, null, null, null, null, 4],
    ]);
    expect(power.filter((r) => r[0] === 'd1001').map((r) => r[2])).toEqual(['CHILD_TABLE', 'CHILD_TABLE', 'CHILD_TABLE', 'CHILD_TABLE']);
    expect(power.filter((r) => r[0] === 'log')).toEqual([
      ['log', 'power', 'NORMAL_TABLE', 'ts', 'TIMESTAMP', 8, null, null, null, null, 1],
      ['log', 'power', 'NORMAL_TABLE', 'msg', 'NCHAR(16)', 66, null, null, null, null, 2],
    ]);
    expect(t1.rows.find((r) => r[0] === 'ins_databases' && r[3] === 'name')).toEqual(['ins_databases', 'information_schema', 'SYSTEM_TABLE', 'name', 'VARCHAR(64)', 66, 0, 0, 1, null, 1]);
  });
});

describe('users, views, nodes, vgroups, configuration, disk usage', () => {
  it('ins_users and ins_user_privileges', async () => {
    await t.run("CREATE USER reader PASS 'r3ader_pw' SYSINFO 0");
    await t.run('GRANT ALL ON power.* TO reader');
    await t.run("GRANT READ ON power.meters WITH groupid = 2 TO reader");
    const users = await t.table('information_schema', 'ins_users');
    expect(meta(users.columns)).toEqual([
      ['name', 'VARCHAR', 24],
      ['super', 'TINYINT', 1],
      ['enable', 'TINYINT', 1],
      ['sysinfo', 'TINYINT', 1],
      ['createdb', 'TINYINT', 1],
      ['create_time', 'TIMESTAMP', 8],
      ['allowed_host', 'VARCHAR', 49152],
    ]);
    expect(users.rows.map((r) => r.slice(0, 5))).toEqual([
      ['root', 1, 1, 1, 1],
      ['reader', 0, 1, 0, 0],
    ]);
    const privileges = await t.table('information_schema', 'ins_user_privileges');
    expect(meta(privileges.columns).map((c) => c[0])).toEqual(['user_name', 'privilege', 'db_name', 'table_name', 'condition', 'notes']);
    expect(privileges.rows).toEqual([
      ['root', 'all', 'all', 'all', '', ''],
      ['reader', 'read', 'power', '*', '', ''],
      ['reader', 'write', 'power', '*', '', ''],
      ['reader', 'read', 'power', 'meters', 'groupid = 2', ''],
    ]);
  });

  it('ins_views lists views with their query', async () => {
    await t.run('CREATE VIEW power.v1 AS SELECT ts, current FROM power.meters');
    const views = records(await t.table('information_schema', 'ins_views'));
    expect(views).toEqual([
      {
        view_name: 'v1',
        db_name: 'power',
        effective_user: 'root',
        create_time: expect.any(Number),
        type: 'NORMAL',
        // the view's query as the catalog keeps it (its text is src/exec's business)
        query_sql: t.engine.catalog.findView('power', 'v1')?.sql,
        parameters: null,
        default_values: null,
        target_table: null,
      },
    ]);
  });

  it('one dnode that is mnode and qnode, a cluster row, vgroups and vnodes per database', async () => {
    const dnodes = records(await t.table('information_schema', 'ins_dnodes'));
    expect(dnodes).toEqual([
      expect.objectContaining({ id: 1, endpoint: expect.stringMatching(/:6030$/), vnodes: 6, status: 'ready', note: '' }),
    ]);
    expect(records(await t.table('information_schema', 'ins_mnodes'))).toEqual([expect.objectContaining({ id: 1, role: 'leader', status: 'ready' })]);
    expect((await t.table('information_schema', 'ins_qnodes')).rows).toHaveLength(1);
    expect((await t.table('information_schema', 'ins_snodes')).rows).toEqual([]);
    const cluster = records(await t.table('information_schema', 'ins_cluster'));
    expect(cluster).toEqual([
      { id: expect.any(BigInt), name: expect.stringMatching(/^[0-9a-f-]{36}$/), uptime: expect.any(Number), create_time: expect.any(Number), version: '3.3.7.5', expire_time: null },
    ]);
    expect(records(await t.table('information_schema', 'ins_cluster'))[0].id).toBe(cluster[0].id);

    const vgroups = await t.table('information_schema', 'ins_vgroups');
    expect(meta(vgroups.columns).map((c) => c[0])).toEqual([
      'vgroup_id', 'db_name', 'tables',
      'v1_dnode', 'v1_status', 'v1_applied/committed', 'v2_dnode', 'v2_status', 'v2_applied/committed',
      'v3_dnode', 'v3_status', 'v3_applied/committed', 'v4_dnode', 'v4_status', 'v4_applied/committed',
      'cacheload', 'cacheelements', 'tsma', 'mount_vgroup_id',
    ]);
    expect(vgroups.rows.map((r) => [r[0], r[1], r[3], r[4], r[5]])).toEqual([
      [2, 'power', 1, 'leader', null],
      [3, 'power', 1, 'leader', null],
      [4, 'power', 1, 'leader', null],
      [5, 'power', 1, 'leader', null],
      [6, 'other', 1, 'leader', null],
      [7, 'other', 1, 'leader', null],
    ]);
    expect(vgroups.rows.filter((r) => r[1] === 'power').reduce((n, r) => n + (r[2] as number), 0)).toBe(3);
    const vnodes = await t.table('information_schema', 'ins_vnodes');
    expect(vnodes.rows.map((r) => [r[0], r[1], r[2], r[3], r[6]])).toEqual(vgroups.rows.map((r) => [1, r[0], r[1], 'leader', true]));
  });

  it('ins_configs and ins_dnode_variables carry the real settings; ins_grants a community licence', async () => {
    const configs = await t.table('information_schema', 'ins_configs');
    expect(meta(configs.columns)).toEqual([
      ['name', 'VARCHAR', 32],
      ['value', 'VARCHAR', 64],
    ]);
    const values = Object.fromEntries(configs.rows as [string, string][]);
    expect(values.serverPort).toBe('6030');
    expect(Number(values.duckdbThreads)).toBeGreaterThan(0);
    const variables = await t.table('information_schema', 'ins_dnode_variables');
    expect(meta(variables.columns).map((c) => c[0])).toEqual(['dnode_id', 'name', 'value', 'scope', 'info']);
    expect(variables.rows.find((r) => r[1] === 'dataDir')).toEqual([1, 'dataDir', t.dir, 'server', '']);
    expect(records(await t.table('information_schema', 'ins_grants'))).toEqual([
      { version: 'community', expire_time: 'unlimited', service_time: 'unlimited', expired: 'false', state: 'normal', timeseries: 'unlimited', dnodes: 'unlimited', cpu_cores: 'unlimited', vnodes: 'unlimited', storage_size: 'unlimited' },
    ]);
  });

  it('ins_disk_usage: sizes of the database files and an estimate of the raw data', async () => {
    await t.run('FLUSH DATABASE power');
    const usage = records(await t.table('information_schema', 'ins_disk_usage'));
    expect(usage.map((u) => u.db_name)).toEqual(['power', 'other']);
    const power = usage[0];
    expect(power).toMatchObject({ vgroup_id: 2, data2: 0, data3: 0, cache_rdb: 0, table_meta: 0, ss: 0 });
    expect(power.data1 as number).toBeGreaterThan(0);
    // 3 meters rows × (8 + 4 + 4 + 4) bytes and no log rows: under 1 KB, rounded up
    expect(power.raw_data).toBe(1);
  });

  it('perf_queries lists the queries running under trackQuery, each user seeing their own', async () => {
    await t.run("CREATE USER reader PASS 'r3ader_pw'");
    let finish!: () => void;
    const pending = new Promise<void>((resolve) => (finish = resolve));
    const readerCtx = { ...t.ctx({ user: 'reader' }), sql: 'SELECT count(*) FROM power.meters' };
    const running = trackQuery(readerCtx, async () => {
      await pending;
      return 42;
    });
    const queries = records(await t.table('performance_schema', 'perf_queries'));
    expect(queries).toEqual([
      expect.objectContaining({ conn_id: 0, user: 'reader', sql: 'SELECT count(*) FROM power.meters', stable_query: false, pid: process.pid }),
    ]);
    expect(queries[0].kill_id).toBe(`0:${BigInt(queries[0].query_id as number).toString(16)}`);
    expect(queries[0].exec_usec as number).toBeGreaterThanOrEqual(0);
    expect((await t.table('performance_schema', 'perf_queries', { user: 'reader' })).rows).toHaveLength(1);
    await t.run("CREATE USER other PASS 'oth3r_pw'");
    expect((await t.table('performance_schema', 'perf_queries', { user: 'other' })).rows).toEqual([]);
    finish();
    expect(await running).toBe(42);
    expect((await t.table('performance_schema', 'perf_queries')).rows).toEqual([]);
  });

  it('the other performance_schema tables have their columns and no rows (the engine tracks no sessions)', async () => {
    const expected: Record<string, string[]> = {
      perf_connections: ['conn_id', 'user', 'app', 'pid', 'end_point', 'login_time', 'last_access', 'user_app', 'user_ip'],
      perf_queries: ['kill_id', 'query_id', 'conn_id', 'app', 'pid', 'user', 'end_point', 'create_time', 'exec_usec', 'stable_query', 'sub_query', 'sub_num', 'sub_status', 'sql', 'user_app', 'user_ip'],
      perf_consumers: ['consumer_id', 'consumer_group', 'client_id', 'user', 'fqdn', 'status', 'topics', 'up_time', 'subscribe_time', 'rebalance_time', 'parameters', 'poll_time'],
      perf_trans: ['id', 'create_time', 'stage', 'oper', 'db', 'stable', 'killable', 'failed_times', 'last_exec_time', 'last_action_info'],
      perf_apps: ['app_id', 'ip', 'pid', 'name', 'start_time', 'insert_req', 'insert_row', 'insert_time', 'insert_bytes', 'fetch_bytes', 'query_time', 'slow_query', 'total_req', 'current_req', 'last_access'],
    };
    expect(systemTableNames('performance_schema')).toEqual(Object.keys(expected));
    for (const [name, columns] of Object.entries(expected)) {
      const table = await t.table('performance_schema', name);
      expect(table.columns.map((c) => c.name)).toEqual(columns);
      expect(table.rows).toEqual([]);
    }
    expect(meta((await t.table('performance_schema', 'perf_queries')).columns).slice(0, 3)).toEqual([
      ['kill_id', 'VARCHAR', 26],
      ['query_id', 'BIGINT UNSIGNED', 8],
      ['conn_id', 'INT UNSIGNED', 4],
    ]);
  });

  it('answers undefined for a table that does not exist', async () => {
    expect(await systemTable(t.ctx(), 'information_schema', 'ins_nothing')).toBeUndefined();
    expect(await systemTable(t.ctx(), 'performance_schema', 'ins_tables')).toBeUndefined();
  });
});
