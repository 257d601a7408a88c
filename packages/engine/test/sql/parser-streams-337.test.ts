import { describe, expect, it } from 'vitest';
import { parse, type CreateTriggerStreamStatement, type SelectStatement } from '../../src/sql';
import { expectIncomplete, expectSyntaxError, id, parseAs } from './helpers';

/**
 * TDengine 3.3.7's CREATE STREAM (facts §3.3): read by the parser so the console's tenant SQL guard can pass it to a
 * 3.3.7 cluster with its names mapped; the classic syntax stays what the engine runs (parser-admin.test.ts).
 */
const stream = (sql: string) => parseAs(sql, 'createTriggerStream');
const dur = (text: string) => {
  const m = /^(\d+)([a-z])?$/.exec(text)!;
  return { value: Number(m[1]), unit: m[2] ?? null, text };
};

describe('3.3.7 CREATE STREAM', () => {
  it('reads every trigger type', () => {
    const trigger = (sql: string) => stream(`create stream db.s ${sql} from db.t into db.o as select _twstart, count(*) from %%trows`).trigger;
    expect(stream('create stream db.s period(10s) into db.o as select _tlocaltime, count(*) from db.t').trigger).toEqual({ type: 'period', period: dur('10s') });
    expect(trigger('period(1h, 5m)')).toEqual({ type: 'period', period: dur('1h'), offset: dur('5m') });
    expect(trigger('sliding(1m)')).toEqual({ type: 'sliding', sliding: dur('1m') });
    expect(trigger('interval(1m) sliding(30s)')).toEqual({ type: 'sliding', interval: dur('1m'), sliding: dur('30s') });
    expect(trigger('interval(1h, 10m) sliding(1h, 5m)')).toEqual({
      type: 'sliding',
      interval: dur('1h'),
      intervalOffset: dur('10m'),
      sliding: dur('1h'),
      slidingOffset: dur('5m'),
    });
    expect(trigger('session(ts, 10s)')).toMatchObject({ type: 'session', column: { type: 'column', name: id('ts') }, gap: dur('10s') });
    expect(trigger('state_window(status)')).toMatchObject({ type: 'state', expr: { type: 'column', name: id('status') } });
    expect(trigger('state_window(status, 1) true_for(5s)')).toMatchObject({ type: 'state', extend: 1, trueFor: dur('5s') });
    expect(trigger('event_window(start with v > 10 end with v < 5) true_for(1m)')).toMatchObject({
      type: 'event',
      start: { type: 'binary', op: '>', text: 'v > 10' },
      end: { type: 'binary', op: '<', text: 'v < 5' },
      trueFor: dur('1m'),
    });
    expect(trigger('count_window(10)')).toEqual({ type: 'count', count: 10 });
    expect(trigger('count_window(10, 5, c1, c2)')).toMatchObject({ type: 'count', count: 10, sliding: 5, columns: [{ name: id('c1') }, { name: id('c2') }] });
  });

  it('reads FROM, PARTITION BY, STREAM_OPTIONS, NOTIFY, INTO with OUTPUT_SUBTABLE, columns and TAGS, and the query', () => {
    const s = stream(
      "create stream if not exists `Power`.s1 interval(10m) sliding(10m) from power.meters partition by tbname, groupid g " +
        "stream_options(watermark(10s)|expired_time(1h)|ignore_disorder|fill_history('2025-01-01 00:00:00')|pre_filter(current > 0)|event_type(window_open|window_close)) " +
        "notify('ws://h:6042/a', 'ws://h:6042/b') on (window_open|window_close) where current > 10 notify_options(notify_history) " +
        "into power.out output_subtable(concat('o_', %%1)) (ts, n composite key, avg_v) tags (gid int as %%2, tb varchar(64) as %%tbname) " +
        'as select _twstart, count(*), avg(current) from %%trows where ts >= _twstart and ts < _twend',
    );
    expect(s.ifNotExists).toBe(true);
    expect(s.name).toEqual({ db: { name: 'Power', quoted: true }, name: id('s1') });
    expect(s.from).toEqual({ db: id('power'), name: id('meters') });
    expect(s.partitionBy).toMatchObject([{ expr: { name: { name: 'tbname' } } }, { expr: { name: id('groupid') }, alias: id('g') }]);
    expect(s.options).toMatchObject([
      { option: 'WATERMARK', duration: dur('10s') },
      { option: 'EXPIRED_TIME', duration: dur('1h') },
      { option: 'IGNORE_DISORDER' },
      { option: 'FILL_HISTORY', start: '2025-01-01 00:00:00' },
      { option: 'PRE_FILTER', condition: { text: 'current > 0' } },
      { option: 'EVENT_TYPE', events: ['WINDOW_OPEN', 'WINDOW_CLOSE'] },
    ]);
    expect(s.notify).toMatchObject({ urls: ['ws://h:6042/a', 'ws://h:6042/b'], on: ['WINDOW_OPEN', 'WINDOW_CLOSE'], where: { text: 'current > 10' }, options: ['NOTIFY_HISTORY'] });
    expect(s.into).toEqual({ db: id('power'), name: id('out') });
    expect(s.outputSubtable).toMatchObject({ type: 'function', name: 'concat', args: [{ type: 'string' }, { type: 'column', name: id('%%1'), placeholder: true }] });
    expect(s.columns).toEqual([{ name: id('ts') }, { name: id('n'), primaryKey: true }, { name: id('avg_v') }]);
    expect(s.tags).toMatchObject([
      { name: id('gid'), expr: { type: 'column', name: id('%%2'), placeholder: true } },
      { name: id('tb'), expr: { name: id('%%tbname'), placeholder: true } },
    ]);
    const query = s.query as SelectStatement;
    expect(query.from).toEqual({ type: 'table', name: { name: id('%%trows') }, placeholder: true });
    expect(query.items[0].expr).toMatchObject({ type: 'column', name: id('_twstart') });
    expect(s.queryText).toBe('select _twstart, count(*), avg(current) from %%trows where ts >= _twstart and ts < _twend');
  });

  it('leaves out what is optional: a stream with neither output nor query, and one without FROM', () => {
    expect(stream("create stream s session(ts, 5s) from t notify('ws://h/x')")).toEqual({
      kind: 'createTriggerStream',
      ifNotExists: false,
      name: { name: id('s') },
      trigger: expect.objectContaining({ type: 'session' }),
      from: { name: id('t') },
      options: [],
      notify: { urls: ['ws://h/x'] },
    } satisfies Partial<CreateTriggerStreamStatement>);
    const periodic = stream('create stream db.s period(1m) into db.o as select _tcurrent_ts, _tgrpid, count(*) from db.t');
    expect(periodic.from).toBeUndefined();
    expect((periodic.query as SelectStatement).from).toEqual({ type: 'table', name: { db: id('db'), name: id('t') } });
    // %%tbname as the query's table; the query may be any query, a union too
    expect((stream('create stream s sliding(1m) from st partition by tbname into o as select _twstart, last(v) from %%tbname').query as SelectStatement).from).toMatchObject({
      name: { name: id('%%tbname') },
      placeholder: true,
    });
    expect(stream('create stream s sliding(1m) from t into o as select _twstart, 1 from t1 union all select _twstart, 2 from t2').query?.kind).toBe('union');
  });

  it('tells the classic syntax by what follows the name, and keeps it as it was', () => {
    expect(parse('create stream s into o as select _wstart, count(*) from t interval(1m)').kind).toBe('createStream');
    expect(parse('create stream s trigger at_once into o as select _wstart, count(*) from t interval(1m)').kind).toBe('createStream');
    // `interval` without `(` is not a trigger: the classic grammar fails where 3.3.6 does
    expectSyntaxError('create stream s interval into o as select 1', 'interval into o as select 1');
    // a db-qualified name is 3.3.7's only: its INTO without a trigger fails at INTO (25_streams_topics#88)
    expectSyntaxError('create stream p_st.p_s_bad into p_st.out_bad as select ts, v from p_st.meters', 'into p_st.out_bad as select ts, v from p_st.meters');
    expectSyntaxError('create stream db.s interval(1m) from t', 'from t');
    expectSyntaxError('create stream db.s sliding(1m) stream_options(fast) into o', 'fast) into o');
  });

  it('reads placeholders only in a 3.3.7 stream, and only written without spaces', () => {
    expectSyntaxError('select count(*) from %%trows', '%%trows');
    expectSyntaxError('select %%1 from t', '%%1 from t');
    expectSyntaxError('create stream s into o as select count(*) from %%trows interval(1m)', '%%trows interval(1m)');
    expectSyntaxError('create stream db.s sliding(1m) from t into o as select count(*) from % %trows', '% %trows');
    // %%trows is a table, not a value; %%N a value, not a table
    expectSyntaxError('create stream db.s sliding(1m) from t into o as select %%trows from t', '%%trows from t');
    expectSyntaxError('create stream db.s sliding(1m) from t into o as select 1 from %%1', '%%1');
    // `%` stays the modulo operator
    expect((stream('create stream db.s sliding(1m) from t into o as select v%2 from %%trows').query as SelectStatement).items[0].expr).toMatchObject({ type: 'binary', op: '%' });
  });

  it('gives every name of a database, table, stream or output table its span, placeholders too', () => {
    const sql = 'create stream `Db`.s1 interval(1m) sliding(1m) from db2.meters into db3.out tags (g int as %%1) as select _twstart, count(*) from %%trows';
    const s = parse(sql, { spans: true }) as CreateTriggerStreamStatement;
    const at = (span?: { start: number; end: number }) => sql.slice(span!.start, span!.end);
    expect([s.name.db, s.name.name, s.from!.db, s.from!.name, s.into!.db, s.into!.name].map((name) => at(name!.span))).toEqual(['`Db`', 's1', 'db2', 'meters', 'db3', 'out']);
    expect(at(s.tags![0].expr.span)).toBe('%%1');
    expect(at((s.tags![0].expr as { name: { span?: { start: number; end: number } } }).name.span)).toBe('%%1');
    expect(at(((s.query as SelectStatement).from as { name: { name: { span?: { start: number; end: number } } } }).name.name.span)).toBe('%%trows');
  });
});

