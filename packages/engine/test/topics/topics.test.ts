import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TdError } from '../../src/errors';
import { openTestEngine, type TestEngine } from '../engine/helpers';
import { drain, subscribe } from './helpers';

let t: TestEngine;
const now = Date.now();

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE d1 VGROUPS 2 WAL_RETENTION_PERIOD 3600');
  await t.run('CREATE STABLE d1.meters (ts TIMESTAMP, current FLOAT, voltage INT) TAGS (groupid INT, location VARCHAR(24))');
});
afterEach(async () => {
  await t.close();
});

async function code(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (e) {
    return (e as TdError).code;
  }
  return 0;
}

describe('CREATE / DROP TOPIC', () => {
  it('checks names, WAL retention, queries and lists topics', async () => {
    await t.run('CREATE DATABASE nowal WAL_RETENTION_PERIOD 0');
    expect(await code(t.run('CREATE TOPIC tw AS DATABASE nowal'))).toBe(0x038c);
    await t.run('CREATE TOPIC t_db AS DATABASE d1');
    expect(await code(t.run('CREATE TOPIC t_db AS DATABASE d1'))).toBe(0x03e0);
    await t.run('CREATE TOPIC IF NOT EXISTS t_db AS DATABASE d1');
    await t.run('CREATE TOPIC t_stb WITH META AS STABLE d1.meters WHERE groupid = 2');
    await t.run('CREATE TOPIC t_q AS SELECT ts, voltage FROM d1.meters WHERE voltage > 100');
    expect(await code(t.run('CREATE TOPIC t_agg AS SELECT avg(voltage) FROM d1.meters'))).toBe(0x2639);
    expect(await code(t.run('CREATE TOPIC t_win AS SELECT ts, voltage FROM d1.meters INTERVAL(1m)'))).toBe(0x2639);
    expect(await code(t.run('CREATE TOPIC t_none AS SELECT ts FROM d1.nothere'))).toBe(0x2603);
    expect(await code(t.run('CREATE TOPIC t_nodb AS DATABASE nodb'))).toBe(0x0388);
    const shown = await t.run('SHOW TOPICS');
    expect(shown.kind === 'rows' && shown.rows.map((r) => r[0])).toEqual(['t_db', 't_stb', 't_q']);
    const ins = await t.run("SELECT topic_name, db_name, `meta`, `type` FROM information_schema.ins_topics WHERE topic_name = 't_stb'");
    expect(ins.kind === 'rows' && ins.rows).toEqual([['t_stb', 'd1', 'yes', 'stable']]);
    expect(await code(t.run('ALTER DATABASE d1 WAL_RETENTION_PERIOD 0'))).toBe(0x038c);
    await t.run('ALTER DATABASE nowal WAL_RETENTION_PERIOD 0');
    await t.run('DROP TOPIC t_q');
    expect(await code(t.run('DROP TOPIC t_q'))).toBe(0x03e1);
    await t.run('DROP TOPIC IF EXISTS t_q');
  });

  it('refuses DROP DATABASE / DROP STABLE while a topic reads it (0x03ED Topic must be dropped first)', async () => {
    await t.run('CREATE TOPIC t1 AS STABLE d1.meters');
    await t.run(`INSERT INTO d1.a USING d1.meters TAGS (1, 'x') VALUES (${now}, 1, 1)`);
    await expect(t.run('DROP DATABASE d1')).rejects.toMatchObject({ code: 0x03ed, message: 'Topic must be dropped first' });
    await expect(t.run('DROP DATABASE IF EXISTS d1')).rejects.toMatchObject({ code: 0x03ed });
    // nothing was dropped: the database, its rows and the topic are all still there
    const rows = await t.run('SELECT count(*) FROM d1.meters');
    expect(rows.kind === 'rows' && Number(rows.rows[0][0])).toBe(1);
    expect(t.engine.topics.topics().map((x) => x.name)).toEqual(['t1']);
    // so is dropping the super table an AS STABLE or AS SELECT topic reads (not one a database topic reads)
    await t.run('CREATE STABLE d1.other (ts TIMESTAMP, v INT) TAGS (k INT)');
    await t.run('CREATE TOPIC t_q AS SELECT ts, v FROM d1.other WHERE v > 0');
    await t.run('CREATE TOPIC t_all AS DATABASE d1');
    await expect(t.run('DROP STABLE d1.meters')).rejects.toMatchObject({ code: 0x03ed });
    await expect(t.run('DROP TABLE d1.meters')).rejects.toMatchObject({ code: 0x03ed });
    await expect(t.run('DROP STABLE d1.other')).rejects.toMatchObject({ code: 0x03ed });
    await t.run('DROP TOPIC t_q');
    await t.run('DROP STABLE d1.other');
    await t.run('DROP TABLE d1.a'); // a child table: TDengine does not check those either
    await t.run('DROP TOPIC t1');
    await t.run('DROP TOPIC t_all');
    await t.run('DROP DATABASE d1');
    expect(t.engine.catalog.findDatabase('d1')).toBeUndefined();
  });

  it('refuses to drop a subscribed topic unless FORCE', async () => {
    await t.run('CREATE TOPIC t1 AS DATABASE d1');
    subscribe(t.engine, { topics: ['t1'] });
    expect(await code(t.run('DROP TOPIC t1'))).toBe(0x03eb);
    await t.run('DROP TOPIC FORCE t1');
    expect(t.engine.consumers.list()).toEqual([]);
  });
});

