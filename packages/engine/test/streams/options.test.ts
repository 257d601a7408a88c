import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TdCode } from '../../src/errors';
import { SEC, StreamFixture, T0, sorted } from './helpers';

const Q = 'SELECT _wstart, count(*) n, sum(v) sv FROM meters PARTITION BY tbname INTERVAL(1m)';
const INTO = "TAGS (tb VARCHAR(16)) SUBTABLE(concat('o_', tbname))";
const into = (prefix: string) => `TAGS (tb VARCHAR(16)) SUBTABLE(concat('${prefix}', tbname))`;

describe('stream options', () => {
  let f: StreamFixture;
  beforeEach(async () => {
    f = await StreamFixture.open();
  });
  afterEach(async () => {
    await f.close();
  });

  const out = async (table = 'out') => sorted(await f.rows(`SELECT tb, _wstart, n, sv FROM ${table}`));
  const query = async (where = '') =>
    sorted(await f.rows(`SELECT tbname, _wstart, count(*), sum(v) FROM meters ${where} PARTITION BY tbname INTERVAL(1m)`));

  it('WINDOW_CLOSE (default) writes a window once the watermark passes its end', async () => {
    await f.run(`CREATE STREAM s WATERMARK 10s INTO out ${INTO} AS ${Q}`);
    await f.insert([['d0', 10, 1], ['d0', 50, 2], ['d0', 65, 3]]);
    await f.idle();
    // newest 65 s − 10 s = 55 s < 60 s: nothing closed yet
    expect(await f.rows('SELECT * FROM out')).toEqual([]);
    await f.insert([['d0', 70, 4]]);
    await f.idle();
    expect(await out()).toEqual(['["d0",1500000000000,2,3]']);
    // a late row inside the watermark (70 − 10 = 60 s: window [60, 120) is open) goes into the open window
    await f.insert([['d0', 61, 5], ['d0', 190, 1]]);
    await f.idle();
    expect(await out()).toEqual(await query(`WHERE ts < ${T0 + 180 * SEC}`));
  });

  it('IGNORE EXPIRED 1 (default) drops rows of closed windows; IGNORE EXPIRED 0 recomputes them', async () => {
    await f.run(`CREATE STREAM s1 TRIGGER AT_ONCE INTO out1 ${INTO} AS ${Q}`);
    await f.run(`CREATE STREAM s2 TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO out2 ${into('p2_')} AS ${Q}`);
    await f.insert([['d0', 10, 1], ['d0', 70, 2], ['d0', 130, 3]]);
    await f.idle();
    await f.insert([['d0', 20, 100]]); // window [0, 60) closed at 130 s
    await f.idle();
    expect(await out('out1')).toEqual(await query(`WHERE v < 100`));
    expect(await out('out2')).toEqual(await query());
    expect(await out('out1')).not.toEqual(await out('out2'));
  });

  it('MAX_DELAY writes an open window after the delay', async () => {
    await f.run(`CREATE STREAM s TRIGGER MAX_DELAY 1s INTO out ${INTO} AS ${Q}`);
    await f.insert([['d0', 10, 1], ['d0', 20, 2]]);
    await f.idle();
    expect(await f.rows('SELECT * FROM out')).toEqual([]);
    await new Promise((r) => setTimeout(r, 1300));
    await f.idle();
    expect(await out()).toEqual(['["d0",1500000000000,2,3]']);
  });

  it('FORCE_WINDOW_CLOSE writes each window once the system clock passes its end, by itself, and never again', async () => {
    await f.run(`CREATE STREAM s TRIGGER FORCE_WINDOW_CLOSE INTO out ${INTO} AS SELECT _wstart, count(*) n, sum(v) sv FROM meters PARTITION BY tbname INTERVAL(1s)`);
    expect(await f.rows("SELECT `trigger` FROM information_schema.ins_streams WHERE stream_name = 's'")).toEqual([['force window close']]);
    // a window starting two to three seconds from now (room for a slow machine before the first check), and the next
    const base = Math.ceil(Date.now() / 1000) * 1000 + 2000;
    const insert = (rows: [string, number, number][]) =>
      f.run(`INSERT INTO ${rows.map(([t, at, v]) => `${t} VALUES (${base + at}, ${v}, 0)`).join(' ')}`);
    const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));
    const rowsOf = () => f.rows('SELECT tb, _wstart, n, sv FROM out ORDER BY _wstart');
    await insert([['d0', 100, 1], ['d0', 200, 2], ['d0', 1100, 4]]);
    await f.idle();
    // the event clock (newest row) is past the first window, but the system clock is not: nothing yet
    expect(await rowsOf()).toEqual([]);
    // no idle(): the stream wakes itself when the clock closes the window
    await sleepUntil(base + 1000);
    for (let i = 0; i < 100 && (await rowsOf()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await rowsOf()).toEqual([['d0', base, 2, 3]]);
    // a row for the closed window is ignored (IGNORE EXPIRED 1, IGNORE UPDATE 1)
    await insert([['d0', 300, 100]]);
    await f.idle();
    expect(await rowsOf()).toEqual([['d0', base, 2, 3]]);
    // a timer may fire a millisecond early by the wall clock
    await sleepUntil(base + 2050);
    await f.idle();
    expect(await rowsOf()).toEqual([
      ['d0', base, 2, 3],
      ['d0', base + 1000, 1, 4],
    ]);
  });

  it('FORCE_WINDOW_CLOSE takes INTERVAL only, without FILL_HISTORY and with IGNORE EXPIRED 1', async () => {
    for (const bad of [
      `CREATE STREAM s TRIGGER FORCE_WINDOW_CLOSE INTO out AS SELECT _wstart, count(*) FROM meters PARTITION BY tbname SESSION(ts, 10s)`,
      `CREATE STREAM s TRIGGER FORCE_WINDOW_CLOSE FILL_HISTORY 1 INTO out AS ${Q}`,
      `CREATE STREAM s TRIGGER FORCE_WINDOW_CLOSE IGNORE EXPIRED 0 INTO out AS ${Q}`,
    ]) {
      await expect(f.run(bad), bad).rejects.toMatchObject({ code: TdCode.UNSUPPORTED });
    }
  });

  it('FILL_HISTORY 1 computes existing rows; FILL_HISTORY 0 only rows written after CREATE', async () => {
    await f.insert([['d0', 10, 1], ['d1', 20, 2]]);
    await f.run(`CREATE STREAM h1 TRIGGER AT_ONCE FILL_HISTORY 1 INTO out1 ${INTO} AS ${Q}`);
    await f.run(`CREATE STREAM h0 TRIGGER AT_ONCE INTO out0 ${into('p0_')} AS ${Q}`);
    await f.insert([['d0', 30, 4]]);
    await f.idle();
    expect(await out('out1')).toEqual(await query());
    expect(await out('out0')).toEqual(['["d0",1500000000000,1,4]']);
  });

  it('PAUSE keeps what arrives; RESUME computes it, RESUME IGNORE UNTREATED skips it', async () => {
    await f.run(`CREATE STREAM s TRIGGER AT_ONCE INTO out ${INTO} AS ${Q}`);
    await f.run('PAUSE STREAM s');
    expect(await f.rows("SELECT status FROM information_schema.ins_streams WHERE stream_name = 's'")).toEqual([['paused']]);
    await f.insert([['d0', 10, 1]]);
    await f.idle();
    expect(await f.rows('SELECT * FROM out')).toEqual([]);
    await f.run('RESUME STREAM s');
    await f.idle();
    expect(await out()).toEqual(['["d0",1500000000000,1,1]']);
    await f.run('PAUSE STREAM s');
    await f.insert([['d1', 10, 7]]);
    await f.run('RESUME STREAM IGNORE UNTREATED s');
    await f.idle();
    expect(await out()).toEqual(['["d0",1500000000000,1,1]']);
    expect(await f.rows("SELECT status FROM information_schema.ins_streams WHERE stream_name = 's'")).toEqual([['ready']]);
  });

  it('errors: stream exists, stream not exist, IF [NOT] EXISTS; DROP stops the upkeep', async () => {
    await f.run(`CREATE STREAM s TRIGGER AT_ONCE INTO out ${INTO} AS ${Q}`);
    await expect(f.run(`CREATE STREAM s INTO out2 AS ${Q}`)).rejects.toMatchObject({ code: TdCode.STREAM_ALREADY_EXISTS, message: 'Stream already exists' });
    await expect(f.run(`CREATE STREAM IF NOT EXISTS s INTO out2 AS ${Q}`)).resolves.toMatchObject({ kind: 'affected' });
    await expect(f.run('DROP STREAM nope')).rejects.toMatchObject({ code: TdCode.STREAM_NOT_EXIST, message: 'Stream not exist' });
    await expect(f.run('PAUSE STREAM nope')).rejects.toMatchObject({ code: TdCode.STREAM_NOT_EXIST });
    await expect(f.run('RESUME STREAM nope')).rejects.toMatchObject({ code: TdCode.STREAM_NOT_EXIST });
    await f.run('DROP STREAM IF EXISTS nope');
    await f.run('PAUSE STREAM IF EXISTS nope');
    await f.run('DROP STREAM s');
    expect(await f.rows('SHOW STREAMS')).toEqual([]);
    await f.insert([['d0', 10, 1]]);
    await f.idle();
    expect(await f.rows('SELECT * FROM out')).toEqual([]);
  });

  it('DROP DATABASE of the source drops its streams', async () => {
    await f.run('CREATE DATABASE other');
    await f.run(`CREATE STREAM s TRIGGER AT_ONCE INTO other.out AS ${Q}`);
    await f.run('CREATE STREAM t TRIGGER AT_ONCE INTO out_t AS SELECT _wstart, count(*) FROM meters INTERVAL(1m)');
    await f.run('DROP DATABASE other');
    expect(await f.rows('SHOW STREAMS')).toEqual([['t']]);
    await f.run('DROP DATABASE test');
    expect(await f.rows('SELECT stream_name FROM information_schema.ins_streams')).toEqual([]);
  });

  it('refuses what it cannot keep up to date', async () => {
    await expect(f.run('CREATE STREAM s INTO out AS SELECT ts, v FROM meters')).rejects.toMatchObject({ code: TdCode.UNSUPPORTED });
    await expect(f.run('CREATE STREAM s INTO out AS SELECT _wstart, count(*) FROM meters STATE_WINDOW(v)')).rejects.toMatchObject({ code: TdCode.UNSUPPORTED });
    await expect(f.run('CREATE STREAM s INTO out AS SELECT count(*), _wstart FROM meters INTERVAL(1m)')).rejects.toMatchObject({ code: TdCode.PAR_INVALID_FIRST_COLUMN });
    await expect(f.run('CREATE STREAM s INTO meters AS SELECT _wstart, count(*) FROM meters INTERVAL(1m)')).rejects.toMatchObject({ code: TdCode.UNSUPPORTED });
    await expect(f.run('CREATE STREAM s INTO out AS SELECT _wstart, count(*) FROM nope INTERVAL(1m)')).rejects.toMatchObject({ code: TdCode.TABLE_NOT_EXIST });
    expect(await f.rows('SHOW STREAMS')).toEqual([]);
  });

  it('output super table: columns from the select list, tag groupId; ins_streams row', async () => {
    await f.run('CREATE STREAM s WATERMARK 5s INTO out AS SELECT _wstart, count(*), avg(v) a FROM meters PARTITION BY tbname INTERVAL(1m)');
    const desc = await f.rows('DESCRIBE out');
    expect(desc.map((r) => [r[0], r[1], r[3]])).toEqual([
      ['_wstart', 'TIMESTAMP', ''],
      ['count(*)', 'BIGINT', ''],
      ['a', 'DOUBLE', ''],
      ['groupid', 'BIGINT UNSIGNED', 'TAG'],
    ]);
    const row = await f.rows(
      'SELECT stream_name, status, source_db, target_db, target_table, `watermark`, `trigger` FROM information_schema.ins_streams',
    );
    expect(row).toEqual([['s', 'ready', 'test', 'test', 'out', 5000, 'window close']]);
    expect(await f.rows('SHOW STREAMS')).toEqual([['s']]);
  });

  it('INTO an existing super table with explicit column names', async () => {
    await f.run('CREATE STABLE agg (ts TIMESTAMP, n BIGINT) TAGS (tb VARCHAR(16))');
    await f.run("CREATE STREAM s TRIGGER AT_ONCE INTO agg (ts, n) TAGS (tb VARCHAR(16)) SUBTABLE(concat('a_', tbname)) AS SELECT _wstart, count(*) FROM meters PARTITION BY tbname INTERVAL(1m)");
    await f.insert([['d0', 10, 1], ['d2', 70, 1]]);
    await f.idle();
    expect(sorted(await f.rows('SELECT tbname, tb, ts, n FROM agg'))).toEqual(sorted([['a_d0', 'd0', T0, 1], ['a_d2', 'd2', T0 + 60 * SEC, 1]]));
  });

  it('survives a restart: definitions and pending windows come back', async () => {
    await f.run(`CREATE STREAM w INTO outw ${INTO} AS ${Q}`);
    await f.run(`CREATE STREAM x TRIGGER AT_ONCE INTO outx TAGS (tb VARCHAR(16)) SUBTABLE(concat('x_', tbname)) AS SELECT _wstart, count(*) n, sum(v) sv FROM meters PARTITION BY tbname SESSION(ts, 20s)`);
    await f.insert([['d0', 10, 1], ['d0', 50, 2]]);
    await f.idle();
    await f.restart();
    expect(await f.rows('SHOW STREAMS')).toHaveLength(2);
    // the open window [0, 60) of w closes now; x merges the new row into its session
    await f.insert([['d0', 65, 3], ['d0', 90, 4]]);
    await f.idle();
    expect(await out('outw')).toEqual(['["d0",1500000000000,2,3]']);
    expect(sorted(await f.rows('SELECT tb, _wstart, n, sv FROM outx'))).toEqual(
      sorted(await f.rows('SELECT tbname, _wstart, count(*), sum(v) FROM meters PARTITION BY tbname SESSION(ts, 20s)')),
    );
  });

  it('a user without write access to the target database cannot create a stream', async () => {
    await f.run("CREATE USER u1 PASS 'taosdata1'");
    await f.run('GRANT READ ON test.* TO u1');
    await expect(f.run(`CREATE STREAM s INTO out AS ${Q}`, 'u1')).rejects.toMatchObject({ code: TdCode.PERMISSION_DENIED });
  });
});
