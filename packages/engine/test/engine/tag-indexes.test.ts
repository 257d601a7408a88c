import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine';
import { TdCode } from '../../src/errors';
import { openTestEngine, type TestEngine } from './helpers';

/* CREATE/DROP INDEX on tags as TDengine 3.3.7.5 answers them (26_system_tables_more, 23_errors#125). */
let t: TestEngine;
/** runs on the engine of the moment (a test reopens it) */
const run = (sql: string) => t.engine.execute(sql, { user: 'root' });

async function indexes(engine: Engine = t.engine): Promise<unknown[][]> {
  const result = await engine.execute(
    "select index_name, table_name, column_name, index_type from information_schema.ins_indexes where db_name = 'ix' order by index_name",
    { user: 'root' },
  );
  return result.kind === 'rows' ? result.rows : [];
}

beforeAll(async () => {
  t = await openTestEngine();
  await run('create database ix');
  await run('create stable ix.st (ts timestamp, a int) tags (t1 int, t2 varchar(10), t3 double)');
  await run('create table ix.c1 using ix.st tags (1, "one", 1.5)');
  await run('create table ix.n1 (ts timestamp, x int)');
});
afterAll(async () => {
  await t.engine.close();
  await t.close();
});

describe('tag indexes', () => {
  it('lists the index TDengine makes on the first tag, then the ones created, and drops them by name', async () => {
    expect(await indexes()).toEqual([['t1_st', 'st', 't1', 'tag_index']]);
    await run('create index i_t2 on ix.st (t2)');
    expect(await indexes()).toEqual([
      ['i_t2', 'st', 't2', 'tag_index'],
      ['t1_st', 'st', 't1', 'tag_index'],
    ]);
    await run('drop index ix.i_t2');
    await run('drop index ix.t1_st');
    expect(await indexes()).toEqual([]);
    await run('create index i_t1 on ix.st (t1)');
    expect(await indexes()).toEqual([['i_t1', 'st', 't1', 'tag_index']]);
  });

  it('refuses in the translator first (missing table 9731, a column that is no tag 9742), then in the mnode (1155, 1156)', async () => {
    await expect(run('create index x on ix.nosuch (t2)')).rejects.toMatchObject({ code: TdCode.TABLE_NOT_EXIST });
    await expect(run('create index x on ix.st (a)')).rejects.toMatchObject({ code: TdCode.INVALID_TAG_NAME, message: 'Invalid tag name: a' });
    await expect(run('create index x on ix.n1 (x)')).rejects.toMatchObject({ code: TdCode.INVALID_TAG_NAME });
    await expect(run('create index x on ix.c1 (a)')).rejects.toMatchObject({ code: TdCode.INVALID_TAG_NAME });
    await expect(run('create index i_t1 on ix.st (t3)')).rejects.toMatchObject({ code: TdCode.TAG_INDEX_ALREADY_EXIST });
    await expect(run('create index other on ix.st (t1)')).rejects.toMatchObject({ code: TdCode.TAG_INDEX_ALREADY_EXIST });
    await expect(run('create index if not exists i_t1 on ix.st (t3)')).resolves.toMatchObject({ kind: 'affected' });
    await expect(run('drop index ix.nosuch')).rejects.toMatchObject({ code: TdCode.TAG_INDEX_NOT_EXIST, message: 'index not exist' });
    await expect(run('drop index if exists ix.nosuch')).resolves.toMatchObject({ kind: 'affected' });
  });

  it('follows a renamed tag and goes with a dropped one', async () => {
    await run('create index i_t3 on ix.st (t3)');
    await run('alter stable ix.st rename tag t3 t9');
    expect(await indexes()).toContainEqual(['i_t3', 'st', 't9', 'tag_index']);
    await run('alter stable ix.st drop tag t9');
    expect((await indexes()).map((r) => r[0])).toEqual(['i_t1']);
  });

  it('keeps the indexes across a restart, and a catalog without them still shows the first-tag index', async () => {
    await t.engine.close();
    const reopened = await Engine.open({ dataDir: t.dir });
    expect(await indexes(reopened)).toEqual([['i_t1', 'st', 't1', 'tag_index']]);
    await reopened.execute('create stable ix.s2 (ts timestamp, v int) tags (k int)', { user: 'root' });
    expect(reopened.catalog.database('ix').stables.s2.tagIndexes).toBeUndefined();
    expect(await indexes(reopened)).toContainEqual(['k_s2', 's2', 'k', 'tag_index']);
    t.engine = reopened;
  });
});