describe('consuming', () => {
  it('delivers exactly the rows written, in order per table, filtered per topic kind', async () => {
    await t.run('CREATE TOPIC t_db AS DATABASE d1');
    await t.run('CREATE TOPIC t_stb AS STABLE d1.meters WHERE groupid = 2');
    await t.run('CREATE TOPIC t_q AS SELECT ts, voltage * 2 AS v2, location FROM d1.meters WHERE voltage > 100');
    const all = subscribe(t.engine, { topics: ['t_db'], offsetReset: 'earliest' });
    const tagged = subscribe(t.engine, { groupId: 'g2', topics: ['t_stb'], offsetReset: 'earliest' });
    const query = subscribe(t.engine, { groupId: 'g3', topics: ['t_q'], offsetReset: 'earliest' });
    for (let i = 0; i < 5; i++) {
      await t.run(
        `INSERT INTO d1.a USING d1.meters TAGS (1, 'x') VALUES (${now + i}, 1.5, ${99 + i}) d1.b USING d1.meters TAGS (2, 'y') VALUES (${now + i}, 2.5, ${200 + i})`,
      );
    }
    const rows = await drain(t.engine, all, { want: 10 });
    expect(rows).toHaveLength(10);
    const a = rows.filter((r) => r.table === 'a').map((r) => JSON.parse(r.row)[2]);
    const b = rows.filter((r) => r.table === 'b').map((r) => JSON.parse(r.row)[2]);
    expect(a).toEqual([99, 100, 101, 102, 103]);
    expect(b).toEqual([200, 201, 202, 203, 204]);
    const stb = await drain(t.engine, tagged, { want: 5 });
    expect(stb.map((r) => r.table)).toEqual(['b', 'b', 'b', 'b', 'b']);
    const q = await drain(t.engine, query, { want: 8 });
    expect(q.filter((r) => r.table === 'a').map((r) => JSON.parse(r.row).slice(1))).toEqual([[202, 'x'], [204, 'x'], [206, 'x']]);
    expect(q.filter((r) => r.table === 'b')).toHaveLength(5);
  });

  it('latest skips what was written before, earliest replays it, none needs a commit', async () => {
    await t.run('CREATE TOPIC t1 AS DATABASE d1');
    await t.run(`INSERT INTO d1.a USING d1.meters TAGS (1, 'x') VALUES (${now}, 1, 1)`);
    const latest = subscribe(t.engine, { groupId: 'late', topics: ['t1'], offsetReset: 'latest' });
    const earliest = subscribe(t.engine, { groupId: 'early', topics: ['t1'], offsetReset: 'earliest' });
    const none = subscribe(t.engine, { groupId: 'none', topics: ['t1'], offsetReset: 'none' });
    await t.run(`INSERT INTO d1.a VALUES (${now + 1}, 2, 2)`);
    expect((await drain(t.engine, latest)).map((r) => JSON.parse(r.row)[2])).toEqual([2]);
    expect((await drain(t.engine, earliest)).map((r) => JSON.parse(r.row)[2])).toEqual([1, 2]);
    await expect(t.engine.consumers.poll(none, 10)).rejects.toMatchObject({ code: 0x0a0d });
  });

  it('resumes a group from its commit; two members split the vgroups and rebalance when one leaves', async () => {
    await t.run('CREATE TOPIC t1 AS DATABASE d1');
    const tables = ['a', 'b', 'c', 'd', 'e', 'f'];
    const write = async (base: number) => {
      for (const [i, tb] of tables.entries()) await t.run(`INSERT INTO d1.${tb} USING d1.meters TAGS (${i}, 'l') VALUES (${now + base}, 1, ${base})`);
    };
    await write(0);
    const c1 = subscribe(t.engine, { topics: ['t1'], offsetReset: 'earliest' });
    expect((await drain(t.engine, c1, { commit: true })).length).toBe(6);
    t.engine.consumers.leave(c1, false);
    await write(1);
    const c2 = subscribe(t.engine, { topics: ['t1'], offsetReset: 'earliest' });
    const c3 = subscribe(t.engine, { topics: ['t1'], offsetReset: 'earliest' });
    const r2 = await drain(t.engine, c2, { commit: true });
    const r3 = await drain(t.engine, c3, { commit: true });
    // only the new rows, each once, split between the two members by vgroup
    expect([...r2, ...r3].map((r) => r.table).sort()).toEqual(tables);
    expect(r2.length).toBeGreaterThan(0);
    expect(r3.length).toBeGreaterThan(0);
    expect(new Set(r2.map((r) => r.table)).size + new Set(r3.map((r) => r.table)).size).toBe(6);
    const subs = await t.run('SHOW SUBSCRIPTIONS');
    expect(subs.kind === 'rows' && subs.rows.length).toBe(2);
    t.engine.consumers.leave(c3, false);
    await write(2);
    expect((await drain(t.engine, c2, { commit: true })).map((r) => r.table).sort()).toEqual(tables);
    const consumers = await t.run('SHOW CONSUMERS');
    expect(consumers.kind === 'rows' && consumers.rows.map((r) => r[1])).toEqual(['g1']);
  });
});
