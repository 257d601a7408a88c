import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { useQueryFixture, T0, f32 } from './fixture';

const f = useQueryFixture();

describe('aggregate functions', () => {
  it('COUNT/AVG/SUM/SPREAD with TDengine result types', async () => {
    const r = await f.query('select count(*), count(current), avg(voltage), sum(voltage), sum(current), spread(voltage) from meters');
    expect(r.columns).toEqual([
      { name: 'count(*)', type: 'BIGINT', length: 8 },
      { name: 'count(current)', type: 'BIGINT', length: 8 },
      { name: 'avg(voltage)', type: 'DOUBLE', length: 8 },
      { name: 'sum(voltage)', type: 'BIGINT', length: 8 },
      { name: 'sum(current)', type: 'DOUBLE', length: 8 },
      { name: 'spread(voltage)', type: 'DOUBLE', length: 8 },
    ]);
    const [row] = r.rows;
    expect(row[0]).toBe(10n);
    expect(row[1]).toBe(9n);
    expect(row[2]).toBeCloseTo(1987 / 9, 10);
    expect(row[3]).toBe(1987n);
    expect(row[4]).toBeCloseTo([10.3, 12.6, 12.3, 10.8, 11.0, 10.7, 9.9, 13.4, 12.9].reduce((a, b) => a + f32(b), 0), 5);
    expect(row[5]).toBe(8);
  });

  it('STDDEV, VAR_POP, PERCENTILE, APERCENTILE, HYPERLOGLOG, LEASTSQUARES, ELAPSED', async () => {
    const [row] = await f.rows(
      "select stddev(voltage), var_pop(voltage), percentile(voltage, 50), apercentile(voltage, 50, 't-digest'), hyperloglog(groupid), leastsquares(voltage, 1, 1), elapsed(ts, 1s) from d0",
    );
    const v = [219, 218, 221, 220, 223];
    const mean = v.reduce((a, b) => a + b) / 5;
    const variance = v.reduce((a, b) => a + (b - mean) ** 2, 0) / 5;
    expect(row[0]).toBeCloseTo(Math.sqrt(variance), 10);
    expect(row[1]).toBeCloseTo(variance, 10);
    expect(row[2]).toBe(220);
    // TDengine's histogram estimate halfway between 219 and 220 (apercentile.test.ts), where the exact median is 220
    expect(row[3]).toBe(219.5);
    expect(row[4]).toBe(1);
    expect(row[5]).toBe('{slop:1.000000, intercept:217.200000}');
    // one point draws no line: NULL (golden 28_windows_partitioned#54)
    expect(await f.rows(`select leastsquares(voltage, 1, 1) from d0 where ts = ${T0}`)).toEqual([[null]]);
    expect(row[6]).toBe(4);
    expect(await f.rows('select percentile(voltage, 0, 100) from d0')).toEqual([['[218.000000, 223.000000]']]);
  });

  it('HISTOGRAM returns one row per bin (left-open, right-closed), optionally normalized', async () => {
    expect(await f.rows("select histogram(voltage, 'user_input', '[217, 219, 221, 225]', 0) from meters")).toEqual([
      ['{"lower_bin":217, "upper_bin":219, "count":2}'],
      ['{"lower_bin":219, "upper_bin":221, "count":3}'],
      ['{"lower_bin":221, "upper_bin":225, "count":3}'],
    ]);
    expect(await f.rows(`select histogram(voltage, 'linear_bin', '{"start": 215, "width": 5, "count": 2, "infinity": true}', 1) from d2`)).toEqual([
      // normalized counts as C's %lf (golden 08_aggregates)
      ['{"lower_bin":-inf, "upper_bin":215, "count":0.000000}'],
      ['{"lower_bin":215, "upper_bin":220, "count":0.500000}'],
      ['{"lower_bin":220, "upper_bin":225, "count":0.500000}'],
      ['{"lower_bin":225, "upper_bin":inf, "count":0.000000}'],
    ]);
  });

  it('IRATE uses the last two samples; TWA is the time-weighted average', async () => {
    // d0 voltage: 219 218 221 220 223 one second apart → last two 220 → 223: 3 per second.
    const [[irate, twa]] = await f.rows('select irate(voltage), twa(voltage) from d0');
    expect(irate).toBe(3);
    // trapezoids: (219+218)/2 + (218+221)/2 + (221+220)/2 + (220+223)/2 over 4 s
    expect(twa).toBeCloseTo((218.5 + 219.5 + 220.5 + 221.5) / 4, 10);
  });

  it('IRATE over rows without two samples is 0 (all NULL included), as TDengine 3.3.7.5 answers', async () => {
    // d0 current is NULL at +3 s only
    expect(await f.rows('select irate(current), twa(current) from d0 where current is null')).toEqual([[0, null]]);
    expect(await f.rows(`select irate(voltage) from d0 where ts = ${T0}`)).toEqual([[0]]);
  });

  it('LAST is the newest non-NULL value per column, LAST_ROW the newest row with NULLs', async () => {
    const r = await f.query(`select last(*), last_row(*) from d0 where ts <= ${T0 + 3000}`);
    expect(r.columns.map((c) => c.name)).toEqual([
      'last(ts)', 'last(current)', 'last(voltage)', 'last(phase)',
      'last_row(ts)', 'last_row(current)', 'last_row(voltage)', 'last_row(phase)',
    ]);
    expect(r.rows).toEqual([[BigInt(T0 + 3000), f32(12.3), 220, f32(0.31), BigInt(T0 + 3000), null, 220, null]]);
    expect(await f.rows('select first(current), first(voltage), last(voltage) from d1')).toEqual([[f32(11.0), 221, 225]]);
  });

  it('LAST/LAST_ROW per table (the threshold fast path) keeps each table\'s own newest values', async () => {
    expect(await f.rows('select tbname, last_row(ts), last_row(voltage), last(voltage) from meters partition by tbname')).toEqual([
      ['d0', T0 + 4000, 223, 223],
      ['d1', T0 + 4000, null, 225],
      ['d2', T0 + 3000, 217, 217],
    ]);
    expect(await f.rows(`select last(current) from d0 where ts < ${T0 + 4000}`)).toEqual([[f32(12.3)]]);
    expect(await f.rows(`select last_row(current) from d0 where ts > ${T0 + 9000}`)).toEqual([[null]]);
  });

  it('selection functions carry plain columns from the selected row', async () => {
    expect(await f.rows('select ts, max(current), tbname from meters')).toEqual([[T0 + 1000, f32(13.4), 'd2']]);
    expect(await f.rows('select ts, min(voltage) from meters')).toEqual([[T0 + 3000, 217]]);
    expect(await f.rows('select ts, last(current) from d0')).toEqual([[T0 + 4000, f32(10.8)]]);
    expect(await f.rows('select mode(groupid) from meters')).toEqual([[1]]);
  });

  it('aggregates per partition and GROUP BY with HAVING', async () => {
    expect(await f.rows('select tbname, count(*), max(voltage) from meters partition by tbname')).toEqual([
      ['d0', 5, 223],
      ['d1', 3, 225],
      ['d2', 2, 223],
    ]);
    expect(await f.rows('select groupid, count(*) c from meters group by groupid having count(*) > 5')).toEqual([[1, 7]]);
    expect(await f.rows('select location, avg(voltage) from meters group by location order by location limit 1')).toEqual([
      ['California.LosAngles', 223],
    ]);
  });
});

