import { describe, expect, it } from 'vitest';
import { useQueryFixture, T0 } from './fixture';

const f = useQueryFixture(async () => {
  // INTERP example of facts §2.11: data at :05=5, :10=10, :15=15.
  await f.run('CREATE TABLE test.it (ts TIMESTAMP, v INT)');
  await f.run("INSERT INTO test.it VALUES ('2020-01-01 00:00:05', 5) ('2020-01-01 00:00:10', 10) ('2020-01-01 00:00:15', 15)");
});

const S = (s: number) => T0 + s * 1000;
const RANGE = `where ts >= ${S(0)} and ts <= ${S(6)}`;

describe('INTERVAL', () => {
  it('buckets aligned to epoch 0 with _wstart/_wend/_wduration', async () => {
    const r = await f.query('select _wstart, _wend, _wduration, count(*), avg(voltage) from meters interval(2s)');
    expect(r.columns.map((c) => [c.name, c.type])).toEqual([
      ['_wstart', 'TIMESTAMP'],
      ['_wend', 'TIMESTAMP'],
      ['_wduration', 'BIGINT'],
      ['count(*)', 'BIGINT'],
      ['avg(voltage)', 'DOUBLE'],
    ]);
    expect(await f.rows('select _wstart, _wend, _wduration, count(*), avg(voltage) from meters interval(2s)')).toEqual([
      [S(0), S(2), 2000, 4, (219 + 218 + 221 + 223) / 4],
      [S(2), S(4), 2000, 4, (221 + 220 + 225 + 217) / 4],
      [S(4), S(6), 2000, 2, 223],
    ]);
  });

  it('offset shifts the buckets; SLIDING makes overlapping windows', async () => {
    expect(await f.rows('select _wstart, count(*) from d0 interval(2s, 1s)')).toEqual([
      [S(-1), 1],
      [S(1), 2],
      [S(3), 2],
    ]);
    expect(await f.rows('select _wstart, count(*) from d0 interval(2s) sliding(1s)')).toEqual([
      [S(-1), 1],
      [S(0), 2],
      [S(1), 2],
      [S(2), 2],
      [S(3), 2],
      [S(4), 1],
    ]);
    // FILL lists every window that covers part of the range, the one starting before it too (28_windows_partitioned#57)
    expect(await f.rows(`select _wstart, count(*) from d0 where ts >= ${T0} and ts < ${T0 + 6000} interval(2s) sliding(1s) fill(null)`)).toEqual([
      [S(-1), 1],
      [S(0), 2],
      [S(1), 2],
      [S(2), 2],
      [S(3), 2],
      [S(4), 1],
      [S(5), null],
    ]);
  });

  it('TOP/BOTTOM pick k rows per INTERVAL window, in time order (14_interval_fill#34, 30_console_functions#76)', async () => {
    // d0 voltages 219, 218, 221, 220, 223 at +0..+4 s
    expect(await f.rows('select _wstart, top(voltage, 2) from d0 interval(2s)')).toEqual([
      [S(0), 219],
      [S(0), 218],
      [S(2), 221],
      [S(2), 220],
      [S(4), 223],
    ]);
    expect(await f.rows('select _wstart, bottom(voltage, 1) from d0 interval(2s) order by _wstart desc')).toEqual([
      [S(4), 223],
      [S(2), 220],
      [S(0), 218],
    ]);
    // still refused with SLIDING or FILL, and with an aggregate
    expect((await f.error('select top(voltage, 2) from d0 interval(2s) sliding(1s)')).code).toBe(0x264f);
    expect((await f.error('select top(voltage, 2), count(*) from d0 interval(2s)')).code).toBe(0x264f);
  });

  it('PARTITION BY tbname gives each table its own windows, ascending; LIMIT per partition, SLIMIT', async () => {
    expect(await f.rows('select tbname, _wstart, count(*) from meters partition by tbname interval(4s)')).toEqual([
      ['d0', S(0), 4],
      ['d0', S(4), 1],
      ['d1', S(0), 2],
      ['d1', S(4), 1],
      ['d2', S(0), 2],
    ]);
    expect(await f.rows('select tbname, _wstart, count(*) from meters partition by tbname interval(4s) slimit 2 limit 1')).toEqual([
      ['d0', S(0), 4],
      ['d1', S(0), 2],
    ]);
  });

  it('ELAPSED inside INTERVAL runs from the window start (or first row) to its end (or last row)', async () => {
    expect(await f.rows('select _wstart, elapsed(ts, 1s), count(*) from d1 interval(3s)')).toEqual([
      [S(0), 3, 2],
      [S(3), 1, 1],
    ]);
    expect((await f.rows('select elapsed(ts, 1a) from meters partition by tbname interval(3s)')).map((r) => r[0])).toEqual([3000, 1000, 3000, 1000, 2000, 0]);
  });

  it('calendar windows (n, y)', async () => {
    expect(await f.rows('select _wstart, _wend, count(*) from meters interval(1n)')).toEqual([
      [Date.UTC(2017, 6, 1), Date.UTC(2017, 7, 1), 10],
    ]);
    expect(await f.rows('select _wstart, count(*) from meters interval(1y)')).toEqual([[Date.UTC(2017, 0, 1), 10]]);
  });

  it('a window over a UNION is refused: its rows have no primary timestamp (golden 14_interval_fill)', async () => {
    expect(await f.error('select count(*) from (select ts, voltage from d0 union all select ts, voltage from d1) interval(1s)')).toEqual({
      code: 3,
      message: 'Window query not supported, since not valid primary timestamp column as input',
    });
    expect(await f.rows('select count(*) from (select ts, voltage from d0) interval(10s)')).toEqual([[5]]);
  });

  it('calendar windows with an offset: a duration after the month start, or months into the span (golden 14_interval_fill)', async () => {
    expect(await f.rows('select _wstart, _wend, count(*) from meters interval(1n, 1d)')).toEqual([[Date.UTC(2017, 6, 2), Date.UTC(2017, 7, 2), 10]]);
    // the rows (Jul 14) lie before Jul 20: their window is the one from Jun 20
    expect(await f.rows('select _wstart, count(*) from meters interval(1n, 19d)')).toEqual([[Date.UTC(2017, 5, 20), 10]]);
    expect(await f.rows('select _wstart, _wend, count(*) from meters interval(1y, 1n)')).toEqual([[Date.UTC(2017, 1, 1), Date.UTC(2018, 1, 1), 10]]);
    const zoned = await f.query('select _wstart, count(*) from meters interval(1n, 1d)', { db: 'test', tz: 'Asia/Shanghai' });
    expect(zoned.rows.map((r) => Number(r[0]))).toEqual([Date.parse('2017-07-02T00:00:00+08:00')]);
  });
});

