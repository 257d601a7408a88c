import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, IMPORT_BATCH_ROWS, type ApiEnvelope, type ExplorerView, type ImportResult } from '@tscloud/contracts';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, worldCaller } from '../instances/harness';
import { instanceSql, runningInstance, runStatements } from '../instances/running-instance';
import { addMember, grant } from '../instance-users/members';

/** Views and CSV import against a real engine, as the member's engine user. */
describe('views and CSV import', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let reader: Caller;
  let orgId: string;
  let id: string;
  const T0 = 1_767_225_600_000;

  const sql = (caller: Caller, text: string) => instanceSql(caller, orgId, id, text);

  async function upload(caller: Caller, table: string, content: string | Buffer, field = 'data'): Promise<ApiEnvelope<ImportResult>> {
    const boundary = '----tscloudtest';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await world.app.inject({
      method: 'POST',
      url: `/api/region/${REGION}/data/import/${id}/farm/${table}`,
      headers: { authorization: `Bearer ${caller.token}`, 'account-id': orgId, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    return res.json() as ApiEnvelope<ImportResult>;
  }

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'vi.owner@example.com', 'Owner');
    reader = await worldCaller(world, 'vi.reader@example.com', 'Reader');
    ({ orgId, id } = await runningInstance(owner, 'Vieworg', 'Views one'));
    await runStatements(owner, orgId, id, [
      'CREATE DATABASE farm',
      'CREATE TABLE farm.t (ts TIMESTAMP, v INT, temp DOUBLE, ok BOOL, note VARCHAR(40))',
      'CREATE STABLE farm.st (ts TIMESTAMP, v INT) TAGS (site INT)',
      'CREATE TABLE farm.c1 USING farm.st TAGS (7)',
      `INSERT INTO farm.t VALUES (${T0}, 1, 20.5, true, 'a') (${T0 + 1000}, 2, 21.5, false, 'b')`,
    ]);
    const readerMember = await addMember(world.store, orgId, reader);
    await grant(world.store, orgId, { memberId: readerMember }, 'Viewer', { resType: 'DATABASE', resId: 'farm', instanceId: id });
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('creates, lists, reads, updates and deletes a view in the engine', async () => {
    const created = await owner.call<ExplorerView>('POST', `/api/region/${REGION}/view/create`, { app_id: id, db: 'farm', name: 'warm', sql: 'SELECT ts, v FROM farm.t WHERE temp > 21' }, orgId);
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ app_id: id, db: 'farm', name: 'warm' });
    // The engine keeps the query as its tokenizer wrote it (keywords and names in lower case).
    expect(created.data.sql.toLowerCase()).toBe('select ts, v from farm.t where temp > 21');
    expect((await sql(reader, 'SELECT v FROM farm.warm')).data).toMatchObject({ code: 0, data: [[2]] });

    const list = await reader.call<ExplorerView[]>('GET', `/api/region/${REGION}/view/list/${id}?db=farm`, undefined, orgId);
    expect(list.data.map((v) => [v.id, v.name])).toEqual([[created.data.id, 'warm']]);
    expect(list.data[0].create_time).toBeGreaterThan(0);

    const updated = await owner.call<ExplorerView>('PUT', `/api/region/${REGION}/view/update`, { id: created.data.id, sql: 'SELECT ts, v FROM farm.t' }, orgId);
    expect(updated.data.sql.toLowerCase()).toBe('select ts, v from farm.t');
    expect((await sql(reader, 'SELECT count(*) FROM farm.warm')).data.data).toEqual([[2]]);

    // A view of the same name again: the engine's refusal, as a 400 with its text.
    const again = await owner.call('POST', `/api/region/${REGION}/view/create`, { app_id: id, db: 'farm', name: 'warm', sql: 'SELECT 1 FROM farm.t' }, orgId);
    expect(again.code).toBe(400);
    expect((again.data as { desc: string }).desc).toBeTruthy();

    // A Viewer has no view:manage.
    expect((await reader.call('DELETE', `/api/region/${REGION}/view/${created.data.id}`, undefined, orgId)).code).toBe(403);
    expect((await owner.call('DELETE', `/api/region/${REGION}/view/${created.data.id}`, undefined, orgId)).code).toBe(200);
    expect((await owner.call<ExplorerView[]>('GET', `/api/region/${REGION}/view/list/${id}`, undefined, orgId)).data).toEqual([]);
    expect((await owner.call('DELETE', `/api/region/${REGION}/view/${created.data.id}`, undefined, orgId))).toMatchObject({ code: 404, message: en['error.viewNotFound'] });
    expect((await owner.call('DELETE', `/api/region/${REGION}/view/not-an-id`, undefined, orgId)).code).toBe(404);

    const badName = await owner.call('POST', `/api/region/${REGION}/view/create`, { app_id: id, db: 'farm', name: '1st', sql: 'SELECT 1' }, orgId);
    expect(badName).toMatchObject({ code: 400, message: en['validation.viewName'] });
    const notQuery = await owner.call('POST', `/api/region/${REGION}/view/create`, { app_id: id, db: 'farm', name: 'x', sql: 'DROP DATABASE farm' }, orgId);
    expect(notQuery).toMatchObject({ code: 400, message: en['validation.viewQuery'] });
  });

  it('imports a CSV with a header (any column order, quoting, empty → NULL) in batches, and without a header', async () => {
    const lines = ['note,ts,v,temp,ok'];
    const n = IMPORT_BATCH_ROWS + 500;
    for (let i = 0; i < n; i++) lines.push(`${i === 0 ? '"say ""hi"", ok"' : `n${i}`},${T0 + 10_000 + i},${i},${i % 2 ? '' : '1.5'},${i % 2 ? 'true' : 'false'}`);
    const res = await upload(owner, 't', `\ufeff${lines.join('\r\n')}\r\n`);
    expect(res).toMatchObject({ code: 200, data: { code: 0, rows: n } });
    expect((await sql(owner, 'SELECT count(*) FROM farm.t')).data.data).toEqual([[n + 2]]);
    const first = await sql(owner, `SELECT note, v, temp, ok FROM farm.t WHERE ts = ${T0 + 10_000}`);
    expect(first.data.data).toEqual([['say "hi", ok', 0, 1.5, false]]);
    expect((await sql(owner, `SELECT temp FROM farm.t WHERE ts = ${T0 + 10_001}`)).data.data).toEqual([[null]]);

    // Without a header: every column in table order; a child table takes its columns only (not the tag).
    const plain = await upload(owner, 'c1', `${T0},5\n${T0 + 1},6\n`);
    expect(plain).toMatchObject({ code: 200, data: { code: 0, rows: 2 } });
    expect((await sql(owner, 'SELECT v, site FROM farm.st ORDER BY ts')).data.data).toEqual([[5, 7], [6, 7]]);
  });

  it('rejects malformed CSV naming the line and writes nothing; a reader may not import', async () => {
    const before = (await sql(owner, 'SELECT count(*) FROM farm.t')).data.data;
    const columns = await upload(owner, 't', `ts,v\n${T0 + 99},1\n${T0 + 100},2,3\n`);
    expect(columns).toMatchObject({ code: 400, message: 'Line 3 has 3 values; 2 are expected' });
    const value = await upload(owner, 't', `ts,v\n${T0 + 99},abc\n`);
    expect(value).toMatchObject({ code: 400, message: 'Line 2: "abc" is not a valid value for column v (INT)' });
    expect(await upload(owner, 't', `ts,v\n${T0 + 99},"1\n`)).toMatchObject({ code: 400, message: en['error.csvQuote'].replace('{0}', '2') });
    expect(await upload(owner, 't', 'ts,nope\n1,2\n')).toMatchObject({ code: 400, message: en['error.csvHeader'].replace('{0}', 'nope') });
    expect(await upload(owner, 't', '\n\n')).toMatchObject({ code: 400, message: en['error.csvEmpty'] });
    expect(await upload(owner, 't', `${T0},1`, 'other')).toMatchObject({ code: 400, message: en['error.uploadFailed'] });
    expect(await upload(owner, 'st', `${T0},1`)).toMatchObject({ code: 400, message: en['error.importTarget'] });
    expect((await sql(owner, 'SELECT count(*) FROM farm.t')).data.data).toEqual(before);

    // Too large: the limit is checked while reading.
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 'a');
    expect(await upload(owner, 't', big)).toMatchObject({ code: 400, message: en['error.importTooLarge'].replace('{0}', '20') });

    // A reader may not import (no db:write): refused before the engine.
    expect((await upload(reader, 't', `${T0 + 5},1`)).code).toBe(403);
  });
});
