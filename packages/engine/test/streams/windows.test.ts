import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGG, QAGG, StreamFixture, lateAt, series, sorted, windowKinds } from './helpers';

/**
 * Every window kind: the stream's output equals the same aggregate query run afterwards on the source, after
 * in-order writes, out-of-order rows inside the watermark and rows outside it (IGNORE EXPIRED 0: recomputed).
 */

const KINDS = windowKinds('10s');

describe('stream output equals the query run afterwards', () => {
  let f: StreamFixture;
  beforeEach(async () => {
    f = await StreamFixture.open();
  });
  afterEach(async () => {
    await f.close();
  });

  for (const [kind, window] of KINDS) {
    it(`${kind} partitioned by tbname, late rows inside and outside the watermark`, async () => {
      await f.run(
        `CREATE STREAM s TRIGGER AT_ONCE WATERMARK 10s IGNORE EXPIRED 0 INTO out TAGS (tb VARCHAR(16)) SUBTABLE(concat('o_', tbname)) ` +
          `AS SELECT _wstart, ${AGG} FROM meters PARTITION BY tbname ${window}`,
      );
      const expected = async () => sorted(await f.rows(`SELECT tbname, _wstart, ${QAGG} FROM meters PARTITION BY tbname ${window}`));
      const actual = async () => sorted(await f.rows('SELECT tb, _wstart, n, sv, mc, fv, lv FROM out'));
      const rows = series(kind.length * 7);
      // in-order, in four writes
      for (let i = 0; i < rows.length; i += 30) {
        await f.insert(rows.slice(i, i + 30));
        await f.idle();
      }
      expect(await actual()).toEqual(await expected());
      const newest = rows[rows.length - 1][1];
      // out of order inside the watermark (newest - 10 s .. newest)
      await f.insert([
        ['d0', lateAt('d0', newest - 3.5), 2],
        ['d1', lateAt('d1', newest - 7.25), 0],
        ['d2', lateAt('d2', newest - 1.5), 3],
      ]);
      await f.idle();
      expect(await actual()).toEqual(await expected());
      // far outside the watermark: recomputed (IGNORE EXPIRED 0), including rows that merge or split windows
      await f.insert([
        ['d0', lateAt('d0', 20.5), 1],
        ['d1', lateAt('d1', 100.5), 3],
        ['d1', lateAt('d1', 101.5), 0],
        ['d2', lateAt('d2', 0.5), 2],
      ]);
      await f.idle();
      expect(await actual()).toEqual(await expected());
      const out = await f.rows('SELECT count(*) FROM out');
      expect(Number(out[0][0])).toBeGreaterThan(3);
      if (window.includes('TRUE_FOR')) {
        // the duration filter matters here: some windows are too short, and their rows are not in the output
        const all = await f.rows(`SELECT count(*) FROM (SELECT _wstart, count(*) FROM meters PARTITION BY tbname ${window.replace(/ TRUE_FOR\(\w+\)/, '')})`);
        expect(Number(all[0][0])).toBeGreaterThan(Number(out[0][0]));
      }
    });
  }

  it('SESSION and INTERVAL over the whole super table (no PARTITION BY)', async () => {
    await f.run(`CREATE STREAM s1 TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO out1 AS SELECT _wstart, ${AGG} FROM meters SESSION(ts, 5s)`);
    await f.run(`CREATE STREAM s2 TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO out2 AS SELECT _wstart, avg(v) av, ${AGG} FROM meters INTERVAL(1m)`);
    const rows = series(99);
    for (let i = 0; i < rows.length; i += 40) {
      await f.insert(rows.slice(i, i + 40));
      await f.idle();
    }
    await f.insert([['d1', lateAt('d1', 33.5), 3], ['d2', lateAt('d2', 7.5), 1]]);
    await f.idle();
    expect(sorted(await f.rows('SELECT _wstart, n, sv, mc, fv, lv FROM out1'))).toEqual(sorted(await f.rows(`SELECT _wstart, ${QAGG} FROM meters SESSION(ts, 5s)`)));
    expect(sorted(await f.rows('SELECT _wstart, av, n, sv, mc, fv, lv FROM out2'))).toEqual(
      sorted(await f.rows(`SELECT _wstart, avg(v), ${QAGG} FROM meters INTERVAL(1m)`)),
    );
    // one child table (one partition), tag groupId
    expect(await f.rows('SELECT DISTINCT tbname FROM out1')).toHaveLength(1);
  });

  it('SESSION partitioned by a tag (several tables per partition), late rows merging sessions', async () => {
    await f.run(`CREATE STREAM s TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO out TAGS (gg INT) AS SELECT _wstart, ${AGG} FROM meters PARTITION BY g SESSION(ts, 4s)`);
    const rows = series(11);
    for (let i = 0; i < rows.length; i += 30) {
      await f.insert(rows.slice(i, i + 30));
      await f.idle();
    }
    await f.insert([['d0', lateAt('d0', 50.5), 1], ['d1', lateAt('d1', 51.5), 2], ['d2', lateAt('d2', 200.5), 3]]);
    await f.idle();
    expect(sorted(await f.rows('SELECT gg, _wstart, n, sv, mc, fv, lv FROM out'))).toEqual(
      sorted(await f.rows(`SELECT g, _wstart, ${QAGG} FROM meters PARTITION BY g SESSION(ts, 4s)`)),
    );
  });

  it('PARTITION BY a tag: one output child table per tag value', async () => {
    await f.run(`CREATE STREAM s TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO out TAGS (gg INT) AS SELECT _wstart, ${AGG} FROM meters PARTITION BY g INTERVAL(20s)`);
    const rows = series(5);
    for (let i = 0; i < rows.length; i += 50) {
      await f.insert(rows.slice(i, i + 50));
      await f.idle();
    }
    expect(sorted(await f.rows('SELECT gg, _wstart, n, sv, mc, fv, lv FROM out'))).toEqual(
      sorted(await f.rows(`SELECT g, _wstart, ${QAGG} FROM meters PARTITION BY g INTERVAL(20s)`)),
    );
    expect(await f.rows('SELECT DISTINCT tbname FROM out')).toHaveLength(2);
  });
});