describe('FILL', () => {
  const q = (mode: string) => `select _wstart, count(*), avg(voltage) from d1 ${RANGE} interval(1s) fill(${mode})`;

  it('NONE returns only windows with data', async () => {
    expect(await f.rows(q('none'))).toEqual([
      [S(0), 1, 221],
      [S(2), 1, 225],
      [S(4), 1, null],
    ]);
  });

  it('NULL and VALUE fill every window of the range', async () => {
    expect(await f.rows(q('null'))).toEqual([
      [S(0), 1, 221],
      [S(1), null, null],
      [S(2), 1, 225],
      [S(3), null, null],
      [S(4), 1, null],
      [S(5), null, null],
      [S(6), null, null],
    ]);
    expect(await f.rows(q('value, 0, -1'))).toEqual([
      [S(0), 1, 221],
      [S(1), 0, -1],
      [S(2), 1, 225],
      [S(3), 0, -1],
      [S(4), 1, -1],
      [S(5), 0, -1],
      [S(6), 0, -1],
    ]);
  });

  it('PREV, NEXT and LINEAR', async () => {
    expect((await f.rows(q('prev'))).map((r) => r[2])).toEqual([221, 221, 225, 225, 225, 225, 225]);
    expect((await f.rows(q('next'))).map((r) => r[2])).toEqual([221, 225, 225, null, null, null, null]);
    expect((await f.rows(q('linear'))).map((r) => r[2])).toEqual([221, 223, 225, null, null, null, null]);
  });

  it('plain modes give nothing on an empty range; NULL_F/VALUE_F force rows', async () => {
    const empty = `select _wstart, count(*) from d1 where ts >= ${S(100)} and ts <= ${S(102)} interval(1s)`;
    expect(await f.rows(`${empty} fill(null)`)).toEqual([]);
    expect(await f.rows(`${empty} fill(value, 7)`)).toEqual([]);
    expect(await f.rows(`${empty} fill(null_f)`)).toEqual([
      [S(100), null],
      [S(101), null],
      [S(102), null],
    ]);
    expect(await f.rows(`${empty} fill(value_f, 7)`)).toEqual([
      [S(100), 7],
      [S(101), 7],
      [S(102), 7],
    ]);
  });

  it('fills a NULL result of a window with data like a missing window, but for LINEAR (golden 14_interval_fill)', async () => {
    // d0: current is NULL at :03 (its window has a row), :05 and :06 have no rows
    const q = (mode: string) => `select _wstart, max(current) from d0 ${RANGE} interval(1s) fill(${mode})`;
    const at3 = async (mode: string) => (await f.rows(q(mode)))[3][1];
    expect(await at3('prev')).toBeCloseTo(12.3, 5);
    expect(await at3('next')).toBeCloseTo(10.8, 5);
    expect(await at3('value, 7')).toBe(7);
    expect(await at3('linear')).toBeNull();
    expect(await at3('null')).toBeNull();
    // desc output fills in time order all the same; a missing window after the NULL one takes the last non-NULL
    const desc = await f.rows(`${q('prev')} order by _wstart desc`);
    expect(desc[3][1]).toBeCloseTo(12.3, 5);
    expect(await f.rows(`select _wstart, max(current) from d0 where ts >= ${S(3)} and ts <= ${S(6)} interval(1s) fill(prev) limit 1 offset 2`)).toEqual([
      [S(5), expect.closeTo(10.8, 5)],
    ]);
  });

  it('keeps partition keys in filled rows', async () => {
    const rows = await f.rows(`select _wstart, tbname, count(*) from meters ${RANGE} partition by tbname interval(2s) fill(value, 0)`);
    expect(rows.filter((r) => r[1] === 'd2')).toEqual([
      [S(0), 'd2', 1],
      [S(2), 'd2', 1],
      [S(4), 'd2', 0],
      [S(6), 'd2', 0],
    ]);
  });

  it('fills calendar windows month by month', async () => {
    expect(await f.rows("select _wstart, _wend, count(*) from meters where ts >= '2017-05-01' and ts < '2017-09-15' interval(2n) fill(value, 0)")).toEqual([
      [Date.UTC(2017, 4, 1), Date.UTC(2017, 6, 1), 0],
      [Date.UTC(2017, 6, 1), Date.UTC(2017, 8, 1), 10],
      [Date.UTC(2017, 8, 1), Date.UTC(2017, 10, 1), 0],
    ]);
  });

  it('needs a bounded time range (9787)', async () => {
    expect((await f.error('select _wstart, count(*) from d1 interval(1s) fill(prev)')).code).toBe(9787);
    expect((await f.error(`select _wstart, count(*) from d1 where ts >= ${S(0)} interval(1s) fill(null)`)).code).toBe(9787);
  });
});

