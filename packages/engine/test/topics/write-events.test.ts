import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { timestampAt } from '../../src/storage/table-writer';
import type { WriteEvent } from '../../src/storage/write-events';
import { openTestEngine, type TestEngine } from '../engine/helpers';

let t: TestEngine;
beforeEach(async () => {
  t = await openTestEngine();
});
afterEach(async () => {
  await t.close();
});

describe('write events', () => {
  it('announces committed rows per table with created children, and schema statements', async () => {
    const events: WriteEvent[] = [];
    const off = t.engine.writeEvents.on((e) => events.push(e));
    await t.run('CREATE DATABASE d1');
    await t.run('CREATE STABLE d1.st (ts TIMESTAMP, v INT, s VARCHAR(8)) TAGS (g INT)');
    const now = Date.now();
    await t.run(`INSERT INTO d1.c1 USING d1.st TAGS (1) VALUES (${now + 2}, 2, 'b') (${now + 1}, 1, 'a') d1.c2 USING d1.st TAGS (2) VALUES (${now}, 9, NULL)`);
    const schema = events.filter((e) => e.kind === 'schema');
    expect(schema.map((e) => e.kind === 'schema' && [e.statement, e.db])).toEqual([
      ['createDatabase', 'd1'],
      ['createStable', 'd1'],
    ]);
    const rows = events.filter((e) => e.kind === 'rows');
    expect(rows).toHaveLength(1);
    const ev = rows[0];
    if (ev.kind !== 'rows') throw new Error('unreachable');
    expect(ev.db).toBe('d1');
    const stable = t.engine.catalog.database('d1').stables.st;
    expect(ev.data).toHaveLength(1);
    expect(ev.data[0].stableId).toBe(stable.id);
    expect(ev.createdChildren.map((c) => c.name).sort()).toEqual(['c1', 'c2']);
    const c1 = ev.createdChildren.find((c) => c.name === 'c1')!;
    const part = ev.data[0].tables.find((p) => p.tid === c1.tid)!;
    // sorted by ts, as stored (packed or bigints: listeners read them with timestampAt)
    expect(Array.from({ length: part.ts.length }, (_, i) => timestampAt(part, i))).toEqual([BigInt(now + 1), BigInt(now + 2)]);
    expect(Array.from(part.columns[0] as ArrayLike<unknown>)).toEqual([1, 2]);
    expect(part.columns[1]).toEqual(['a', 'b']);
    off();
    await t.run(`INSERT INTO d1.c1 VALUES (${now + 3}, 3, 'c')`);
    expect(events.filter((e) => e.kind === 'rows')).toHaveLength(1);
  });

  it('announces nothing for a failed statement', async () => {
    await t.run('CREATE DATABASE d1');
    await t.run('CREATE TABLE d1.n (ts TIMESTAMP, v TINYINT)');
    const events: WriteEvent[] = [];
    t.engine.writeEvents.on((e) => events.push(e));
    await expect(t.run(`INSERT INTO d1.n VALUES (${Date.now()}, 1000)`)).rejects.toThrow();
    expect(events).toEqual([]);
  });

  it('announces a DELETE with the time span and tables it removed', async () => {
    await t.run('CREATE DATABASE d1');
    await t.run('CREATE STABLE d1.st (ts TIMESTAMP, v INT) TAGS (g INT)');
    const now = Date.now();
    await t.run(`INSERT INTO d1.c1 USING d1.st TAGS (1) VALUES (${now}, 1) (${now + 5}, 2) d1.c2 USING d1.st TAGS (2) VALUES (${now + 1}, 3)`);
    const events: WriteEvent[] = [];
    t.engine.writeEvents.on((e) => events.push(e));
    await t.run(`DELETE FROM d1.st WHERE ts >= ${now} AND ts <= ${now + 3} AND g = 2`);
    await t.run(`DELETE FROM d1.c1 WHERE ts > ${now + 100}`);
    const c2 = t.engine.catalog.table('d1', 'c2');
    expect(events).toEqual([
      {
        kind: 'delete',
        db: 'd1',
        table: `stb_${t.engine.catalog.database('d1').stables.st.id}_data`,
        stableId: t.engine.catalog.database('d1').stables.st.id,
        tids: [c2.kind === 'child' ? c2.child.tid : -1],
        fromTs: BigInt(now + 1),
        toTs: BigInt(now + 1),
        reason: 'delete',
      },
    ]);
  });
});
