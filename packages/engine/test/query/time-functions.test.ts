import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../src/format/timestamp';
import { useQueryFixture } from './fixture';

const f = useQueryFixture(async () => {
  await f.run('CREATE DATABASE tfns PRECISION "ns"');
  await f.run('CREATE TABLE tfns.t (ts TIMESTAMP, v INT)');
  await f.run('INSERT INTO tfns.t VALUES (1704067200000000002, 1)');
});

/** Expected values are TDengine 3.3.7.5's (conformance goldens of 12_conversion_time or its documented rules). */
describe('TO_CHAR follows TDengine format keywords', () => {
  it('names padded to 9, case by the keyword, DDD day of year, am/pm as written; VARCHAR(4094)', async () => {
    const r = await f.query(
      "select to_char(ts, 'DAY, DD MONTH YYYY'), to_char(ts, 'month'), to_char(ts, 'hh12:mi:ss am'), to_char(ts, 'ddd'), to_char(ts, 'Dy Mon yyyymmdd') from d0 limit 1",
    );
    expect(r.columns[0]).toEqual({ name: "to_char(ts, 'DAY, DD MONTH YYYY')", type: 'VARCHAR', length: 4094 });
    // d0's first row is 2017-07-14 02:40:00 UTC, a Friday, day 195
    expect(r.rows[0]).toEqual(['FRIDAY   , 14 JULY      2017', 'july     ', '02:40:00 am', '195', 'Fri Jul 20170714']);
  });

  it('quoted text is copied, NS keeps the nanoseconds', async () => {
    expect(await f.rows('select to_char(ts, \'"yyyy is "yyyy\') from d0 limit 1')).toEqual([['yyyy is 2017']]);
    expect(await f.rows("select to_char(ts, 'ss.ns') from tfns.t")).toEqual([['00.000000002']]);
  });
});

describe('TO_ISO8601', () => {
  it('±hhmm of the connection zone, a zone argument shifts and is written as given; VARCHAR(62)', async () => {
    const r = await f.query("select to_iso8601(0), to_iso8601(1704067200123, '+08:00'), to_iso8601(-86400000, 'Z')");
    expect(r.columns.map((c) => c.length)).toEqual([62, 62, 62]);
    expect(r.rows).toEqual([['1970-01-01T00:00:00.000+0000', '2024-01-01T08:00:00.123+08:00', '1969-12-31T00:00:00.000Z']]);
    expect(await f.rows('select to_iso8601(ts) from tfns.t')).toEqual([['2024-01-01T00:00:00.000000002+0000']]);
    expect((await f.error("select to_iso8601(0, '-0530')")).code).toBe(0x2800);
  });
});

describe('WEEK follows MySQL modes', () => {
  it('mode 0 (default) counts Sunday weeks from 0, 1 and 7 run to 53, 3 is ISO; WEEKOFYEAR is mode 3', async () => {
    expect(await f.rows("select week('2024-12-31'), week('2024-12-31', 1), week('2024-12-31', 3), week('2024-12-31', 7), weekofyear('2024-12-31')")).toEqual([
      [52, 53, 1, 53, 1],
    ]);
    expect(await f.rows("select week('2019-06-15', 0), week('2019-06-15', 1), week('2024-01-01'), week('2024-01-01', 2), week('2021-01-01', 3)")).toEqual([
      [23, 24, 0, 53, 53],
    ]);
  });
});

describe('time and statistics functions report TDengine result sizes', () => {
  it('LEASTSQUARES VARCHAR(126), HISTOGRAM VARCHAR(510), a PERCENTILE list VARCHAR(3198), TIMEZONE() its text', async () => {
    const r = await f.query("select leastsquares(voltage, 1, 1), percentile(voltage, 10, 90) from d0");
    expect(r.columns.map((c) => c.length)).toEqual([126, 3198]);
    expect((await f.query("select histogram(voltage, 'user_input', '[200, 300]', 0) from d0")).columns[0].length).toBe(510);
    const tz = await f.query('select timezone()');
    expect(tz.columns[0].length).toBe(String(tz.rows[0][0]).length);
  });
});

