import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectSql, utcTimestampMs } from '../../src/region/replication/sources/sql';
import { requireService } from './sources-services';

/** The PostgreSQL source's own timestamp reading (sql.ts utcTimestampMs): the same instants as pg's parser. */
describe('PostgreSQL timestamps read by position', () => {
  it.each([
    ['2026-01-01 00:00:00+00', Date.UTC(2026, 0, 1)],
    ['2026-01-01 00:00:00.5+00', Date.UTC(2026, 0, 1, 0, 0, 0, 500)],
    ['2026-02-28 23:59:59.123456+00', Date.UTC(2026, 1, 28, 23, 59, 59, 123)],
    ['2026-01-01 05:30:00+05:30', Date.UTC(2026, 0, 1)],
    ['2025-12-31 21:00:00-03', Date.UTC(2026, 0, 1)],
    ['2026-01-01 00:00:00.001', Date.UTC(2026, 0, 1, 0, 0, 0, 1)],
  ])('%s', (text, ms) => {
    expect(utcTimestampMs(text)).toBe(ms);
  });

  it.each(['infinity', '-infinity', '2026-01-01 00:00:00 BC', '0099-01-01 00:00:00+00', '2026-01-01T00:00:00Z', '2026-01-01 00:00:00+0'])('%s is left to pg', (text) => {
    expect(utcTimestampMs(text)).toBeNull();
  });

  it('a real PostgreSQL session answers the same Dates as pg does, with and without time zone', async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    const values = { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres', password: 'unused' };
    const ours = await connectSql('postgres', values);
    const theirs = new pg.Client({ host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres', options: '-c TimeZone=UTC' });
    await theirs.connect();
    try {
      const sql = `SELECT t, t::timestamp AS local FROM (VALUES (timestamptz '2026-01-01 00:00:00.123456+00'), ('1999-12-31 23:59:59.9+00'), ('2026-07-01 12:00:00+08'), ('infinity')) AS v(t)`;
      const [mine, pgs] = [await ours.query(sql), (await theirs.query(sql)).rows as Array<Record<string, unknown>>];
      expect(mine.map((row) => row.t)).toEqual(pgs.map((row) => row.t));
      // pg reads `timestamp` as local time; ours as UTC (the session's zone)
      expect(mine.slice(0, 3).map((row) => (row.local as Date).getTime())).toEqual(pgs.slice(0, 3).map((row) => (row.t as Date).getTime()));
    } finally {
      await ours.close();
      await theirs.end();
    }
  });
});