describe('time-series functions', () => {
  it('DIFF options 0-3 (negatives, NULL results)', async () => {
    // d0 current: 10.3 12.6 12.3 NULL 10.8 → diffs from the previous non-NULL value
    const d = (a: number, b: number) => f32(a) - f32(b);
    expect(await f.rows('select ts, diff(current) from d0')).toEqual([
      [T0 + 1000, d(12.6, 10.3)],
      [T0 + 2000, d(12.3, 12.6)],
      [T0 + 3000, null],
      [T0 + 4000, d(10.8, 12.3)],
    ]);
    expect((await f.rows('select diff(current, 1) from d0')).map((r) => r[0])).toEqual([d(12.6, 10.3), null, null, null]);
    expect((await f.rows('select diff(current, 2) from d0')).map((r) => r[0])).toEqual([d(12.6, 10.3), d(12.3, 12.6), d(10.8, 12.3)]);
    expect((await f.rows('select diff(current, 3) from d0')).map((r) => r[0])).toEqual([d(12.6, 10.3)]);
    const r = await f.query('select diff(voltage) from d0');
    expect(r.columns).toEqual([{ name: 'diff(voltage)', type: 'BIGINT', length: 8 }]);
    expect(r.rows).toEqual([[-1n], [3n], [-1n], [3n]]);
  });

  it('DIFF per partition on a super table', async () => {
    expect(await f.rows('select tbname, diff(voltage) from meters partition by tbname')).toEqual([
      ['d0', -1], ['d0', 3], ['d0', -1], ['d0', 3],
      ['d1', 4], ['d1', null],
      ['d2', -6],
    ]);
  });

  it('CSUM, MAVG, DERIVATIVE', async () => {
    expect(await f.rows('select csum(voltage) from d0')).toEqual([[219], [437], [658], [878], [1101]]);
    expect(await f.rows('select mavg(voltage, 2) from d0')).toEqual([[218.5], [219.5], [220.5], [221.5]]);
    expect(await f.rows('select derivative(voltage, 1s, 0) from d0')).toEqual([[-1], [3], [-1], [3]]);
    expect(await f.rows('select derivative(voltage, 1m, 1) from d0')).toEqual([[180], [180]]);
    expect(await f.rows('select diff(voltage), diff(voltage, 1) from d0')).toHaveLength(4);
  });

  it('DIFF and CSUM of 64-bit integers wrap around as TDengine does; a negative DIFF is a value that went down', async () => {
    await f.run('CREATE TABLE test.wrap (ts TIMESTAMP, bi BIGINT, ubi BIGINT UNSIGNED)');
    await f.run(
      `INSERT INTO test.wrap VALUES (${T0}, -300, 4000) (${T0 + 1000}, 9223372036854775807, 18446744073709551615) (${T0 + 2000}, -9223372036854775807, 1) (${T0 + 3000}, 500, 0)`,
    );
    expect((await f.query('select diff(bi), diff(ubi) from wrap')).rows).toEqual([
      [-9223372036854775509n, -4001n],
      [2n, 2n],
      [-9223372036854775309n, -1n],
    ]);
    expect((await f.query('select diff(bi, 1), diff(ubi, 1) from wrap')).rows).toEqual([
      [-9223372036854775509n, -4001n],
      [null, null],
      [-9223372036854775309n, null],
    ]);
    expect((await f.query('select csum(bi), csum(ubi) from wrap')).rows).toEqual([
      [-300n, 4000n],
      [9223372036854775507n, 3999n],
      [-300n, 4000n],
      [200n, 4000n],
    ]);
  });

  it('CSUM, MAVG, DERIVATIVE, TOP and BOTTOM take numbers only; DIFF also BOOL and TIMESTAMP (0x2802)', async () => {
    await f.run('CREATE TABLE test.flags (ts TIMESTAMP, b BOOL)');
    await f.run(`INSERT INTO test.flags VALUES (${T0}, true) (${T0 + 1000}, false) (${T0 + 2000}, true)`);
    for (const sql of ['csum(b)', 'mavg(b, 2)', 'derivative(b, 1s, 0)', 'top(b, 2)', 'bottom(ts, 2)']) {
      expect((await f.error(`select ${sql} from flags`)).code, sql).toBe(0x2802);
    }
    expect(await f.rows('select diff(b), diff(ts) from flags')).toEqual([[-1, 1000], [1, 1000]]);
  });

  it('STATECOUNT and STATEDURATION', async () => {
    expect(await f.rows("select voltage, statecount(voltage, 'GT', 219), stateduration(voltage, 'GE', 220, 1s) from d0")).toEqual([
      [219, -1, -1],
      [218, -1, -1],
      [221, 1, 0],
      [220, 2, 1],
      [223, 3, 2],
    ]);
  });

  it('TOP, BOTTOM, TAIL, UNIQUE, SAMPLE', async () => {
    expect(await f.rows('select ts, top(voltage, 2) from meters')).toEqual([
      [T0 + 1000, 223],
      [T0 + 2000, 225],
    ]);
    expect(await f.rows('select tbname, bottom(voltage, 1) from meters partition by tbname')).toEqual([
      ['d0', 218],
      ['d1', 221],
      ['d2', 217],
    ]);
    expect(await f.rows('select tail(voltage, 2) from d0')).toEqual([[220], [223]]);
    expect(await f.rows('select tail(voltage, 2, 1) from d0')).toEqual([[221], [220]]);
    expect(await f.rows('select unique(groupid) from meters')).toEqual([[1], [2]]);
    expect(await f.rows('select count(*) from (select sample(voltage, 3) from meters)')).toEqual([[3]]);
    // NULLs are never sampled: d1 holds 3 rows, one with a NULL voltage (golden 09_selection)
    expect(await f.rows('select count(*) from (select sample(voltage, 100) from d1)')).toEqual([[2]]);
  });
});

