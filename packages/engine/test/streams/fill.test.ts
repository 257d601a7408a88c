import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEC, StreamFixture, T0, lcg, sorted } from './helpers';

/**
 * INTERVAL ... FILL in a stream: each partition gets its windows from its first to its last window, the empty ones
 * filled — equal to the SELECT with the same FILL over the partition's own time range, after in-order writes, late
 * rows (into gaps, before the first and after the last window) and deletes.
 */

const AGG = 'count(*) n, sum(v) sv, max(c) mc, first(v) fv, last(v) lv';
const QAGG = 'count(*), sum(v), max(c), first(v), last(v)';
const MODES = ['NULL', 'VALUE, 0, -1, 2.5, 7, 8', 'PREV', 'NEXT', 'LINEAR'];

/** Rows of d0..d2 with gaps of up to a minute (several empty 10 s windows), v in 0..3. */
function series(seed: number): [string, number, number][] {
  const rnd = lcg(seed);
  const rows: [string, number, number][] = [];
  for (let t = 0; t < 3; t++) {
    let s = 30 * t;
    for (let i = 0; i < 25; i++) {
      s += 1 + Math.floor(rnd() * (rnd() < 0.3 ? 60 : 12));
      rows.push([`d${t}`, s + t / 4, Math.floor(rnd() * 4)]);
    }
  }
  return rows.sort((a, b) => a[1] - b[1]);
}

const at = (s: number): number => Math.round(T0 + s * SEC);

describe('FILL in streams', () => {
  let f: StreamFixture;
  beforeEach(async () => {
    f = await StreamFixture.open();
  });
  afterEach(async () => {
    await f.close();
  });

  /** The SELECT per partition over its own range: [first ts, last ts] of the rows matching `filter`. */
  async function perPartition(parts: [string, string][], fill: string): Promise<string[]> {
    const out: unknown[][] = [];
    for (const [label, filter] of parts) {
      const [[lo, hi]] = await f.rows(`SELECT first(ts), last(ts) FROM meters WHERE ${filter}`);
      if (lo === null) continue;
      const rows = await f.rows(`SELECT _wstart, ${QAGG} FROM meters WHERE ${filter} AND ts >= ${lo} AND ts <= ${hi} INTERVAL(10s) FILL(${fill})`);
      out.push(...rows.map((r) => [label, ...r]));
    }
    return sorted(out);
  }

  for (const mode of MODES) {
    it(`FILL(${mode.split(',')[0]}) partitioned by tbname`, async () => {
      await f.run(
        `CREATE STREAM s TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO out TAGS (tb VARCHAR(16)) SUBTABLE(concat('o_', tbname)) ` +
          `AS SELECT _wstart, ${AGG} FROM meters PARTITION BY tbname INTERVAL(10s) FILL(${mode})`,
      );
      const expected = () => perPartition(['d0', 'd1', 'd2'].map((t) => [t, `tbname = '${t}'`]), mode);
      const actual = async () => sorted(await f.rows('SELECT tb, _wstart, n, sv, mc, fv, lv FROM out'));
      const rows = series(mode.length * 5);
      for (let i = 0; i < rows.length; i += 20) {
        await f.insert(rows.slice(i, i + 20));
        await f.idle();
      }
      expect(await actual()).toEqual(await expected());
      // late rows: into a gap, before the first window, far after the last
      await f.insert([['d0', 3.5, 2], ['d1', 1.25, 3], ['d2', 700.5, 1], ['d0', 150.125, 0]]);
      await f.idle();
      expect(await actual()).toEqual(await expected());
      // deletes: a stretch in the middle, the newest rows of one table, the oldest of another
      await f.run(`DELETE FROM d0 WHERE ts >= ${at(80)} AND ts <= ${at(140)}`);
      await f.run(`DELETE FROM d2 WHERE ts >= ${at(400)}`);
      await f.run(`DELETE FROM d1 WHERE ts <= ${at(60)}`);
      await f.idle();
      expect(await actual()).toEqual(await expected());
      expect((await actual()).length).toBeGreaterThan(40);
    });
  }

  it('FILL(PREV) partitioned by a tag (several partitions in one unit), WINDOW_CLOSE', async () => {
    await f.run(`CREATE STREAM s IGNORE EXPIRED 0 INTO out TAGS (gg INT) AS SELECT _wstart, ${AGG} FROM meters PARTITION BY g INTERVAL(10s) FILL(PREV)`);
    const rows = series(21);
    for (let i = 0; i < rows.length; i += 25) {
      await f.insert(rows.slice(i, i + 25));
      await f.idle();
    }
    await f.run(`DELETE FROM meters WHERE ts >= ${at(200)} AND ts < ${at(260)}`);
    await f.idle();
    // WINDOW_CLOSE: windows ending after the newest row are not written yet
    const newest = Number((await f.rows('SELECT last(ts) FROM meters'))[0][0]);
    const expected = (await perPartition([[ '0', 'g = 0'], ['1', 'g = 1']], 'PREV')).filter((r) => Number(JSON.parse(r)[1]) + 10 * SEC <= newest);
    expect(sorted(await f.rows('SELECT gg, _wstart, n, sv, mc, fv, lv FROM out')).map((r) => r.replace(/^\[(\d)/, '["$1"'))).toEqual(expected);
  });

  it('FILL(LINEAR) over INTERVAL(1n) in a zone, across a restart', async () => {
    const tz = 'Asia/Shanghai';
    const run = (sql: string) => f.engine.execute(sql, { user: 'root', db: 'test', tz });
    await run(`CREATE STREAM s TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO out AS SELECT _wstart, ${AGG} FROM d0 INTERVAL(1n) FILL(LINEAR)`);
    const day = 86_400_000;
    // months with data, and empty months between them
    await f.run(`INSERT INTO d0 VALUES ${[0, 3, 40, 100, 101, 190, 300].map((d, i) => `(${T0 + d * day}, ${i}, ${i / 2})`).join(' ')}`);
    await f.idle();
    const expected = async () => {
      const [[lo, hi]] = await f.rows('SELECT first(ts), last(ts) FROM d0');
      const r = await run(`SELECT _wstart, ${QAGG} FROM d0 WHERE ts >= ${lo} AND ts <= ${hi} INTERVAL(1n) FILL(LINEAR)`);
      return sorted((r as { rows: unknown[][] }).rows.map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v))));
    };
    const actual = async () => sorted(await f.rows('SELECT _wstart, n, sv, mc, fv, lv FROM out'));
    expect(await actual()).toEqual(await expected());
    expect((await actual()).length).toBeGreaterThan(7);
    await f.restart();
    await f.run(`INSERT INTO d0 VALUES (${T0 + 420 * day}, 9, 1.5) (${T0 + 250 * day}, 4, 0.5)`);
    await f.run(`DELETE FROM d0 WHERE ts >= ${T0 + 90 * day} AND ts <= ${T0 + 110 * day}`);
    await f.idle();
    expect(await actual()).toEqual(await expected());
  });

  it('FILL with SLIDING or a forced mode is refused', async () => {
    await expect(f.run(`CREATE STREAM s INTO out AS SELECT _wstart, count(*) FROM meters INTERVAL(10s) SLIDING(5s) FILL(NULL)`)).rejects.toThrow(/not supported/);
    await expect(f.run(`CREATE STREAM s INTO out AS SELECT _wstart, count(*) FROM meters INTERVAL(10s) FILL(NULL_F)`)).rejects.toThrow(/not supported/);
  });
});