describe('3.3.7 stream statements by name', () => {
  it('DROP STREAM [IF EXISTS] [db.]s', () => {
    expect(parse('drop stream if exists s1')).toEqual({ kind: 'dropStream', ifExists: true, name: id('s1') });
    expect(parse('drop stream p_st.s1')).toEqual({ kind: 'dropStream', ifExists: false, db: id('p_st'), name: id('s1') });
  });

  it('START/STOP/RECALCULATE STREAM and SHOW db.STREAMS', () => {
    expect(parse('start stream if exists ignore untreated db.s1')).toEqual({ kind: 'startStream', ifExists: true, ignoreUntreated: true, db: id('db'), name: id('s1') });
    expect(parse('start stream s1')).toEqual({ kind: 'startStream', ifExists: false, ignoreUntreated: false, name: id('s1') });
    expect(parse('stop stream if exists db.s1')).toEqual({ kind: 'stopStream', ifExists: true, db: id('db'), name: id('s1') });
    expect(parse("recalculate stream db.s1 from '2025-01-01 00:00:00' to 1735693200000")).toEqual({
      kind: 'recalculateStream',
      db: id('db'),
      name: id('s1'),
      from: '2025-01-01 00:00:00',
      to: '1735693200000',
    });
    expect(parse('show p_st.streams')).toEqual({ kind: 'show', object: 'streams', db: id('p_st') });
    expect(parse('show streams')).toEqual({ kind: 'show', object: 'streams' });
    expectIncomplete('stop stream');
  });
});