describe('scalar functions', () => {
  it('math', async () => {
    const r = await f.query('select abs(-3), ceil(current), floor(current), round(2.567, 1), sqrt(16), pow(2, 10), log(8, 2), ln(1) from d0 limit 1');
    expect(r.columns.map((c) => [c.name, c.type])).toEqual([
      ['abs(-3)', 'BIGINT'],
      ['ceil(current)', 'FLOAT'],
      ['floor(current)', 'FLOAT'],
      ['round(2.567, 1)', 'DOUBLE'],
      ['sqrt(16)', 'DOUBLE'],
      ['pow(2, 10)', 'DOUBLE'],
      ['log(8, 2)', 'DOUBLE'],
      ['ln(1)', 'DOUBLE'],
    ]);
    expect(r.rows).toEqual([[3n, 11, 10, 2.6, 4, 1024, 3, 0]]);
  });

  it('strings', async () => {
    const r = await f.query(
      "select concat(location, '-x'), concat_ws('/', 'a', 'b'), length(location), char_length('héllo'), lower('AB'), upper('ab'), ltrim('  a'), rtrim('a  '), substr(location, 1, 4), substr(location, -4) from d0 limit 1",
    );
    expect(r.rows).toEqual([['California.SanFrancisco-x', 'a/b', 23n, 5n, 'ab', 'AB', 'a', 'a', 'Cali', 'isco']]);
    // TDengine sizes CONCAT as the sum of its arguments' bytes (each length + 2) less one header: 24 + 2 + 2 + 2 - 2
    expect(r.columns[0]).toEqual({ name: "concat(location, '-x')", type: 'VARCHAR', length: 28 });
    expect(r.columns[2]).toEqual({ name: 'length(location)', type: 'BIGINT', length: 8 });
  });

  it('conversion and time', async () => {
    const r = await f.query(
      "select cast(voltage as varchar(10)), cast(current as int), to_iso8601(ts), to_unixtimestamp('2017-07-14T02:40:00Z'), to_char(ts, 'yyyy-mm-dd hh24:mi:ss'), timediff(ts, '2017-07-14 02:00:00', 1m), timetruncate(ts, 1d), to_timestamp('2017-07-14 02:40:00', 'yyyy-mm-dd hh24:mi:ss') from d0 limit 1",
    );
    expect(r.columns.map((c) => c.type)).toEqual(['VARCHAR', 'INT', 'VARCHAR', 'BIGINT', 'VARCHAR', 'BIGINT', 'TIMESTAMP', 'TIMESTAMP']);
    expect(r.rows).toEqual([['219', 10, '2017-07-14T02:40:00.000+0000', BigInt(T0), '2017-07-14 02:40:00', 40n, 1499990400000n, BigInt(T0)]]);
  });

  it('TO_JSON reads a text constant as a JSON tag is read, NULL where a tag would be refused', async () => {
    const r = await f.query(`select to_json('{"b":"x","a":1}'), to_json('not json'), to_json('[1]')`);
    expect(r.columns.map((c) => c.type)).toEqual(['JSON', 'JSON', 'JSON']);
    expect(r.rows).toEqual([['{"a":1,"b":"x"}', null, null]]);
    expect((await f.error('select to_json(location) from d0')).code).toBe(0x2802);
  });

  it('TIMETRUNCATE reads a time from text, BIGINT and TIMESTAMP only: another integer truncates 0 (12_conversion_time#156)', async () => {
    expect(await f.rows('select timetruncate(voltage, 1d), timetruncate(cast(voltage as bigint), 1a) from d0 limit 1')).toEqual([[0, 219]]);
    expect(await f.rows('select timetruncate(cast(null as int), 1d)')).toEqual([[null]]);
  });

  it('TIMETRUNCATE by days uses the connection zone unless told not to', async () => {
    const r = await f.query('select timetruncate(ts, 1d), timetruncate(ts, 1d, 0), timetruncate(ts, 1h) from d0 limit 1', { db: 'test', tz: 'Asia/Shanghai' });
    expect(r.rows).toEqual([[BigInt(Date.parse('2017-07-14T00:00:00+08:00')), BigInt(Date.parse('2017-07-14T00:00:00Z')), BigInt(Date.parse('2017-07-14T02:00:00Z'))]]);
  });

  it('FROM-less selects: versions, database, clock, zone, user', async () => {
    const before = Date.now();
    const r = await f.query('select server_version(), client_version(), database(), now(), today(), timezone(), current_user(), server_status()');
    expect(r.columns.map((c) => c.name)).toEqual([
      'server_version()', 'client_version()', 'database()', 'now()', 'today()', 'timezone()', 'current_user()', 'server_status()',
    ]);
    const [row] = r.rows;
    expect(row[0]).toBe('3.3.7.5');
    expect(row[2]).toBe('test');
    expect(Number(row[3])).toBeGreaterThanOrEqual(before - 1);
    expect(Number(row[4]) % 86400000).toBe(0);
    expect(row[5]).toBe('UTC (UTC, +0000)');
    expect(row[6]).toBe(`root@${os.hostname()}`);
    expect(row[7]).toBe(1);
    expect((await f.query('select database()', {})).rows).toEqual([[null]]);
    // the translator folds them into text constants as long as their values (golden 20_system_tables#92, #95)
    expect(r.columns.slice(0, 3).map((c) => c.length)).toEqual([7, 7, 4]);
    expect(r.columns[6].length).toBe(`root@${os.hostname()}`.length);
    expect((await f.query('select database()', {})).columns[0].length).toBe(63);
    // today() is midnight of the connection zone's current date
    const [[shanghai]] = (await f.query('select today()', { tz: 'Asia/Shanghai' })).rows;
    const local = new Date(Date.now() + 8 * 3600000).toISOString().slice(0, 10);
    expect(Number(shanghai)).toBe(Date.parse(`${local}T00:00:00+08:00`));
  });
});

describe('HYPERLOGLOG', () => {
  it('counts small cardinalities exactly, as TDengine (golden 08_aggregates: 8 notes, 19 counts)', async () => {
    await f.run('CREATE TABLE test.hll (ts TIMESTAMP, v INT)');
    const values = Array.from({ length: 40 }, (_, i) => `(${1700000000000 + i}, ${i % 19})`).join(' ');
    await f.run(`INSERT INTO test.hll VALUES ${values}`);
    expect(await f.rows('select hyperloglog(v) from hll')).toEqual([[19]]);
  });
});
