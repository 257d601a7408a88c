import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TdCode } from '../../src/errors';
import { openTestEngine, type TestEngine } from '../engine/helpers';
import { drain, subscribe } from './helpers';

/* Query topics and consumer groups as TDengine 3.3.7.5 answers them (25_streams_topics goldens). */
let t: TestEngine;
const now = Date.now();

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE tq WAL_RETENTION_PERIOD 3600');
  await t.run('CREATE STABLE tq.st (ts TIMESTAMP, v INT, s VARCHAR(12)) TAGS (k INT)');
  await t.run('CREATE TABLE tq.m1 USING tq.st TAGS (1)');
  await t.run('CREATE TABLE tq.m2 USING tq.st TAGS (2)');
});
afterEach(async () => {
  await t.close();
});

describe('query topics', () => {
  it('read a child table with expressions; ins_topics shows the result columns as the query layer types them', async () => {
    await t.run('CREATE TOPIC te AS SELECT ts, v * 2 AS v2, upper(s) FROM tq.m1');
    const shown = await t.run("SELECT `schema`, `type` FROM information_schema.ins_topics WHERE topic_name = 'te'");
    expect(shown.kind === 'rows' && shown.rows).toEqual([
      [
        '[{"name":"ts","type":"TIMESTAMP","length":8},{"name":"v2","type":"DOUBLE","length":8},{"name":"upper(s)","type":"VARCHAR","length":12}]',
        'column',
      ],
    ]);
    const consumer = subscribe(t.engine, { topics: ['te'], offsetReset: 'earliest' });
    await t.run(`INSERT INTO tq.m1 VALUES (${now}, 3, 'ab') tq.m2 VALUES (${now}, 5, 'cd')`);
    const rows = await drain(t.engine, consumer, { want: 1 });
    expect(rows.map((r) => [r.table, JSON.parse(r.row).slice(1)])).toEqual([['m1', [6, 'AB']]]);
  });

  it('refuses a subquery inside the topic query (3.3.7.5\'s grammar: 9728), and what the query cannot read as the query layer does', async () => {
    await expect(t.run('CREATE TOPIC tb AS SELECT ts, v FROM tq.m1 WHERE v > (SELECT 1)')).rejects.toMatchObject({ code: TdCode.SYNTAX_ERROR, message: 'syntax error near "select 1)"' });
    await expect(t.run('CREATE TOPIC tb AS SELECT ts, nosuch FROM tq.m1')).rejects.toMatchObject({ code: TdCode.INVALID_COLUMN });
    expect(t.engine.topics.topics()).toEqual([]);
  });
});

describe('DROP CONSUMER GROUP', () => {
  it('answers 1000 "Subcribe not exist" for an unknown group, on a known or unknown topic; IF EXISTS is quiet', async () => {
    await t.run('CREATE TOPIC tc AS SELECT ts, v FROM tq.st');
    await expect(t.run('DROP CONSUMER GROUP nosuch ON tc')).rejects.toMatchObject({ code: TdCode.SUBSCRIBE_NOT_EXIST, message: 'Subcribe not exist' });
    await expect(t.run('DROP CONSUMER GROUP nosuch ON nosuch_topic')).rejects.toMatchObject({ code: TdCode.SUBSCRIBE_NOT_EXIST });
    await expect(t.run('DROP CONSUMER GROUP IF EXISTS nosuch ON tc')).resolves.toMatchObject({ kind: 'affected' });
    subscribe(t.engine, { groupId: 'g1', topics: ['tc'] });
    await expect(t.run('DROP CONSUMER GROUP g1 ON tc')).rejects.toMatchObject({ code: TdCode.CGROUP_USED });
  });
});