describe('SESSION, STATE_WINDOW, EVENT_WINDOW, COUNT_WINDOW', () => {
  it('SESSION splits where the gap exceeds the tolerance', async () => {
    expect(await f.rows('select _wstart, _wend, count(*) from meters partition by tbname session(ts, 1s)')).toEqual([
      [S(0), S(4), 5],
      [S(0), S(0), 1],
      [S(2), S(2), 1],
      [S(4), S(4), 1],
      [S(1), S(1), 1],
      [S(3), S(3), 1],
    ]);
    expect(await f.rows('select count(*) from d1 session(ts, 2s)')).toEqual([[3]]);
    // TDengine's checks: a gap above 0 (0x262B), on the primary timestamp (0x262C)
    expect((await f.error('select count(*) from d1 session(ts, 0s)')).code).toBe(0x262b);
    expect((await f.error('select count(*) from d1 session(voltage, 10s)')).code).toBe(0x262c);
  });

  it('STATE_WINDOW groups consecutive equal states; a NULL state row belongs to no window and does not split one', async () => {
    expect(await f.rows('select _wstart, _wend, case when voltage > 220 then 1 else 0 end, count(*) from d0 state_window(case when voltage > 220 then 1 else 0 end)')).toEqual([
      [S(0), S(1), 0, 2],
      [S(2), S(2), 1, 1],
      [S(3), S(3), 0, 1],
      [S(4), S(4), 1, 1],
    ]);
    // the state is an expression without comparisons (TDengine's grammar, golden 15_windows)
    expect((await f.error('select count(*) from d0 state_window(voltage > 220)')).code).toBe(9728);
    // d0 current: 10.3 12.6 12.3 NULL 10.8; state = current > 11 → false, true, true, (NULL), false
    expect(await f.rows('select _wstart, _wend, count(*) from d0 state_window(cast(current > 11 as int))')).toEqual([
      [S(0), S(0), 1],
      [S(1), S(2), 2],
      [S(4), S(4), 1],
    ]);
    // current > 10: the same state on both sides of the NULL keeps one window, without the NULL row (golden 15_windows)
    expect(await f.rows('select _wstart, _wend, count(*) from d0 state_window(cast(current > 10 as int))')).toEqual([[S(0), S(4), 4]]);
  });

  it('EVENT_WINDOW opens on the start condition and closes on the end condition; unclosed windows are dropped', async () => {
    expect(await f.rows('select _wstart, _wend, count(*) from d0 event_window start with voltage >= 220 end with voltage > 221')).toEqual([
      [S(2), S(4), 3],
    ]);
    expect(await f.rows('select _wstart, count(*) from d0 event_window start with voltage > 0 end with voltage > 0')).toEqual([
      [S(0), 1],
      [S(1), 1],
      [S(2), 1],
      [S(3), 1],
      [S(4), 1],
    ]);
    expect(await f.rows('select count(*) from d0 event_window start with voltage > 222 end with voltage < 0')).toEqual([]);
  });

  it('TRUE_FOR keeps only windows lasting at least the duration', async () => {
    expect(await f.rows('select _wstart, count(*) from d0 state_window(case when voltage > 220 then 1 else 0 end) true_for(1s)')).toEqual([[S(0), 2]]);
    expect(await f.rows('select count(*) from d0 event_window start with voltage >= 220 end with voltage > 221 true_for(2s)')).toEqual([[3]]);
    expect(await f.rows('select count(*) from d0 event_window start with voltage >= 220 end with voltage > 221 true_for(3s)')).toEqual([]);
  });

  it('COUNT_WINDOW with and without slide', async () => {
    expect(await f.rows('select _wstart, count(*) from d0 count_window(2)')).toEqual([
      [S(0), 2],
      [S(2), 2],
      [S(4), 1],
    ]);
    expect(await f.rows('select _wstart, sum(voltage) from d0 count_window(3, 2)')).toEqual([
      [S(0), 219 + 218 + 221],
      [S(2), 221 + 220 + 223],
      [S(4), 223],
    ]);
  });
});

