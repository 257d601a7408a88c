import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine, TdCode, TdError, type Limits } from 'tscloud-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describedSystemColumns,
  guardStatement,
  newNamespaceId,
  stripAnswer,
  TenantNamespace,
  type GuardContext,
} from '../../src/region/clusters/tenant-guard';

/**
 * The tenant SQL guard (issue 23 step 2; docs/clusters.md decision 4): two instances' namespaces on one engine
 * standing in for a shared TDengine cluster (same SQL, same system tables, root as the console's superuser). Every
 * statement of a tenant goes through the guard, then to the engine; nothing of the other tenant may be seen or
 * touched, and names come back as the tenant wrote them.
 */
describe('tenant SQL guard', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tscloud-guard-'));
  let engine: Engine;
  const run = async (sql: string, db?: string) => {
    const result = await engine.execute(sql, { user: 'root', ...(db ? { db } : {}) });
    return result.kind === 'rows' ? result : { columns: [], rows: [[result.affectedRows]] };
  };
  const tenantA = new TenantNamespace('tenanta1');
  const tenantB = new TenantNamespace('tenantb2');
  let contextOf: (ns: TenantNamespace) => GuardContext;
  /** A tenant's statement through the guard; its answer's names as the tenant reads them. */
  const asTenant = async (ns: TenantNamespace, sql: string, db?: string) => {
    const guarded = await guardStatement(sql, db, contextOf(ns));
    try {
      const result = await run(guarded.sql, guarded.db);
      const answer = stripAnswer({ code: 0, data: result.rows }, guarded, ns);
      return { columns: result.columns.map((c) => c.name), rows: answer.data! };
    } catch (error) {
      if (!(error instanceof TdError)) throw error;
      const answer = stripAnswer({ code: error.code, desc: error.message }, guarded, ns);
      throw new TdError(answer.code, answer.desc!);
    }
  };
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TdError);
    return error as TdError;
  };

  beforeAll(async () => {
    engine = await Engine.open({ dataDir: dir, limits: { threads: 1, memoryLimit: '256MB' } });
    const systemColumns = describedSystemColumns(async (sql) => (await run(sql)).rows);
    contextOf = (ns) => ({ ns, systemColumns });
    for (const [ns, rows] of [
      [tenantA, 3],
      [tenantB, 5],
    ] as const) {
      await asTenant(ns, 'create database power');
      await asTenant(ns, 'create stable power.meters (ts timestamp, current float) tags (groupid int)');
      for (let i = 0; i < rows; i++) await asTenant(ns, `insert into power.d${i} using power.meters tags (${i}) values (now, ${i})`);
      await asTenant(ns, 'create topic t1 as select ts, current from power.meters');
      await asTenant(ns, 'create stream s1 into power.per_minute as select _wstart, count(*) from power.meters interval(1m)');
    }
    // Engine users are made by the console, not by the tenant: named in the namespace.
    await run(`create user ${tenantA.own('u_alice')} pass 'Alice-pass-1'`);
    await run(`create user ${tenantB.own('u_bob')} pass 'Bob-pass-12'`);
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives each tenant its own databases under the same names', async () => {
    expect((await asTenant(tenantA, 'select count(*) from power.meters')).rows).toEqual([[3n]]);
    expect((await asTenant(tenantB, 'select count(*) from meters', 'power')).rows).toEqual([[5n]]);
    const shown = await asTenant(tenantA, 'show databases');
    expect(shown.columns[0]).toBe('name');
    expect(shown.rows.map((row) => row[0]).sort()).toEqual(['information_schema', 'performance_schema', 'power']);
    expect((await asTenant(tenantA, 'show user databases')).rows.map((row) => row[0])).toEqual(['power']);
    // On the cluster both exist, prefixed.
    const all = (await run('show databases')).rows.map((row) => row[0]);
    expect(all).toEqual(expect.arrayContaining(['tenanta1_power', 'tenantb2_power']));
  });

  it('filters system tables to the namespace and gives names back without the prefix, whatever the query around them', async () => {
    const tables = await asTenant(tenantA, "select db_name, table_name from information_schema.ins_tables where db_name = 'power' and stable_name = 'meters' order by table_name");
    expect(tables.rows).toEqual([
      ['power', 'd0'],
      ['power', 'd1'],
      ['power', 'd2'],
    ]);
    expect((await asTenant(tenantA, "select count(*) from information_schema.ins_tables t where t.db_name like 'tenantb2%'")).rows).toEqual([[0n]]);
    expect((await asTenant(tenantA, 'select ins_stables.db_name, stable_name from information_schema.ins_stables')).rows).toContainEqual(['power', 'meters']);
    // A system database given as the request's default database.
    const databases = await asTenant(tenantB, 'select name from ins_databases order by name', 'information_schema');
    expect(databases.rows.map((row) => row[0])).toEqual(['information_schema', 'performance_schema', 'power']);
    // Inside a subquery, a join's side and a UNION.
    const nested = await asTenant(tenantA, "select count(*) from (select db_name from information_schema.ins_tables where stable_name = 'meters' union all select name from information_schema.ins_databases)");
    expect(nested.rows).toEqual([[BigInt(tables.rows.length + 3)]]);
  });

  it('names topics, streams and users in the namespace: each tenant sees its own, as it named them', async () => {
    expect((await asTenant(tenantA, 'show topics')).rows.map((row) => row[0])).toEqual(['t1']);
    expect((await asTenant(tenantB, 'select topic_name, db_name, sql from information_schema.ins_topics')).rows).toEqual([
      ['t1', 'power', 'create topic t1 as select ts, current from power.meters'],
    ]);
    const streams = await asTenant(tenantA, 'show streams');
    expect(streams.rows.map((row) => row[streams.columns.indexOf('stream_name')])).toEqual(['s1']);
    expect((await asTenant(tenantA, 'select target_db from information_schema.ins_streams')).rows).toEqual([['power']]);
    expect((await asTenant(tenantA, 'show users')).rows.map((row) => row[0])).toEqual(['u_alice']);
    await asTenant(tenantA, 'drop topic t1');
    expect((await asTenant(tenantB, 'show topics')).rows.map((row) => row[0])).toEqual(['t1']);
  });

  it('never reaches another namespace by its cluster name', async () => {
    const error = await refusal(asTenant(tenantA, 'select * from tenantb2_power.meters'));
    expect(error.code).toBe(TdCode.DB_NOT_EXIST);
    await refusal(asTenant(tenantA, 'drop database tenantb2_power'));
    await refusal(asTenant(tenantA, 'insert into tenantb2_power.d0 values (now, 1)'));
    expect((await asTenant(tenantB, 'select count(*) from power.meters')).rows).toEqual([[5n]]);
  });

  it('refuses what reaches the cluster itself with TDengine\'s "Insufficient privilege" (0x0303)', async () => {
    for (const sql of [
      'show dnodes',
      'show mnodes',
      'show cluster',
      'show vnodes',
      'show variables',
      'show grants',
      'show transactions',
      'select * from information_schema.ins_dnodes',
      'select * from information_schema.ins_configs',
      'select * from (select * from information_schema.ins_vnodes)',
      "create user eve pass 'Eve-pass-123'",
      'drop user tenantb2_u_bob',
      "alter user tenantb2_u_bob pass 'Taken-over-1'",
      'grant read on power.* to tenantb2_u_bob',
      'revoke read on power.* from tenantb2_u_bob',
      "kill query '1'",
    ]) {
      const error = await refusal(asTenant(tenantA, sql));
      expect({ sql, code: error.code, message: error.message }).toEqual({ sql, code: TdCode.INSUFFICIENT_PRIVILEGE, message: 'Insufficient privilege for operation' });
    }
    const error = await refusal(asTenant(tenantA, 'select * from ins_dnodes', 'information_schema'));
    expect(error.code).toBe(TdCode.INSUFFICIENT_PRIVILEGE);
    // What the parser cannot read goes nowhere: its own syntax error.
    expect((await refusal(asTenant(tenantA, 'balance vgroup'))).code).toBe(TdCode.SYNTAX_ERROR);
  });

  it('takes the prefix off SHOW CREATE texts and error messages, never off data', async () => {
    const created = await asTenant(tenantA, 'show create database power');
    expect(created.rows[0][0]).toBe('power');
    expect(String(created.rows[0][1])).toMatch(/^CREATE DATABASE `power`/);
    expect(String(created.rows[0][1])).not.toContain('tenanta1');
    await asTenant(tenantA, "create table power.notes (ts timestamp, note varchar(40))");
    await asTenant(tenantA, "insert into power.notes values (now, 'tenanta1_power is mine')");
    expect((await asTenant(tenantA, 'select note from power.notes')).rows).toEqual([['tenanta1_power is mine']]);
    const error = await refusal(asTenant(tenantA, 'select nope from power.notes'));
    expect(error.message).not.toContain('tenanta1');
  });

  it('writes names where they stood: quoted stays quoted, nothing else of the text changes', async () => {
    const context = contextOf(tenantA);
    expect((await guardStatement('SELECT  avg(current)\nFROM `Power`.meters -- note', undefined, context)).sql).toBe('SELECT  avg(current)\nFROM `tenanta1_Power`.meters -- note');
    expect((await guardStatement('insert into power.d9 using power.meters tags (9) values (now, 1)', undefined, context)).sql).toBe(
      'insert into tenanta1_power.d9 using tenanta1_power.meters tags (9) values (now, 1)',
    );
    expect((await guardStatement('create topic t2 as database power', undefined, context)).sql).toBe('create topic tenanta1_t2 as database tenanta1_power');
    expect((await guardStatement('drop consumer group g1 on t2', undefined, context)).sql).toBe('drop consumer group g1 on tenanta1_t2');
    expect((await guardStatement('select * from meters', 'power', context)).db).toBe('tenanta1_power');
    expect((await guardStatement('describe information_schema.ins_tables', undefined, context)).sql).toBe('describe information_schema.ins_tables');
  });

  it("renames a 3.3.7 stream's databases where they stand (name, FROM, INTO, query) and leaves the stream's own name", async () => {
    const context = contextOf(tenantA);
    const guarded = async (sql: string, db?: string) => (await guardStatement(sql, db, context)).sql;
    expect(
      await guarded(
        "create stream power.s2 interval(1m) sliding(1m) from power.meters partition by tbname, groupid stream_options(watermark(10s)|fill_history) into power.out2 output_subtable(concat('o_', %%1)) (ts, n) tags (gid int as %%2) as select _twstart, count(*) from %%trows",
      ),
    ).toBe(
      "create stream tenanta1_power.s2 interval(1m) sliding(1m) from tenanta1_power.meters partition by tbname, groupid stream_options(watermark(10s)|fill_history) into tenanta1_power.out2 output_subtable(concat('o_', %%1)) (ts, n) tags (gid int as %%2) as select _twstart, count(*) from %%trows",
    );
    // Quoted stays quoted; a table of the query is renamed as anywhere else.
    expect(await guarded('create stream if not exists `Power`.s4 period(1m) into `Power`.out4 as select _tlocaltime, count(*) from power.meters')).toBe(
      'create stream if not exists `tenanta1_Power`.s4 period(1m) into `tenanta1_Power`.out4 as select _tlocaltime, count(*) from tenanta1_power.meters',
    );
    // A stream of the current database: the request's database is the namespace's, the text is the user's.
    const unqualified = 'create stream s3 count_window(10, 5) from meters into out3 as select _twstart, sum(current) from %%tbname where ts >= _twstart';
    expect(await guardStatement(unqualified, 'power', context)).toMatchObject({ sql: unqualified, db: 'tenanta1_power' });
    expect(await guarded("create stream power.s5 event_window(start with current > 1 end with current < 0) true_for(5s) from power.d1 notify('ws://h:6042/x') on (window_open) into power.out5 as select _twstart, _twrownum from %%trows")).toBe(
      "create stream tenanta1_power.s5 event_window(start with current > 1 end with current < 0) true_for(5s) from tenanta1_power.d1 notify('ws://h:6042/x') on (window_open) into tenanta1_power.out5 as select _twstart, _twrownum from %%trows",
    );
    expect(await guarded('drop stream if exists power.s2')).toBe('drop stream if exists tenanta1_power.s2');
    expect(await guarded('start stream if exists ignore untreated power.s2')).toBe('start stream if exists ignore untreated tenanta1_power.s2');
    expect(await guarded('stop stream `Power`.s2')).toBe('stop stream `tenanta1_Power`.s2');
    expect(await guarded("recalculate stream power.s2 from '2025-01-01 00:00:00'")).toBe("recalculate stream tenanta1_power.s2 from '2025-01-01 00:00:00'");
    expect(await guarded('show power.streams')).toBe('show tenanta1_power.streams');
    // The engine stands for a classic cluster: its streams are named cluster-wide, an unqualified DROP is the prefixed one.
    expect(await guarded('drop stream s1')).toBe('drop stream tenanta1_s1');
    // Run on the engine, a 3.3.7 without an snode: 1068; another tenant's database is one this tenant does not have.
    const create = (from: string) => `create stream power.s2 interval(1m) sliding(1m) from ${from} into power.out2 as select _twstart, count(*) from %%trows`;
    expect((await refusal(asTenant(tenantA, create('power.meters')))).code).toBe(TdCode.SNODE_NOT_AVAILABLE);
    expect((await refusal(asTenant(tenantA, create('tenantb2_power.meters')))).code).toBe(TdCode.DB_NOT_EXIST);
    expect((await refusal(asTenant(tenantA, create('power.nosuch')))).code).toBe(TdCode.TABLE_NOT_EXIST);
  });

  it("reads a 3.3.7 cluster's streams by their database: nothing prefixed, SHOW STREAMS and ins_streams by db_name", async () => {
    // ins_streams as TDengine 3.3.7 describes it
    const columns337 = ['stream_name', 'db_name', 'create_time', 'stream_id', 'sql', 'status', 'snodeLeader', 'snodeReplica', 'message'];
    const context: GuardContext = {
      ns: tenantA,
      systemColumns: { columnsOf: async (db, table) => (table === 'ins_streams' ? columns337 : contextOf(tenantA).systemColumns.columnsOf(db, table)) },
    };
    expect(await guardStatement('drop stream s2', 'power', context)).toMatchObject({ sql: 'drop stream s2', db: 'tenanta1_power' });
    expect(await guardStatement('show streams', 'power', context)).toMatchObject({ sql: 'show streams', db: 'tenanta1_power' });
    const view = (await guardStatement('select stream_name from information_schema.ins_streams', undefined, context)).sql;
    expect(view).toContain("WHERE substr(`db_name`, 1, 9) = 'tenanta1_'");
    // A classic stream statement keeps its prefix whatever the cluster (3.3.7 refuses it with its syntax error).
    expect((await guardStatement('pause stream s1', undefined, context)).sql).toBe('pause stream tenanta1_s1');
  });

  it("enforces the plan's counts before a CREATE adds one, with the engine's own refusal", async () => {
    const tenantC = new TenantNamespace('tenantc3');
    const count = async (sql: string) => Number((await run(sql)).rows[0][0]);
    const limited: GuardContext = { ...contextOf(tenantC), limits: { limits: { maxDatabases: 2, maxStables: 1, maxTopics: 1 }, count } };
    const asLimited = async (sql: string) => run((await guardStatement(sql, undefined, limited)).sql);
    await asLimited('create database one');
    await asLimited('create database two');
    const refused = await refusal(asLimited('create database three'));
    expect({ code: refused.code, message: refused.message }).toEqual({ code: TdCode.LIMIT_EXCEEDED, message: 'Limit exceeded: max databases 2' });
    // One it has already: nothing is added, nothing refused.
    await asLimited('create database if not exists two');
    await asLimited('create stable one.s1 (ts timestamp, v int) tags (t int)');
    expect((await refusal(asLimited('create stable two.s2 (ts timestamp, v int) tags (t int)'))).message).toBe('Limit exceeded: max super tables 1');
    await asLimited('create topic feed as select ts, v from one.s1');
    expect((await refusal(asLimited('create topic feed2 as select ts, v from one.s1'))).code).toBe(TdCode.LIMIT_EXCEEDED);
    // Other tenants' objects do not count: A and B hold databases of their own.
    expect((await run('select count(*) from information_schema.ins_databases')).rows[0][0]).toBeGreaterThan(4n);
  });

  it("holds a database's VGROUPS and REPLICA within the plan before the cluster sees it", async () => {
    const tenantD = new TenantNamespace('tenantd4');
    const count = async (sql: string) => Number((await run(sql)).rows[0][0]);
    const limited = (limits: Limits): GuardContext => ({ ...contextOf(tenantD), limits: { limits, count } });
    const plan = limited({ maxVgroups: 4 });
    const tooMany = await refusal(guardStatement('create database wide vgroups 5', undefined, plan));
    expect({ code: tooMany.code, message: tooMany.message }).toEqual({ code: TdCode.LIMIT_EXCEEDED, message: 'Limit exceeded: max vgroups 4' });
    expect((await guardStatement('create database wide vgroups 4', undefined, plan)).sql).toBe('create database tenantd4_wide vgroups 4');
    // A plan without high availability stands for one dnode, as our engine does: three replicas are refused.
    expect((await refusal(guardStatement('create database safe replica 3', undefined, plan))).code).toBe(TdCode.MND_NO_ENOUGH_DNODES);
    expect((await refusal(guardStatement('alter database wide replica 3', undefined, plan))).code).toBe(TdCode.MND_NO_ENOUGH_DNODES);
    const highlyAvailable = limited({ maxVgroups: 4, dnodes: 3 });
    expect((await guardStatement('create database safe replica 3', undefined, highlyAvailable)).sql).toBe('create database tenantd4_safe replica 3');
    expect((await guardStatement('alter database wide replica 3', undefined, highlyAvailable)).sql).toBe('alter database tenantd4_wide replica 3');
  });

  it('makes namespace ids that stay plain names', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newNamespaceId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(() => new TenantNamespace(id)).not.toThrow();
    expect(() => new TenantNamespace('1abcdefg')).toThrow();
    expect(tenantA.stripText('Database `tenanta1_power` and xtenanta1_y')).toBe('Database `power` and xtenanta1_y');
  });
});
