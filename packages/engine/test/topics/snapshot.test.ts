import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareNames } from '../../src/topics/snapshot';
import { openTestEngine, type TestEngine } from '../engine/helpers';
import { drain, subscribe } from './helpers';

// auto.offset.reset=earliest delivers the rows written before the subscription — also before the database's first
// topic existed — as a snapshot ahead of the change log (docs/engine-tmq.md "Snapshot").

let t: TestEngine;
const T0 = Date.now() - 3_600_000;

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE d1 VGROUPS 2 WAL_RETENTION_PERIOD 3600');
  await t.run('CREATE STABLE d1.meters (ts TIMESTAMP, current FLOAT, voltage INT) TAGS (groupid INT, location VARCHAR(24))');
});
afterEach(async () => {
  await t.close();
});

const TABLES = ['a', 'b', 'c', 'd', 'e', 'f'];
/** one row per table at T0 + k, voltage = k, table i in group i % 3 */
async function writeAll(k: number): Promise<void> {
  await t.run(`INSERT INTO ${TABLES.map((tb, i) => `d1.${tb} USING d1.meters TAGS (${i % 3}, 'l${i}') VALUES (${T0 + k}, 0.5, ${k})`).join(' ')}`);
}

/** voltage per table in delivery order (the voltage is the last cell for the database and stable topics) */
function perTable(rows: { table: string; row: string }[], cell = 2): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const r of rows) (out[r.table] ??= []).push(JSON.parse(r.row)[cell] as number);
  return out;
}

const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, k) => from + k);
const expectAll = (tables: string[], values: number[]): Record<string, number[]> => Object.fromEntries(tables.map((tb) => [tb, values]));

