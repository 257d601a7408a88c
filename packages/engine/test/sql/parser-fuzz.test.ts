import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TdError } from '../../src/errors';
import { parse } from '../../src/sql';

/** Statements of every family: the seeds that truncations and mutations start from. */
const SEEDS = [
  "select avg(current), max(voltage) from power.meters where ts > now - 1h and location like 'Cal%' partition by tbname interval(10m, 1m) sliding(5m) fill(value, 0, 1) order by _wstart desc nulls last slimit 2 soffset 1 limit 10, 5",
  "select _irowts, interp(current) from d1 range('2021-01-01', '2021-01-02') every(1s) fill(linear)",
  'select count(*) from t state_window(case when v > 1 then 1 else 0 end) having count(*) > 2',
  'select * from a left asof join b on a.ts >= b.ts jlimit 2 union all select * from c',
  'select count(*) from t event_window start with v > 10 end with v < 5 true_for(1s)',
  "insert into d1001 using meters (location, groupid) tags ('x', 2) (ts, current) values (now, 10.3) (now - 1h, -0.5) d1002 values ('2021-07-13 14:06:32.272', null)",
  "insert into meters (tbname, ts, current) values ('d1', 1626006833640, 1.5)",
  "create database if not exists power keep 365d,730d duration 10d precision 'us' wal_retention_period -1",
  "create stable meters (ts timestamp, current float encode 'delta-d' compress 'lz4' level 'medium', v int unsigned) tags (groupid int, location binary(24)) comment 'c'",
  "create table d1 using meters tags (1, 'a') d2 using meters (groupid) tags (2) ttl 3",
  "alter table d1 set tag groupid = 3, location = 'b'",
  "alter stable meters modify column v encode 'simple8b'",
  'drop table if exists a, b',
  "show power.stables like 'm%'",
  'show table tags from meters from power',
  "grant read on power.meters with location = 'x' to u1",
  'create stream s1 trigger at_once watermark 10s fill_history 1 into out subtable(tbname) as select _wstart, count(*) from meters partition by tbname interval(1m)',
  "create topic t1 with meta as stable power.meters where location = 'x'",
  "create user u1 pass 'x' sysinfo 0 host '1.1.1.1'",
  'delete from t where ts < now - 1d',
  "kill query '1:2'",
];

/** Pieces random statements are built from. */
const VOCABULARY = [
  'select', 'from', 'where', 'insert', 'into', 'values', 'using', 'tags', 'create', 'drop', 'alter', 'show', 'table',
  'stable', 'database', 'interval', 'fill', 'partition', 'by', 'order', 'group', 'limit', 'and', 'or', 'not', 'in',
  'between', 'like', 'is', 'null', 'now', 'case', 'when', 'then', 'else', 'end', 'cast', 'as', 'union', 'all', 'join',
  'on', 'count', '(', ')', ',', '.', ';', '*', '+', '-', '/', '=', '<>', '<', '>=', '->', '||', 't', 'ts', 'd1001',
  'meters', '`Q`', "'s'", '"d"', '1', '1.5', '0x1f', '10m', '1e5', '-- c\n', '/* c */', 'tbname', '_wstart',
];

/** A single parse slower than this means a hang or a quadratic path. */
const MAX_PARSE_MS = 1000;

/**
 * parse must either return a statement or throw a TdError with a parser code (534 insert parser, 9728/9729
 * grammar, 9744/9751 name checks), quickly.
 */
function check(sql: string): void {
  const started = performance.now();
  try {
    const stmt = parse(sql);
    expect(typeof stmt.kind).toBe('string');
  } catch (e) {
    if (!(e instanceof TdError)) throw e;
    expect([534, 9728, 9729, 9744, 9751]).toContain(e.code);
  }
  expect(performance.now() - started).toBeLessThan(MAX_PARSE_MS);
}

// No fixed seed: every run explores new inputs; fast-check prints the seed of a failure to replay it.
const PARAMS = { numRuns: 2000 } as const;
/** Each property must finish well within this (2000 runs take about a second). */
const PROPERTY_TIMEOUT_MS = 20_000;

describe('parser fuzz', () => {
  it('parses every seed', () => {
    for (const sql of SEEDS) expect(() => parse(sql)).not.toThrow();
  });

  it('handles random token sequences', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 40 }), (words) => check(words.join(' '))),
      PARAMS,
    );
  }, PROPERTY_TIMEOUT_MS);

  it('handles truncated statements', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEEDS), fc.nat(), (sql, cut) => check(sql.slice(0, cut % (sql.length + 1)))),
      PARAMS,
    );
  }, PROPERTY_TIMEOUT_MS);

  it('handles mutated statements (characters deleted, inserted, replaced)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEEDS),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('del', 'ins', 'rep'), fc.string({ minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 5 }),
        (sql, edits) => {
          let s = sql;
          for (const [at, op, text] of edits) {
            const i = at % (s.length + 1);
            s = op === 'del' ? s.slice(0, i) + s.slice(i + 1) : op === 'ins' ? s.slice(0, i) + text + s.slice(i) : s.slice(0, i) + text + s.slice(i + text.length);
          }
          check(s);
        },
      ),
      PARAMS,
    );
  }, PROPERTY_TIMEOUT_MS);

  it('handles arbitrary unicode garbage', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), check), PARAMS);
  }, PROPERTY_TIMEOUT_MS);

  it('handles statements built from seeds with swapped token order', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEEDS), fc.nat(), fc.nat(), (sql, a, b) => {
        const words = sql.split(' ');
        const i = a % words.length;
        const j = b % words.length;
        [words[i], words[j]] = [words[j], words[i]];
        check(words.join(' '));
      }),
      PARAMS,
    );
  }, PROPERTY_TIMEOUT_MS);
});
