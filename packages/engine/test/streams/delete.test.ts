import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childName } from '../../src/streams/output';
import { AGG, QAGG, SEC, StreamFixture, T0, series, sorted, windowKinds } from './helpers';

/**
 * DELETE in the source (facts §3.2: TDengine recomputes the touched windows): after each delete the stream's output
 * equals the same aggregate query run afterwards — windows left empty lose their rows, split or merged windows are
 * rewritten.
 */

const KINDS = windowKinds('20s');

const at = (s: number): number => Math.round(T0 + s * SEC);

describe('source DELETE recomputes the stream output', () => {
  let f: StreamFixture;
  beforeEach(async () => {
    f = await StreamFixture.open();
  });
  afterEach(async () => {
    await f.close();
  });

  for (const [kind, window] of KINDS) {
    it(`${kind} partitioned by tbname`, async () => {
      await f.run(
        `CREATE STREAM s TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO out TAGS (tb VARCHAR(16)) SUBTABLE(concat('o_', tbname)) ` +
          `AS SELECT _wstart, ${AGG} FROM meters PARTITION BY tbname ${window}`,
      );
      const expected = async () => sorted(await f.rows(`SELECT tbname, _wstart, ${QAGG} FROM meters PARTITION BY tbname ${window}`));
      const actual = async () => sorted(await f.rows('SELECT tb, _wstart, n, sv, mc, fv, lv FROM out'));
      const rows = series(kind.length * 13);
      for (let i = 0; i < rows.length; i += 40) {
        await f.insert(rows.slice(i, i + 40));
        await f.idle();
      }
      expect(await actual()).toEqual(await expected());
      const before = (await actual()).length;
      // a stretch of one table in the middle (empties windows, splits/merges the others)
      await f.run(`DELETE FROM d1 WHERE ts >= ${at(100)} AND ts <= ${at(160)}`);
      await f.idle();
      expect(await actual()).toEqual(await expected());
      // single rows of several tables through the super table
      await f.run(`DELETE FROM meters WHERE ts = ${at(rows[10][1])}`);
      await f.run(`DELETE FROM meters WHERE ts = ${at(rows[50][1])}`);
      await f.idle();
      expect(await actual()).toEqual(await expected());
      // every table, a range crossing the newest rows
      await f.run(`DELETE FROM meters WHERE ts >= ${at(300)} AND ts < ${at(360)}`);
      await f.idle();
      expect(await actual()).toEqual(await expected());
      // the whole of one table
      await f.run(`DELETE FROM d2 WHERE ts >= ${at(-1)}`);
      await f.idle();
      expect(await actual()).toEqual(await expected());
      expect((await actual()).length).toBeLessThan(before);
      // writes after the deletes still land where they should
      await f.insert([['d2', 500, 1], ['d0', 501.5, 3], ['d2', 503, 0]]);
      await f.idle();
      expect(await actual()).toEqual(await expected());
    });
  }

  it('INTERVAL without PARTITION BY and with default child names, WINDOW_CLOSE', async () => {
    await f.run(`CREATE STREAM s1 TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO out1 AS SELECT _wstart, ${AGG} FROM meters INTERVAL(20s)`);
    await f.run(`CREATE STREAM s2 IGNORE EXPIRED 0 INTO out2 AS SELECT _wstart, ${AGG} FROM meters PARTITION BY tbname INTERVAL(20s)`);
    const rows = series(3);
    await f.insert(rows);
    await f.idle();
    await f.run(`DELETE FROM meters WHERE ts >= ${at(40)} AND ts < ${at(120)}`);
    await f.run(`DELETE FROM d0 WHERE ts >= ${at(200)} AND ts < ${at(260)}`);
    await f.idle();
    expect(sorted(await f.rows('SELECT _wstart, n, sv, mc, fv, lv FROM out1'))).toEqual(sorted(await f.rows(`SELECT _wstart, ${QAGG} FROM meters INTERVAL(20s)`)));
    // WINDOW_CLOSE: the open (last) window of each table is not written
    const closedOnly = async () => {
      const all = await f.rows(`SELECT tbname, _wstart, ${QAGG} FROM meters PARTITION BY tbname INTERVAL(20s)`);
      const newest = Number((await f.rows('SELECT last(ts) FROM meters'))[0][0]);
      return sorted(all.filter((r) => Number(r[1]) + 20 * SEC <= newest).map((r) => r.slice(1)));
    };
    expect(sorted(await f.rows('SELECT _wstart, n, sv, mc, fv, lv FROM out2'))).toEqual(await closedOnly());
  });

  it('INTERVAL with SUBTABLE: a delete after a restart still removes emptied windows', async () => {
    await f.run(
      `CREATE STREAM s TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO out TAGS (tb VARCHAR(16)) SUBTABLE(concat('o_', tbname)) ` +
        `AS SELECT _wstart, ${AGG} FROM meters PARTITION BY tbname INTERVAL(20s)`,
    );
    // a whole-source stream by tag into a target shared with a stream on one table (its tag groupId takes the tag
    // value): only its own rows are cleaned
    await f.run(`CREATE STREAM s3 TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO shared AS SELECT _wstart, ${AGG} FROM d2 INTERVAL(20s)`);
    await f.run(`CREATE STREAM s2 TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO shared TAGS (gg INT) AS SELECT _wstart, ${AGG} FROM meters PARTITION BY g INTERVAL(20s)`);
    await f.insert(series(8));
    await f.idle();
    await f.restart();
    await f.run(`DELETE FROM d1 WHERE ts >= ${at(50)} AND ts < ${at(250)}`);
    await f.run(`DELETE FROM d0 WHERE ts >= ${at(120)} AND ts < ${at(300)}`);
    await f.idle();
    expect(sorted(await f.rows('SELECT tb, _wstart, n, sv, mc, fv, lv FROM out'))).toEqual(
      sorted(await f.rows(`SELECT tbname, _wstart, ${QAGG} FROM meters PARTITION BY tbname INTERVAL(20s)`)),
    );
    const s3child = childName('s3', '[]');
    expect(sorted(await f.rows(`SELECT groupid, _wstart, n, sv, mc, fv, lv FROM shared WHERE tbname <> '${s3child}'`))).toEqual(
      sorted(await f.rows(`SELECT g, _wstart, ${QAGG} FROM meters PARTITION BY g INTERVAL(20s)`)),
    );
    // s3's rows (d2 untouched) are all still there
    expect(sorted(await f.rows(`SELECT _wstart, n, sv, mc, fv, lv FROM shared WHERE tbname = '${s3child}'`))).toEqual(
      sorted(await f.rows(`SELECT _wstart, ${QAGG} FROM d2 INTERVAL(20s)`)),
    );
    await f.run(`DELETE FROM d2 WHERE ts >= ${at(-1)}`);
    await f.idle();
    expect(sorted(await f.rows('SELECT tb, _wstart, n, sv, mc, fv, lv FROM out'))).toEqual(
      sorted(await f.rows(`SELECT tbname, _wstart, ${QAGG} FROM meters PARTITION BY tbname INTERVAL(20s)`)),
    );
  });

  it('default options (WINDOW_CLOSE, IGNORE EXPIRED 1): a delete in closed SESSION and STATE windows is recomputed', async () => {
    await f.run(`CREATE STREAM s1 INTO out1 AS SELECT _wstart, ${AGG} FROM d0 SESSION(ts, 5s)`);
    await f.run(`CREATE STREAM s2 INTO out2 AS SELECT _wstart, ${AGG} FROM d0 STATE_WINDOW(v)`);
    const rows: [string, number, number][] = [];
    for (let i = 0; i < 60; i++) rows.push(['d0', i * 3 + (i % 7 === 0 ? 9 : 0) + Math.floor(i / 7) * 9, Math.floor(i / 4) % 3]);
    await f.insert(rows);
    await f.idle();
    // a whole session, part of another, a whole state run (merging its neighbours when they share a value)
    await f.run(`DELETE FROM d0 WHERE ts >= ${at(rows[7][1])} AND ts <= ${at(rows[13][1])}`);
    await f.run(`DELETE FROM d0 WHERE ts >= ${at(rows[28][1])} AND ts <= ${at(rows[31][1])}`);
    await f.idle();
    const all = async (q: string) => (await f.rows(q)).slice(0, -1); // the newest window is still open
    expect(sorted(await f.rows('SELECT _wstart, n, sv, mc, fv, lv FROM out1'))).toEqual(sorted(await all(`SELECT _wstart, ${QAGG} FROM d0 SESSION(ts, 5s)`)));
    expect(sorted(await f.rows('SELECT _wstart, n, sv, mc, fv, lv FROM out2'))).toEqual(sorted(await all(`SELECT _wstart, ${QAGG} FROM d0 STATE_WINDOW(v)`)));
  });

  it('a normal table source; KEEP expiry is not propagated', async () => {
    await f.run('CREATE TABLE nt (ts TIMESTAMP, v INT, c DOUBLE)');
    await f.run(`CREATE STREAM s TRIGGER AT_ONCE INTO out AS SELECT _wstart, ${AGG} FROM nt SESSION(ts, 5s)`);
    await f.run(`INSERT INTO nt VALUES ${[1, 2, 3, 10, 11, 20, 21, 22].map((s, i) => `(${at(s)}, ${i}, ${i / 2})`).join(' ')}`);
    await f.idle();
    await f.run(`DELETE FROM nt WHERE ts >= ${at(10)} AND ts <= ${at(11)}`);
    await f.idle();
    expect(sorted(await f.rows('SELECT _wstart, n, sv, mc, fv, lv FROM out'))).toEqual(sorted(await f.rows(`SELECT _wstart, ${QAGG} FROM nt SESSION(ts, 5s)`)));
    expect(await f.rows('SELECT count(*) FROM out')).toEqual([[2]]);
    // an expiry event (KEEP) leaves the output alone
    const stream = (f.engine.streams as unknown as { streams: Map<string, { onDelete(e: unknown): boolean }> }).streams.get('s')!;
    expect(stream.onDelete({ kind: 'delete', db: 'test', table: 'x', fromTs: 0n, toTs: BigInt(at(30)), reason: 'expired' })).toBe(false);
  });
});
