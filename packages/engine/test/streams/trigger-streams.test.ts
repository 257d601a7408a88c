import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TdCode, TdError } from '../../src/errors';
import { StreamFixture } from './helpers';

/**
 * A 3.3.7 CREATE STREAM on the engine: read, not run (docs/engine-streams.md). The engine answers as a TDengine
 * 3.3.7 without an snode, in the order its checks come (25_streams_topics#83-#87).
 */
describe('3.3.7 streams on the engine', () => {
  let f: StreamFixture;
  beforeAll(async () => {
    f = await StreamFixture.open();
  });
  afterAll(async () => {
    await f.close();
  });

  const refusal = async (sql: string, db: string | null = 'test') => {
    const error = await f.engine.execute(sql, { user: 'root', ...(db ? { db } : {}) }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TdError);
    const { code, message } = error as TdError;
    return { code, message };
  };
  const create = (name: string, from: string) => `create stream ${name} interval(1m) sliding(1m) from ${from} into test.out as select _twstart, count(*) from %%trows`;

  it('refuses in the order TDengine checks: database not specified, trigger table, databases, then no snode', async () => {
    expect(await refusal(create('s', 'test.meters'), null)).toEqual({ code: TdCode.DB_NOT_SPECIFIED, message: 'Database not specified' });
    expect(await refusal(create('test.s', 'test.nosuch'))).toEqual({ code: TdCode.TABLE_NOT_EXIST, message: 'Table does not exist' });
    expect(await refusal(create('test.s', 'nosuchdb.meters'))).toEqual({ code: TdCode.DB_NOT_EXIST, message: 'Database not exist' });
    expect(await refusal(create('nosuchdb.s', 'test.meters'))).toEqual({ code: TdCode.DB_NOT_EXIST, message: 'Database not exist' });
    expect(await refusal(create('test.s', 'test.meters'))).toEqual({ code: 1068, message: 'No Snode is available' });
    // the current database names the stream and its trigger table
    expect((await refusal(create('s', 'meters'))).code).toBe(TdCode.SNODE_NOT_AVAILABLE);
    expect((await refusal('create stream s period(1m) into out as select _tlocaltime, count(*) from meters')).code).toBe(TdCode.SNODE_NOT_AVAILABLE);
    // nothing was made
    expect(await f.rows("select count(*) from information_schema.ins_tables where table_name = 'out'")).toEqual([[0]]);
    expect(await f.rows('select count(*) from information_schema.ins_streams')).toEqual([[0]]);
  });

  it('reads db-qualified names of DROP/START/STOP STREAM on its classic streams', async () => {
    await f.run('create stream s1 into out1 as select _wstart, count(*) from meters interval(1m)');
    expect(await refusal('drop stream nosuchdb.s1')).toEqual({ code: TdCode.DB_NOT_EXIST, message: 'Database not exist' });
    expect(await refusal('drop stream test.nosuch')).toEqual({ code: TdCode.STREAM_NOT_EXIST, message: 'Stream not exist' });
    await f.run('drop stream if exists test.nosuch');
    await f.run('stop stream test.s1');
    expect(await f.rows("select status from information_schema.ins_streams where stream_name = 's1'")).toEqual([['paused']]);
    await f.run('start stream if exists test.s1');
    expect(await f.rows("select status from information_schema.ins_streams where stream_name = 's1'")).not.toEqual([['paused']]);
    expect((await refusal("recalculate stream test.s1 from '2025-01-01'")).code).toBe(TdCode.UNSUPPORTED);
    expect((await refusal('show nosuchdb.streams')).code).toBe(TdCode.DB_NOT_EXIST);
    expect(await f.rows('show test.streams')).toEqual([['s1']]);
    await f.run('drop stream test.s1');
    expect(await f.rows('select count(*) from information_schema.ins_streams')).toEqual([[0]]);
  });
});
