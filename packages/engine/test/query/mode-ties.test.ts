import { describe, expect, it } from 'vitest';
import { modeKeyBytes, modePick, murmurHash3 } from '../../src/storage/td-functions/mode-order';
import { useQueryFixture } from './fixture';

// MODE() ties as TDengine 3.3.7.5 resolves them (goldens 09_selection#52, 17_partition_group#57, 36_select_clauses#163).
const f = useQueryFixture(async () => {
  await f.run('CREATE STABLE test.s (ts TIMESTAMP, note VARCHAR(16), flag BOOL, n INT) TAGS (g INT)');
  await f.run(
    "INSERT INTO test.s3 USING test.s TAGS (3) VALUES ('2024-03-01 00:00:00', 'hot', false, 7) ('2024-03-01 00:00:30', 'hot', true, 7) " +
      "('2024-03-01 00:01:00', 'ok', false, 9) ('2024-03-01 00:01:30', null, null, null) ('2024-03-01 00:02:00', 'ok', true, 9)",
  );
  await f.run("INSERT INTO test.c2 USING test.s TAGS (2) VALUES ('2024-05-01 00:00:30', 'gamma', null, 1) ('2024-05-01 00:01:30', 'alpha', null, 2) ('2024-05-01 00:02:30', 'beta', null, 3)");
});

describe('MODE ties in TDengine hash order', () => {
  it('hashes a value\'s block bytes with TDengine\'s MurmurHash3_32 (slot = hash & 63)', () => {
    // the bytes of VARCHAR 'ok' are its 2-byte length and the text
    expect(Array.from(modeKeyBytes('varchar', 'ok'))).toEqual([2, 0, 0x6f, 0x6b]);
    expect([murmurHash3(modeKeyBytes('varchar', 'hot')) & 63, murmurHash3(modeKeyBytes('varchar', 'ok')) & 63]).toEqual([19, 35]);
    expect([murmurHash3(modeKeyBytes('bool', 'false')) & 63, murmurHash3(modeKeyBytes('bool', 'true')) & 63]).toEqual([5, 11]);
  });

  it('answers the tied value met last walking the slots upwards', async () => {
    expect(await f.rows("select mode(note), mode(flag) from s where tbname = 's3'")).toEqual([['ok', true]]);
    expect(await f.rows("select mode(note) from s where tbname = 'c2'")).toEqual([['beta']]);
    expect(await f.rows('select tbname, mode(note) from s partition by tbname order by tbname')).toEqual([
      ['c2', 'beta'],
      ['s3', 'ok'],
    ]);
  });

  it('keeps the most frequent value when there is no tie, and NULL without values', async () => {
    expect(await f.rows("select mode(note) from s where ts < '2024-03-01 00:01:10' and tbname = 's3'")).toEqual([['hot']]);
    expect(await f.rows("select mode(flag) from s where tbname = 'c2'")).toEqual([[null]]);
  });

  it('walks a grown table (more than 48 distinct values) as TDengine resizes it', () => {
    const keys = Array.from({ length: 100 }, (_, i) => modeKeyBytes('i32', String(i)));
    const pick = modePick(keys);
    // all counts are 1: the answer is the value in the highest slot of the 256-slot table (grown at 48 and 96 values)
    const slots = keys.map((k) => murmurHash3(k) & 255);
    expect(slots[pick]).toBe(Math.max(...slots));
  });
});