describe('INTERP', () => {
  const q = (fill: string) =>
    f.rows(`select _irowts, _isfilled, interp(v) from it range('2020-01-01 00:00:04', '2020-01-01 00:00:16') every(1s) fill(${fill})`);
  const at = (s: number) => Date.UTC(2020, 0, 1, 0, 0, s);

  it('FILL(PREV) starts at the first point, FILL(NEXT) ends at the last', async () => {
    const prev = await q('prev');
    expect(prev[0]).toEqual([at(5), false, 5]);
    expect(prev.at(-1)).toEqual([at(16), true, 15]);
    expect(prev).toHaveLength(12);
    expect(prev.map((r) => r[2])).toEqual([5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 15, 15]);
    const next = await q('next');
    expect(next[0]).toEqual([at(4), true, 5]);
    expect(next.at(-1)).toEqual([at(15), false, 15]);
    expect(next).toHaveLength(12);
  });

  it('FILL(LINEAR) covers :05-:15 with interpolated values', async () => {
    const rows = await q('linear');
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 11 }, (_, i) => at(5 + i)));
    expect(rows.map((r) => r[2])).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  });

  it('FILL(NULL) and FILL(VALUE) cover the whole range; NEAR takes the closer point', async () => {
    const nulls = await q('null');
    expect(nulls).toHaveLength(13);
    expect(nulls[0]).toEqual([at(4), true, null]);
    expect(nulls[1]).toEqual([at(5), false, 5]);
    const values = await q('value, 1');
    expect(values.map((r) => r[2])).toEqual([1, 5, 1, 1, 1, 1, 10, 1, 1, 1, 1, 15, 1]);
    const near = await q('near');
    expect(near.map((r) => r[2])).toEqual([5, 5, 5, 5, 10, 10, 10, 10, 10, 15, 15, 15, 15]);
  });

  it('a single point without EVERY; per partition on a super table', async () => {
    expect(await f.rows("select interp(v) from it range('2020-01-01 00:00:07') fill(linear)")).toEqual([[7]]);
    expect(await f.rows(`select tbname, _irowts, interp(voltage) from meters partition by tbname range(${S(1)}, ${S(2)}) every(1s) fill(prev)`)).toEqual([
      ['d0', S(1), 218],
      ['d0', S(2), 221],
      ['d1', S(1), 221],
      ['d1', S(2), 225],
      ['d2', S(1), 223],
      ['d2', S(2), 223],
    ]);
  });

  it('RANGE(t, surrounding) fills one slice only from rows within t ± surrounding, else from the FILL value', async () => {
    const at = (fill: string, around: string) => f.rows(`select _irowts, _isfilled, interp(v) from it range('2020-01-01 00:00:07', ${around}) fill(${fill})`);
    const t7 = Date.UTC(2020, 0, 1, 0, 0, 7);
    expect(await at('prev, 99', '2s')).toEqual([[t7, true, 5]]);
    // no row at all within reach: no slice, as FILL(NULL) below
    expect(await at('prev, 99', '1s')).toEqual([]);
    expect(await at('next, 99', '3s')).toEqual([[t7, true, 10]]);
    expect(await at('next, 99', '2s')).toEqual([[t7, true, 99]]);
    expect(await at('near, 99', '3s')).toEqual([[t7, true, 5]]);
    expect(await at('linear', '2s')).toEqual([]);
    expect(await at('null', '3s')).toEqual([[t7, true, null]]);
    // like any FILL(NULL) whose range holds no data at all: no row
    expect(await at('null', '1s')).toEqual([]);
    expect(await f.rows("select interp(v) from it range('2020-01-01 00:00:10', 1s) fill(prev, 0)")).toEqual([[10]]);
    // PREV/NEXT/NEAR without values is TDengine's 0x2605 (golden 16_interp)
    expect((await f.error("select interp(v) from it range('2020-01-01 00:00:07', 5s) fill(near)")).code).toBe(0x2605);
  });

  it('ignore_null reads only non-NULL rows; ORDER BY _irowts DESC; a start after the end gives no row (golden 16_interp)', async () => {
    // d0 current: 10.3 12.6 12.3 NULL 10.8 at :00 … :04
    const q = (arg: string, order = '') => f.rows(`select _irowts, interp(${arg}) from d0 range(${S(2)}, ${S(4)}) every(1s) fill(prev)${order}`);
    expect((await q('current')).map((r) => r[1])).toEqual([expect.closeTo(12.3, 5), null, expect.closeTo(10.8, 5)]);
    expect((await q('current, 1')).map((r) => r[1])).toEqual([expect.closeTo(12.3, 5), expect.closeTo(12.3, 5), expect.closeTo(10.8, 5)]);
    expect((await q('current', ' order by _irowts desc')).map((r) => r[0])).toEqual([S(4), S(3), S(2)]);
    expect(await f.rows(`select interp(current) from d0 range(${S(4)}, ${S(2)}) every(1s) fill(prev)`)).toEqual([]);
    expect(await f.error(`select interp(current) from d0 range(${S(2)}, ${S(4)}) every(1n) fill(prev)`)).toEqual({ code: 0x2605, message: 'Unsupported time unit in EVERY clause' });
  });
});