describe('TO_TIMESTAMP of a text constant', () => {
  it('missing fields from 0000-01-01, written as the integer before year 1; a field out of range is 0x2807', async () => {
    const r = await f.query("select to_timestamp('12:30:45.123', 'hh24:mi:ss.ms'), to_timestamp('', 'yyyy'), to_timestamp('2024-02-29 01:02:03', 'yyyy-mm-dd hh24:mi:ss')");
    expect(r.rows).toEqual([[-62167174154877n, -62167219200000n, BigInt(Date.UTC(2024, 1, 29, 1, 2, 3))]]);
    expect(formatTimestamp(-62167219200000n, 'ms')).toBe('-62167219200000');
    expect(formatTimestamp(-62135596800000n, 'ms')).toBe('0001-01-01T00:00:00.000Z');
    expect(await f.rows("select to_timestamp('15 Jul 2017 02:40:00 pm', 'dd Mon yyyy hh12:mi:ss am')")).toEqual([[Date.UTC(2017, 6, 15, 14, 40)]]);
    // a day past its month's end rolls over (Feb 29 of 2023 is Mar 1, as the oracle answers): only 0–31 are checked
    for (const text of ['2024-13-01', '2024-02-32', '2024-01-01 24:00']) {
      expect((await f.error(`select to_timestamp('${text}', 'yyyy-mm-dd hh24:mi')`)).code, text).toBe(0x2807);
    }
  });
});

describe('calendar durations in expressions', () => {
  it('ts ± Nn / Ny moves the month and keeps the day and time; the day is clamped to the new month', async () => {
    const iso = (v: unknown) => new Date(Number(v)).toISOString();
    const [[plusMonth, overflow, minusYear]] = await f.rows(
      "select cast('2024-01-01 00:00:00' as timestamp) + 1n, cast('2024-01-31 10:20:30.400' as timestamp) + 1n, cast('2024-02-29 00:00:00' as timestamp) - 1y",
    );
    expect([plusMonth, overflow, minusYear].map(iso)).toEqual(['2024-02-01T00:00:00.000Z', '2024-02-29T10:20:30.400Z', '2023-02-28T00:00:00.000Z']);
    // nanosecond precision keeps the units below the millisecond
    expect((await f.query('select ts + 13n from tfns.t', { db: 'tfns' })).rows).toEqual([[BigInt(Date.parse('2025-02-01T00:00:00Z')) * 1000000n + 2n]]);
  });
});

describe('what TIMEDIFF, TIMETRUNCATE, WEEKDAY, DAYOFWEEK, WEEK and WEEKOFYEAR read as a time', () => {
  it('text columns parsed per row (NULL when no time); an integer narrower than BIGINT is time 0', async () => {
    await f.run('CREATE TABLE test.tx (ts TIMESTAMP, vc VARCHAR(16), nc NCHAR(16), i INT)');
    await f.run("INSERT INTO test.tx VALUES (1704067200000, '2024-02-29', '1700000000', 5) (1704067201000, 'Abc', ' 2024-2-9', null)");
    // 2024-02-29 is a Thursday; 1970-01-01 (time 0) too
    expect(await f.rows('select timetruncate(vc, 1d, 0), weekday(vc), dayofweek(nc), week(nc), weekofyear(i), weekday(i), timediff(i, ts) from tx order by ts')).toEqual([
      [1709164800000, 3, null, null, 1, 3, -1704067200000],
      [null, null, 6, 5, null, null, null],
    ]);
  });
});

describe('TO_CHAR and TO_ISO8601 arguments', () => {
  it('TO_CHAR takes a TIMESTAMP only, TO_ISO8601 also an integer; anything else, NULL included, is 0x2802', async () => {
    expect(await f.rows("select to_iso8601(1704067200123, 'Z'), to_char(cast(1704067200000 as timestamp), 'yyyy')")).toEqual([['2024-01-01T00:00:00.123Z', '2024']]);
    for (const sql of ["to_char(voltage, 'yyyy')", "to_char(null, 'yyyy')", "to_char('2024-01-01', 'yyyy')", 'to_iso8601(current)', 'to_iso8601(null)', 'to_iso8601(true)']) {
      expect((await f.error(`select ${sql} from d0`)).code, sql).toBe(0x2802);
    }
  });
});
