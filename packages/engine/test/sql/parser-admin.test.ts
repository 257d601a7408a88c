import { describe, expect, it } from 'vitest';
import { parse } from '../../src/sql';
import { expectIncomplete, expectSyntaxError, id, parseAs } from './helpers';

describe('users and privileges', () => {
  it('parses CREATE / ALTER / DROP USER', () => {
    expect(parse("create user u1 pass 'Taos1234!' sysinfo 0 createdb 1 host '10.0.0.0/8', '127.0.0.1'")).toEqual({
      kind: 'createUser',
      name: id('u1'),
      password: 'Taos1234!',
      sysinfo: 0,
      createdb: 1,
      hosts: ['10.0.0.0/8', '127.0.0.1'],
    });
    expect(parse("create user u2 pass 'x'")).toEqual({ kind: 'createUser', name: id('u2'), password: 'x' });
    expect(parse("alter user u1 pass 'new'")).toEqual({ kind: 'alterUser', name: id('u1'), actions: [{ type: 'pass', password: 'new' }] });
    expect(parse('alter user u1 enable 0')).toMatchObject({ actions: [{ type: 'enable', value: 0 }] });
    expect(parse('alter user u1 sysinfo 1')).toMatchObject({ actions: [{ type: 'sysinfo', value: 1 }] });
    expect(parse('alter user u1 createdb 1')).toMatchObject({ actions: [{ type: 'createdb', value: 1 }] });
    expect(parse("alter user u1 add host '1.1.1.1'")).toMatchObject({ actions: [{ type: 'addHost', hosts: ['1.1.1.1'] }] });
    expect(parse("alter user u1 drop host '1.1.1.1'")).toMatchObject({ actions: [{ type: 'dropHost', hosts: ['1.1.1.1'] }] });
    expect(parse('drop user u1')).toEqual({ kind: 'dropUser', name: id('u1') });
    expectIncomplete('create user u1');
  });

  it('parses GRANT / REVOKE on db.*, db.tb, *.* and topics, with a tag condition', () => {
    expect(parse('grant all on *.* to u1')).toEqual({
      kind: 'grant',
      privileges: ['ALL'],
      target: { type: 'db', db: '*', table: '*' },
      user: id('u1'),
    });
    expect(parse('grant read, write on power.* to u1')).toMatchObject({ privileges: ['READ', 'WRITE'], target: { db: id('power'), table: '*' } });
    const g = parseAs("grant read on power.meters with location = 'x' and groupid > 1 to u1", 'grant');
    expect(g.target).toEqual({ type: 'db', db: id('power'), table: id('meters') });
    expect(g.condition).toMatchObject({ op: 'AND' });
    expect(g.conditionText).toBe("location = 'x' and groupid > 1");
    expect(parse('grant subscribe on topic1 to u1')).toMatchObject({ privileges: ['SUBSCRIBE'], target: { type: 'topic', topic: id('topic1') } });
    expect(parse('revoke write on power.* from u1')).toMatchObject({ kind: 'revoke', privileges: ['WRITE'], user: id('u1') });
    expect(parse('grant all privileges on power.* to u1')).toMatchObject({ privileges: ['ALL'] });
    expect(parse('grant alter on power.* to u1')).toMatchObject({ privileges: ['ALTER'] });
    expectSyntaxError('grant delete on power.* to u1', 'delete on power.* to u1');
    expectSyntaxError('revoke read on power.* to u1', 'to u1');
  });
});

describe('topics', () => {
  it('parses the three topic forms and DROP TOPIC / CONSUMER GROUP', () => {
    const q = parseAs('create topic if not exists t1 as select ts, current from power.meters where voltage > 200', 'createTopic');
    expect(q).toMatchObject({ ifNotExists: true, name: id('t1'), withMeta: false, source: { type: 'query', query: { kind: 'select' } } });
    expect(q.source.type === 'query' && q.source.queryText).toBe('select ts, current from power.meters where voltage > 200');
    expect(parse("create topic t2 with meta as stable power.meters where location = 'x'")).toMatchObject({
      withMeta: true,
      source: { type: 'stable', name: { db: id('power'), name: id('meters') }, where: { op: '=' }, whereText: "location = 'x'" },
    });
    expect(parse('create topic t3 as stable meters')).toMatchObject({ source: { type: 'stable', name: { name: id('meters') } } });
    expect(parse('create topic t4 with meta as database power')).toMatchObject({ withMeta: true, source: { type: 'database', name: id('power') } });
    expect(parse('drop topic if exists force t1')).toEqual({ kind: 'dropTopic', ifExists: true, force: true, name: id('t1') });
    expect(parse('drop topic t1')).toEqual({ kind: 'dropTopic', ifExists: false, force: false, name: id('t1') });
    // a topic's query has 3.3.7.5's grammar: no subquery in an expression (25_streams_topics#52); FROM may hold one
    expectSyntaxError('create topic tb as select ts, v from m1 where v > (select 1)', 'select 1)');
    expectSyntaxError('create topic tb as select ts, v from m1 where v in (select v from m2)', 'select v from m2)');
    expect(parse('create topic tc as select ts, v from (select ts, v from m1)')).toMatchObject({ kind: 'createTopic' });
    // … as any query has (18_subquery_join#19–#21)
    expectSyntaxError('select ts from m1 where v > (select 1)', 'select 1)');
    expect(parse('drop consumer group if exists g1 on t1')).toEqual({ kind: 'dropConsumerGroup', ifExists: true, force: false, group: id('g1'), topic: id('t1') });
  });
});

