import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

// TDengine's scalar layer converts as C does: integers wrap to the target width, a double converts as x86's
// cvttsd2si (truncated; out of range the minimum), int64 arithmetic wraps. Expected values are 32_scalar_type_matrix's
// and 34_operators_types' goldens.
const f = useQueryFixture(async () => {
  await f.run('CREATE TABLE test.cv (ts TIMESTAMP, ti TINYINT, ii INT, bi BIGINT, ubi BIGINT UNSIGNED, d DOUBLE, vc VARCHAR(16), nc NCHAR(8), vb VARBINARY(8), tt TIMESTAMP)');
  await f.run(
    "INSERT INTO test.cv VALUES ('2024-01-01 00:00:01', 127, 2147483647, 9223372036854775807, 18446744073709551615, 1.7e308, '12abc', '7', '\\x61', '2100-01-01 00:00:00') " +
      "('2024-01-01 00:00:02', -128, -2147483648, -9223372036854775808, 0, -3.75, ' 2024-02-29 ', '3', '\\x00', 0) " +
      "('2024-01-01 00:00:03', -1, -3, -4, 4, -0.5, '-2.5', 'x', '\\x20', 1000)",
  );
});

describe('C conversions of the scalar layer', () => {
  it('CAST a DOUBLE to BIGINT UNSIGNED and TIMESTAMP as x86 converts it, BIGINT UNSIGNED to TIMESTAMP by its bits', async () => {
    const r = await f.query('select cast(d as bigint unsigned), cast(d as timestamp), cast(ubi as timestamp) from cv order by ts');
    expect(r.rows).toEqual([
      [0n, -9223372036854775808n, -1n],
      [18446744073709551613n, -3n, 0n],
      [0n, 0n, 4n],
    ]);
  });

  it('stores ROUND/TRUNCATE with digits of an integer back into its type as C does', async () => {
    const r = await f.query('select round(ti, -1), round(ii, -1), round(bi, 1), round(ubi, 1), truncate(bi, 1), trunc(ubi, 0) from cv order by ts');
    expect(r.columns.map((c) => c.type)).toEqual(['TINYINT', 'INT', 'BIGINT', 'BIGINT UNSIGNED', 'BIGINT', 'BIGINT UNSIGNED']);
    expect(r.rows).toEqual([
      [-126, -2147483648, -9223372036854775808n, 0n, -9223372036854775808n, 0n],
      [126, -2147483648, -9223372036854775808n, 0n, -9223372036854775808n, 0n],
      [0, 0, -4n, 4n, -4n, 4n],
    ]);
  });

  it('takes the operands of & and | as BIGINT by their C conversion; VARBINARY is 0x0200', async () => {
    const r = await f.query('select bi & ubi, ubi | 1, ii & d, ii | d, vc & ii, vc | ii from cv order by ts');
    expect(r.rows).toEqual([
      [9223372036854775807n, -1n, 0n, -9223372034707292161n, 12n, 2147483647n],
      [0n, 1n, -2147483648n, -3n, 0n, -2147481624n],
      [4n, 5n, 0n, -3n, -4n, -1n],
    ]);
    expect(await f.error('select vb & ii from cv')).toEqual({ code: 0x0200, message: 'Invalid operation' });
  });

  it('wraps timestamp ± integer and TIMEDIFF in int64, truncates TIMETRUNCATE towards 0', async () => {
    const r = await f.query('select tt + bi, tt - bi, timediff(bi, tt), timetruncate(bi, 1d) from cv order by ts');
    expect(r.rows).toEqual([
      [-9223367934409975809n, -9223367934409975807n, 9223367934409975807n, 9223372036828800000n],
      [-9223372036854775808n, -9223372036854775808n, -9223372036854775808n, -9223372036828800000n],
      [996n, 1004n, -1004n, 0n],
    ]);
  });
});

describe('calendars of any int64', () => {
  it('TO_ISO8601 splits with C division, cuts the fraction to its width, reads BIGINT UNSIGNED as int64', async () => {
    expect(await f.rows('select to_iso8601(bi), to_iso8601(ubi) from cv order by ts')).toEqual([
      ['292278994-08-17T07:12:55.807+0000', '1970-01-01T00:00:00.-01+0000'],
      ['-292275055-05-16T16:47:05.-80+0000', '1970-01-01T00:00:00.000+0000'],
      ['1970-01-01T00:00:00.-04+0000', '1970-01-01T00:00:00.004+0000'],
    ]);
  });

  it('computes weekdays and WEEK with TDengine int32 day numbers (which wrap at these years)', async () => {
    expect(await f.rows('select weekday(bi), dayofweek(bi), week(bi), week(bi, 3), weekofyear(bi) from cv order by ts')).toEqual([
      [6, 1, 31, 33, 33],
      [6, 1, 20, 20, 20],
      [3, 5, 0, 1, 1],
    ]);
  });
});

describe('operator type rules', () => {
  it('refuses unary minus of text and VARBINARY (0x0200), a VARBINARY compared with a number (0x3250)', async () => {
    expect((await f.error('select -vc from cv')).code).toBe(0x0200);
    expect((await f.error('select -vb from cv')).code).toBe(0x0200);
    expect((await f.error('select vb = ii from cv')).code).toBe(0x3250);
  });

  it('compares each IN value as = does: a text column as text beside text, as a number beside a number', async () => {
    expect(await f.rows("select nc from cv where nc in ('7', 3) order by ts")).toEqual([['7'], ['3']]);
    expect(await f.rows("select nc from cv where nc not in ('7', 3) order by ts")).toEqual([['x']]);
  });

  it('reads text in CHAR as the integer it starts with', async () => {
    expect(await f.rows('select char(vc) from cv order by ts')).toEqual([['\f'], ['\u0007\ufffd'], ['\ufffd\ufffd\ufffd\ufffd']]);
  });

  it('fails TO_TIMESTAMP of a text its format does not read with 0x2806, a constant or a column value', async () => {
    expect(await f.error("select to_timestamp('x', 'yyyy')")).toEqual({ code: 0x2806, message: 'Func to_timestamp failed for format mismatch' });
    expect((await f.error("select to_timestamp(nc, 'yyyy') from cv")).code).toBe(0x2806);
    expect(await f.rows("select to_timestamp(nc, 'yyyy') from cv where nc <> 'x' order by ts")).toEqual([[-61946294400000], [-62072524800000]]);
    expect((await f.error("select to_timestamp('2024-13-01', 'yyyy-mm-dd')")).code).toBe(0x2807);
  });
});
