import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

const f = useQueryFixture();

// rules from the goldens of 35_time_functions_windows (TDengine 3.3.7.5; builtins.c validateTimezoneFormat, ttime.c char2ts)
describe('time function arguments', () => {
  it('TO_ISO8601 zones: z, ±hh, ±hhmm, ±hh:mm with hours up to 12 and minutes 00 (30 after +03/+05 only)', async () => {
    expect(await f.rows("select to_iso8601(0, '+0800'), to_iso8601(0, '-12:00'), to_iso8601(0, '+05'), to_iso8601(0, 'z'), to_iso8601(0, '+05:30')", { db: undefined })).toEqual([
      ['1970-01-01T08:00:00.000+0800', '1969-12-31T12:00:00.000-12:00', '1970-01-01T05:00:00.000+05', '1970-01-01T00:00:00.000z', '1970-01-01T05:30:00.000+05:30'],
    ]);
    for (const zone of ['+14:00', '+8', 'UTC', '-0530', '+0830', '+05-30']) expect((await f.error(`select to_iso8601(0, '${zone}')`, { db: undefined })).code).toBe(0x2800);
    expect((await f.error('select to_iso8601(0, 1)', { db: undefined })).code).toBe(0x2802);
  });

  // the fraction is printed into its 3 characters: -808 ms is `.-80` (32#208), so -500 is `.-50`
  it('TO_ISO8601 before 1970 splits the value by truncation: the next second and a negative fraction', async () => {
    expect(await f.rows('select to_iso8601(-1), to_iso8601(-1500), to_iso8601(1500)', { db: undefined })).toEqual([
      ['1970-01-01T00:00:00.-01+0000', '1969-12-31T23:59:59.-50+0000', '1970-01-01T00:00:01.500+0000'],
    ]);
  });

  it('TO_TIMESTAMP: a day past the month rolls over, DDD without DD is unsupported (0x2808)', async () => {
    expect(await f.rows("select cast(to_timestamp('2024-02-30', 'yyyy-mm-dd') as bigint)", { db: undefined })).toEqual([[1709251200000]]);
    expect((await f.error("select to_timestamp('2024 060', 'yyyy ddd')", { db: undefined })).code).toBe(0x2808);
    expect((await f.error("select to_timestamp('2024-02-32', 'yyyy-mm-dd')", { db: undefined })).code).toBe(0x2807);
  });

  it('TO_UNIXTIMESTAMP takes a return-type flag of 0 or 1 (0x2803)', async () => {
    expect((await f.error("select to_unixtimestamp('2024-02-29', 2)", { db: undefined })).code).toBe(0x2803);
  });

  it('TIMEDIFF of a text constant that is no time is NULL; TIMETRUNCATE of the NULL literal is 0x2802', async () => {
    expect(await f.rows("select timediff('abc', '2024-01-01', 1s), timediff(null, '2024-01-01', 1s)", { db: undefined })).toEqual([[null, null]]);
    expect((await f.error('select timetruncate(null, 1d)', { db: undefined })).code).toBe(0x2802);
  });

  it('a timestamp compared with text that is no time is 295 (TSDB_CODE_INVALID_TIMESTAMP_FORMAT)', async () => {
    expect((await f.error("select ts from d0 where ts > 'abc'")).code).toBe(0x0127);
  });
});