describe('TWA in INTERVAL windows', () => {
  // The area of the segment (ta, va)–(tb, vb) clipped to [x, y] (times in ms relative to T0).
  const area = (ta: number, va: number, tb: number, vb: number, x: number, y: number) => {
    const at = (t: number) => va + ((vb - va) * (t - ta)) / (tb - ta);
    return ((at(x) + at(y)) / 2) * (y - x);
  };

  it('extends the curve to the window edges with the neighbouring windows’ samples', async () => {
    // d0 voltage 219 218 221 220 223 at +0..+4 s; 2 s windows end at the inclusive edge _wend - 1 ms.
    const r = await f.query('select _wstart, twa(voltage) from d0 interval(2s)');
    expect(r.columns.map((c) => [c.name, c.type])).toEqual([
      ['_wstart', 'TIMESTAMP'],
      ['twa(voltage)', 'DOUBLE'],
    ]);
    const rows = r.rows.map(([w, v]) => [Number(w) - T0, v as number]);
    expect(rows.map((x) => x[0])).toEqual([0, 2000, 4000]);
    // first window: no earlier sample, so it starts at its first row; the end edge interpolates towards +2 s
    expect(rows[0][1]).toBeCloseTo((area(0, 219, 1000, 218, 0, 1000) + area(1000, 218, 2000, 221, 1000, 1999)) / 1999, 10);
    expect(rows[1][1]).toBeCloseTo((area(2000, 221, 3000, 220, 2000, 3000) + area(3000, 220, 4000, 223, 3000, 3999)) / 1999, 10);
    // last window: one sample, no later one
    expect(rows[2][1]).toBe(223);
  });

  it('interpolates an edge towards a NULL row as towards 0, and adds no point on an edge a row lies on (14_interval_fill#30)', async () => {
    // d0 current 10.3 12.6 12.3 NULL 10.8 at +0..+4 s: window 1's last row (+3 s) is NULL, read as 0 towards +4 s
    const rows = await f.rows('select _wstart, twa(current) from d0 interval(2s)');
    const edge = 0 + ((10.8 - 0) * (3999 - 3000)) / 1000;
    expect(rows[1][1] as number).toBeCloseTo(area(2000, 12.3, 3999, edge, 2000, 3999) / 1999, 4);
  });

  it('a window whose rows hold no sample answers TWA 0 while a later window has rows, NULL when none has (43#12, #23)', async () => {
    // d0 current is NULL at +3 s only, 10.8 at +4 s
    const rows = await f.rows(`select _wstart, twa(current) from d0 where current is null or ts > ${T0 + 3500} interval(2s)`);
    expect(rows.map((r) => [(r[0] as number) - T0, r[1]])).toEqual([[2000, 0], [4000, expect.closeTo(10.8, 5)]]);
    const last = await f.rows('select _wstart, twa(current) from d0 where current is null interval(2s)');
    expect(last.map((r) => [(r[0] as number) - T0, r[1]])).toEqual([[2000, null]]);
  });

  it('per partition, and whole-range TWA is unchanged', async () => {
    const rows = await f.rows('select tbname, _wstart, twa(voltage) from meters partition by tbname interval(2s) order by tbname, _wstart');
    const d2 = rows.filter((r) => r[0] === 'd2').map((r) => [(r[1] as number) - T0, r[2]]);
    // d2: 223 at +1 s (window 0), 217 at +3 s (window 1): each window reaches into the other's sample
    expect(d2[0][0]).toBe(0);
    expect(d2[0][1]).toBeCloseTo(area(1000, 223, 3000, 217, 1000, 1999) / 999, 10);
    expect(d2[1][1]).toBeCloseTo(area(1000, 223, 3000, 217, 2000, 3000) / 1000, 10);
    const [[whole]] = await f.rows('select twa(voltage) from d2');
    expect(whole).toBe(220);
  });
});