describe('streams', () => {
  it('parses CREATE STREAM with every classic option', () => {
    const s = parseAs(
      `create stream if not exists s1 trigger max_delay 5s watermark 10s ignore expired 0 delete_mark 1d fill_history 1 async ignore update 0
       into power.out_stb (ws, cnt, avgv primary key) tags (gid int, loc varchar(24)) subtable(concat('s_', tbname))
       as select _wstart, count(*), avg(voltage) from power.meters partition by tbname interval(1m) sliding(30s)`,
      'createStream',
    );
    expect(s).toMatchObject({
      ifNotExists: true,
      name: id('s1'),
      options: {
        trigger: { type: 'MAX_DELAY', delay: { value: 5, unit: 's' } },
        watermark: { value: 10, unit: 's' },
        ignoreExpired: 0,
        deleteMark: { value: 1, unit: 'd' },
        fillHistory: 1,
        fillHistoryAsync: true,
        ignoreUpdate: 0,
      },
      into: { db: id('power'), name: id('out_stb') },
      columns: [{ name: id('ws') }, { name: id('cnt') }, { name: id('avgv'), primaryKey: true }],
      tags: [{ name: id('gid') }, { name: id('loc'), type: { name: 'VARCHAR', length: 24 } }],
      subtable: { type: 'function', name: 'concat' },
      query: { kind: 'select', window: { type: 'interval', sliding: { value: 30 } } },
    });
    expect(s.queryText).toMatch(/^select _wstart, count\(\*\)/);
    for (const [sql, trigger] of [
      ['at_once', { type: 'AT_ONCE' }],
      ['window_close', { type: 'WINDOW_CLOSE' }],
      ['force_window_close', { type: 'FORCE_WINDOW_CLOSE' }],
    ] as const) {
      expect(parseAs(`create stream s trigger ${sql} into o as select count(*) from t interval(1m)`, 'createStream').options.trigger).toEqual(trigger);
    }
  });

  it('parses stream TAGS given as names of PARTITION BY columns', () => {
    const s = parseAs('create stream s into o tags (groupid, location) as select _wstart, count(*) from meters partition by groupid, location interval(1m)', 'createStream');
    expect(s.tagNames).toEqual([id('groupid'), id('location')]);
    expect(s.tags).toBeUndefined();
  });

  it('parses DROP / PAUSE / RESUME STREAM', () => {
    expect(parse('drop stream if exists s1')).toEqual({ kind: 'dropStream', ifExists: true, name: id('s1') });
    expect(parse('pause stream s1')).toEqual({ kind: 'pauseStream', ifExists: false, name: id('s1') });
    expect(parse('resume stream if exists ignore untreated s1')).toEqual({ kind: 'resumeStream', ifExists: true, ignoreUntreated: true, name: id('s1') });
  });
});

describe('KILL', () => {
  it('parses KILL QUERY / CONNECTION / TRANSACTION', () => {
    expect(parse("kill query '5:12'")).toEqual({ kind: 'kill', target: 'query', id: '5:12' });
    expect(parse('kill connection 3')).toEqual({ kind: 'kill', target: 'connection', id: '3' });
    expect(parse('kill transaction 9')).toEqual({ kind: 'kill', target: 'transaction', id: '9' });
  });
});

describe('EXPLAIN', () => {
  it('parses EXPLAIN [ANALYZE] [VERBOSE] [RATIO] query', () => {
    expect(parse('explain select * from t')).toMatchObject({ kind: 'explain', analyze: false, query: { kind: 'select' } });
    expect(parse('explain analyze verbose true ratio 0.5 select count(*) from t')).toMatchObject({
      kind: 'explain',
      analyze: true,
      verbose: true,
      ratio: 0.5,
    });
    expectSyntaxError('explain show databases', 'show databases');
  });
});