describe('earliest: the snapshot before the change log', () => {
  it('delivers rows written before CREATE TOPIC once, then later rows; latest does not; every topic kind filters', async () => {
    for (let k = 0; k < 3; k++) await writeAll(k);
    await t.run('CREATE TOPIC t_db AS DATABASE d1');
    await t.run('CREATE TOPIC t_stb AS STABLE d1.meters WHERE groupid = 1');
    await t.run('CREATE TOPIC t_q AS SELECT ts, voltage * 10 AS v10, location FROM d1.meters WHERE voltage <> 1');
    await writeAll(3);
    const all = subscribe(t.engine, { groupId: 'all', topics: ['t_db'], offsetReset: 'earliest' });
    const late = subscribe(t.engine, { groupId: 'late', topics: ['t_db'], offsetReset: 'latest' });
    const stb = subscribe(t.engine, { groupId: 'stb', topics: ['t_stb'], offsetReset: 'earliest' });
    const q = subscribe(t.engine, { groupId: 'q', topics: ['t_q'], offsetReset: 'earliest' });
    await writeAll(4);
    expect(perTable(await drain(t.engine, all))).toEqual(expectAll(TABLES, range(0, 5)));
    expect(perTable(await drain(t.engine, late))).toEqual(expectAll(TABLES, [4]));
    // groupid = 1: tables b and e
    expect(perTable(await drain(t.engine, stb))).toEqual(expectAll(['b', 'e'], range(0, 5)));
    const queried = await drain(t.engine, q);
    expect(perTable(queried, 1)).toEqual(expectAll(TABLES, [0, 20, 30, 40]));
    expect(queried.filter((r) => r.table === 'c').map((r) => JSON.parse(r.row)[2])).toEqual(['l2', 'l2', 'l2', 'l2']);
  });

  it('a row rewritten after the topic comes once, as the log has it; snapshot and log cells are alike', async () => {
    await t.run(
      'CREATE TABLE d1.n (ts TIMESTAMP, f FLOAT, d DOUBLE, b BIGINT, u TINYINT UNSIGNED, ok BOOL, s VARCHAR(10), w NCHAR(10), at TIMESTAMP, vb VARBINARY(8))',
    );
    const values = (k: number): string => `(${T0 + k}, 0.1, 2.5e300, 1234567890123, 250, true, 'x''y', '中文', ${T0}, '\\x0aff')`;
    await t.run(`INSERT INTO d1.n VALUES ${values(0)} ${values(1)}`);
    await t.run('CREATE TOPIC t_db AS DATABASE d1');
    await t.run(`INSERT INTO d1.n VALUES ${values(2)}`);
    await t.run(`INSERT INTO d1.n (ts, b) VALUES (${T0 + 1}, 7)`); // rewrites row 1: only this version comes
    const c = subscribe(t.engine, { topics: ['t_db'], offsetReset: 'earliest' });
    const rows = (await drain(t.engine, c)).map((r) => JSON.parse(r.row) as unknown[]);
    expect(rows.map((r) => r[3])).toEqual([1234567890123, 1234567890123, 7]);
    // row 0 from the snapshot, row 2 from the log: the same cells apart from the timestamp
    expect(rows[0].slice(1)).toEqual(rows[1].slice(1));
    expect(rows[0][0]).not.toEqual(rows[1][0]);
  });

  it('is resumed from a committed snapshot position by the next member, with no loss and no duplicates', async () => {
    await t.run('CREATE DATABASE big VGROUPS 1 WAL_RETENTION_PERIOD 3600');
    await t.run('CREATE TABLE big.t (ts TIMESTAMP, v INT)');
    const total = 10_000;
    for (let from = 0; from < total; from += 2500) {
      await t.run(`INSERT INTO big.t VALUES ${range(from, 2500).map((k) => `(${T0 + k}, ${k})`).join(' ')}`);
    }
    await t.run('CREATE TOPIC big_t AS DATABASE big');
    const c1 = subscribe(t.engine, { groupId: 'gs', topics: ['big_t'], offsetReset: 'earliest' });
    const seen: number[] = [];
    const take = async (consumer: string): Promise<{ id: number; values: number[] }> => {
      const m = await t.engine.consumers.poll(consumer, 0);
      const values: number[] = [];
      for (let b = t.engine.consumers.fetch(consumer, m!.id); b; b = t.engine.consumers.fetch(consumer, m!.id)) values.push(...b.rows.map((r) => JSON.parse(r)[1] as number));
      return { id: m!.id, values };
    };
    const first = await take(c1);
    expect(first.values).toEqual(range(0, 4096));
    seen.push(...first.values);
    t.engine.consumers.commit(c1, first.id);
    const subs = await t.run("SELECT `offset` FROM information_schema.ins_subscriptions WHERE topic_name = 'big_t'");
    expect(subs.kind === 'rows' && subs.rows[0][0]).toBe(`snapshot:0:${T0 + 4095}:t`);
    // written while the snapshot runs: a new row beyond it and a rewrite of a row it has not reached
    await t.run(`INSERT INTO big.t VALUES (${T0 + total}, ${total}) (${T0 + 9000}, -9000)`);
    const lost = await take(c1); // read but never committed: the killed consumer's work
    expect(lost.values).toEqual(range(4096, 4096));
    t.engine.consumers.leave(c1, false);

    const c2 = subscribe(t.engine, { groupId: 'gs', topics: ['big_t'], offsetReset: 'earliest' });
    const rest = (await drain(t.engine, c2, { commit: true })).map((r) => JSON.parse(r.row)[1] as number);
    seen.push(...rest);
    expect(rest.slice(0, 4096)).toEqual(range(4096, 4096));
    // the rewritten row comes from the log with its new value, after the snapshot; nothing twice
    expect(seen.filter((v) => v !== -9000 && v !== 9000).sort((a, b) => a - b)).toEqual(range(0, total + 1).filter((v) => v !== 9000));
    expect(seen.filter((v) => v === -9000)).toHaveLength(1);
    expect(seen).not.toContain(9000);
    expect(seen.slice(-2)).toEqual([-9000, total]); // one log record, in ts order
    const after = await t.run("SELECT `offset` FROM information_schema.ins_subscriptions WHERE topic_name = 'big_t'");
    expect(after.kind === 'rows' && after.rows[0][0]).toBe('log:1');
  });

  it('reads many children in batches and resumes in the middle of one', async () => {
    await t.run('CREATE DATABASE many VGROUPS 1 WAL_RETENTION_PERIOD 3600');
    await t.run('CREATE STABLE many.m (ts TIMESTAMP, v INT) TAGS (k INT)');
    const names = range(0, 250).map((i) => `t${i}`);
    for (let b = 0; b < names.length; b += 50) {
      const parts = names.slice(b, b + 50).map((tb, i) => `many.${tb} USING many.m TAGS (${b + i}) VALUES ${range(0, 20).map((k) => `(${T0 + k}, ${k})`).join(' ')}`);
      await t.run(`INSERT INTO ${parts.join(' ')}`);
    }
    await t.run('CREATE TOPIC many_all AS DATABASE many');
    const c1 = subscribe(t.engine, { groupId: 'gm', topics: ['many_all'], offsetReset: 'earliest' });
    const m = await t.engine.consumers.poll(c1, 0);
    const first: { table: string; row: string }[] = [];
    for (let b = t.engine.consumers.fetch(c1, m!.id); b; b = t.engine.consumers.fetch(c1, m!.id)) first.push(...b.rows.map((row) => ({ table: b.tableName, row })));
    expect(first).toHaveLength(4096); // 204 whole tables and 16 rows of the next one
    t.engine.consumers.commit(c1, m!.id);
    t.engine.consumers.leave(c1, false);
    const c2 = subscribe(t.engine, { groupId: 'gm', topics: ['many_all'], offsetReset: 'earliest' });
    const rest = await drain(t.engine, c2);
    expect(rest).toHaveLength(5000 - 4096);
    expect(perTable([...first, ...rest], 1)).toEqual(expectAll(names, range(0, 20)));
  });

  it('orders table names as the query layer does (a batch cut by LIMIT resumes at the right table)', async () => {
    const names = ['B', 'a', 'é', 'z', '_x', 'Ä', 'a1', '10', '9', '中'];
    for (const [i, n] of names.entries()) await t.run(`INSERT INTO d1.\`${n}\` USING d1.meters TAGS (${i}, 'l') VALUES (${T0}, 1, ${i})`);
    const r = await t.run('SELECT tbname FROM d1.meters ORDER BY tbname, ts');
    const order = r.kind === 'rows' ? r.rows.map((x) => String(x[0])) : [];
    expect(order).toHaveLength(names.length);
    expect(order).toEqual([...order].sort(compareNames));
  });

  it('WITH META: the snapshot first sends the CREATE statements of what it covers, resumable between them', async () => {
    await t.run('CREATE DATABASE dm VGROUPS 1 WAL_RETENTION_PERIOD 3600');
    await t.run('CREATE STABLE dm.st (ts TIMESTAMP, v INT) TAGS (k INT)');
    await t.run(`INSERT INTO dm.c1 USING dm.st TAGS (1) VALUES (${T0}, 1) dm.c2 USING dm.st TAGS (2) VALUES (${T0}, 2)`);
    await t.run('CREATE TABLE dm.n (ts TIMESTAMP, v INT)');
    await t.run(`INSERT INTO dm.n VALUES (${T0}, 3)`);
    await t.run('CREATE TOPIC tm WITH META AS DATABASE dm');
    await t.run(`INSERT INTO dm.c1 VALUES (${T0 + 1}, 4)`);
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later millisecond than the topic's
    await t.run('CREATE TABLE dm.late USING dm.st TAGS (3)'); // after the topic: in the log only
    const messages = async (consumer: string): Promise<string[]> => {
      const out: string[] = [];
      for (let m = await t.engine.consumers.poll(consumer, 0); m; m = await t.engine.consumers.poll(consumer, 0)) {
        if (m.body.kind === 'meta') out.push(`${m.body.statement} ${m.body.sql.split('(')[0].trim()}`);
        else out.push(...m.body.blocks.flatMap((b) => b.rows.map((r) => `${b.tableName} ${JSON.parse(r)[1]}`)));
        t.engine.consumers.commit(consumer, m.id);
        if (out.length === 2) return out; // "killed" after two messages
      }
      return out;
    };
    const c1 = subscribe(t.engine, { groupId: 'gm', topics: ['tm'], offsetReset: 'earliest' });
    const first = await messages(c1);
    expect(first).toEqual(['createStable CREATE STABLE `st`', expect.stringMatching(/^createChildTables CREATE TABLE `c1` USING `st`/)]);
    const subs = await t.run("SELECT `offset` FROM information_schema.ins_subscriptions WHERE topic_name = 'tm'");
    expect(subs.kind === 'rows' && subs.rows[0][0]).toBe('snapshot:0:meta:1:c1');
    t.engine.consumers.leave(c1, false);
    const c2 = subscribe(t.engine, { groupId: 'gm', topics: ['tm'], offsetReset: 'earliest' });
    const rest: string[] = [];
    for (let more = await messages(c2); more.length > 0; more = await messages(c2)) rest.push(...more);
    expect(rest).toEqual([
      expect.stringMatching(/^createChildTables CREATE TABLE `c2` USING `st`/),
      'createTable CREATE TABLE `n`',
      'c1 1',
      'c2 2',
      'n 3',
      'c1 4',
      'createChildTables CREATE TABLE dm.late USING dm.st TAGS',
    ]);
  });

  it('two members of a group share the snapshot by vgroup', async () => {
    for (let k = 0; k < 4; k++) await writeAll(k);
    await t.run('CREATE TOPIC t_db AS DATABASE d1');
    const c1 = subscribe(t.engine, { topics: ['t_db'], offsetReset: 'earliest' });
    const c2 = subscribe(t.engine, { topics: ['t_db'], offsetReset: 'earliest' });
    await writeAll(4);
    const r1 = perTable(await drain(t.engine, c1, { commit: true }));
    const r2 = perTable(await drain(t.engine, c2, { commit: true }));
    expect(Object.keys(r1).length).toBeGreaterThan(0);
    expect(Object.keys(r2).length).toBeGreaterThan(0);
    expect(Object.keys(r1).filter((tb) => tb in r2)).toEqual([]);
    expect({ ...r1, ...r2 }).toEqual(expectAll(TABLES, range(0, 5)));
    // a new member after the commits: nothing again
    t.engine.consumers.leave(c1, false);
    t.engine.consumers.leave(c2, false);
    const c3 = subscribe(t.engine, { topics: ['t_db'], offsetReset: 'earliest' });
    expect(await drain(t.engine, c3)).toEqual([]);
  });
});
