import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, en, streamCreateSchema, streamCreateSql, type SqlResult, type StreamCreateRequest, type StreamItem, type StreamOutput } from '@tscloud/contracts';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, createInstance, waitForStatus, worldCaller } from '../instances/harness';
import { addMember, grant } from '../instance-users/members';

/**
 * The Streams screen's calls against one real engine: create from the form body (the statement the web shows),
 * the §8 duplicate message, statuses (running, stopped, interrupted), pause/resume/drop, the output table filling
 * from writes, and members without the rights refused.
 */
describe('stream calls', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let developer: Caller;
  let reader: Caller;
  let orgId: string;
  let id: string;
  const T0 = 1_767_225_600_000; // a whole minute

  const base = `/api/region/${REGION}/stream`;
  const sql = (caller: Caller, text: string) => caller.call<SqlResult>('POST', `/api/region/${REGION}/data/sql/${id}`, { sql: text }, orgId);
  const list = (caller: Caller) => caller.call<StreamItem[]>('GET', `${base}/list/${id}`, undefined, orgId);
  const create = (caller: Caller, body: StreamCreateRequest) => caller.call<StreamItem>('POST', `${base}/create/${id}`, body, orgId);
  const output = (caller: Caller, name: string) => caller.call<StreamOutput>('GET', `${base}/output/${id}/${name}?rows=5`, undefined, orgId);
  const write = async (fromMinute: number, minutes: number) => {
    const values = Array.from({ length: minutes * 2 }, (_, i) => `(${T0 + fromMinute * 60_000 + i * 30_000}, ${i}, ${220 + (i % 5)})`).join(' ');
    expect((await sql(owner, `INSERT INTO power.d0 VALUES ${values} power.d1 VALUES ${values}`)).data.code).toBe(0);
  };
  const waitFor = async <T>(probe: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> => {
    const deadline = Date.now() + 20_000;
    let last = await probe();
    while (!done(last)) {
      if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(last)}`);
      await new Promise((r) => setTimeout(r, 100));
      last = await probe();
    }
    return last;
  };
  const body: StreamCreateRequest = {
    name: 'AvgVolt',
    source_db: 'power',
    source_table: 'meters',
    target_table: 'avg_volt',
    trigger: 'AT_ONCE',
    // d1's rows come after d0's newer ones moved the stream's clock: they would be expired under IGNORE EXPIRED 1.
    ignore_expired: false,
    window: 'INTERVAL',
    interval: '1m',
    partition_by: 'tbname',
    columns: [{ fn: 'AVG', column: 'voltage', alias: 'v' }, { fn: 'COUNT', column: '*' }],
  };

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'st.owner@example.com', 'Owner');
    developer = await worldCaller(world, 'st.dev@example.com', 'Dev');
    reader = await worldCaller(world, 'st.reader@example.com', 'Reader');
    orgId = await createOrg(owner, 'Streamorg');
    id = (await createInstance(owner, orgId, 'Streams one', 0)).instance.id;
    await waitForStatus(owner, orgId, id, 'Running');
    await grant(world.store, orgId, { memberId: await addMember(world.store, orgId, developer) }, 'Developer', { resType: 'INSTANCE', resId: id, instanceId: id });
    // The developer's own database (its creator administers it in the engine, so may create the output table).
    const createdb = (caller: Caller, db: string) => caller.call<SqlResult>('POST', `/api/region/${REGION}/private/data/sql/createdb/${id}/${db}`, { sql: `CREATE DATABASE ${db}` }, orgId);
    expect((await createdb(developer, 'power')).data.code).toBe(0);
    for (const statement of [
      'CREATE STABLE power.meters (ts TIMESTAMP, current INT, voltage INT) TAGS (site INT)',
      'CREATE TABLE power.d0 USING power.meters TAGS (1)',
      'CREATE TABLE power.d1 USING power.meters TAGS (2)',
    ]) {
      expect((await sql(developer, statement)).data.code).toBe(0);
    }
    // The owner's database: the developer may read and write it but not create tables in it.
    expect((await createdb(owner, 'plant')).data.code).toBe(0);
    expect((await sql(owner, 'CREATE STABLE plant.m (ts TIMESTAMP, v INT) TAGS (k INT)')).data.code).toBe(0);
    await grant(world.store, orgId, { memberId: await addMember(world.store, orgId, reader) }, 'Viewer', { resType: 'DATABASE', resId: 'power', instanceId: id });
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('creates the stream the form describes, running, and refuses a second one of the same name', async () => {
    const created = await create(developer, body);
    expect(created, JSON.stringify(created)).toMatchObject({ code: 200 });
    expect(created.data).toMatchObject({ name: 'AvgVolt', status: 'running', engine_status: 'ready', active: true, source_db: 'power', target_db: 'power', target_table: 'avg_volt', trigger: 'at once' });
    expect(created.data.sql).toContain('INTERVAL(1m)');
    expect(streamCreateSql(streamCreateSchema.parse(body))).toContain(created.data.sql.slice(created.data.sql.indexOf('SELECT')));

    const again = await create(owner, { ...body, target_table: 'other' });
    expect(again).toMatchObject({ code: ApiCode.CONFLICT, message: en['error.streamExists'] });
    // Case is kept: another case is another stream name.
    const bad = await create(developer, { ...body, name: '9lives' });
    expect(bad).toMatchObject({ code: ApiCode.BAD_REQUEST, message: en['validation.streamName'] });
    const engineRefusal = await create(developer, { ...body, name: 'nosrc', source_table: 'missing' });
    expect(engineRefusal.code).toBe(ApiCode.BAD_REQUEST);
    expect(engineRefusal.message).toMatch(/not exist/i);
    expect((await list(developer)).data.map((s) => s.name)).toEqual(['AvgVolt']);
    // Write on a database is enough for the engine to create the output table there (CREATE STABLE needs write on
    // the database, as in TDengine), also in a database the developer did not create.
    const intoPlant = await create(developer, { ...body, name: 'intoPlant', source_db: 'plant', source_table: 'm', columns: [{ fn: 'SUM', column: 'v' }] });
    expect(intoPlant.code, JSON.stringify(intoPlant)).toBe(200);
    expect((await developer.call('DELETE', `${base}/${id}/intoPlant`, undefined, orgId)).code).toBe(200);
  });

  it('fills the output table from writes; pause stops it, resume catches up', async () => {
    await write(0, 3);
    const filled = await waitFor(() => output(reader, 'AvgVolt'), (r) => r.data?.total === 6, 'output after writes');
    // The select list's names, the engine's default group tag (its name is the engine's), and tbname.
    expect(filled.data.columns).toHaveLength(5);
    expect(filled.data.columns.slice(0, 3)).toEqual(['_wstart', 'v', 'count_all']);
    expect(filled.data.columns[4]).toBe('tbname');
    expect(filled.data.rows).toHaveLength(5);
    expect(filled.data.rows[0]![2]).toBe(2);

    const paused = await developer.call<StreamItem>('POST', `${base}/pause/${id}/AvgVolt`, {}, orgId);
    expect(paused.data).toMatchObject({ status: 'stopped', engine_status: 'paused', active: false });
    await write(3, 2);
    await new Promise((r) => setTimeout(r, 500));
    expect((await output(owner, 'AvgVolt')).data.total).toBe(6);

    const resumed = await developer.call<StreamItem>('POST', `${base}/resume/${id}/AvgVolt`, {}, orgId);
    expect(resumed.data).toMatchObject({ status: 'running', active: true });
    await waitFor(() => output(owner, 'AvgVolt'), (r) => r.data?.total === 10, 'output after resume');
  });

  it('shows a stream whose output table is gone as interrupted', async () => {
    expect((await create(developer, { ...body, name: 'Broken', target_table: 'broken_out' })).code).toBe(200);
    expect((await sql(owner, 'DROP STABLE power.broken_out')).data.code).toBe(0);
    await write(5, 1);
    const seen = await waitFor(() => list(owner), (r) => r.data?.find((s) => s.name === 'Broken')?.status === 'interrupted', 'interrupted');
    expect(seen.data.find((s) => s.name === 'Broken')).toMatchObject({ engine_status: 'failed', active: true });
    expect((await owner.call('DELETE', `${base}/${id}/Broken`, undefined, orgId)).code).toBe(200); // root may drop any stream
  });

  it('refuses members without the rights, and drops the stream for its creator', async () => {
    // A Viewer of the database sees the stream and its output but cannot change anything.
    expect((await list(reader)).data.map((s) => s.name)).toEqual(['AvgVolt']);
    expect((await create(reader, { ...body, name: 'Mine' })).code).toBe(ApiCode.FORBIDDEN);
    expect((await reader.call('POST', `${base}/pause/${id}/AvgVolt`, {}, orgId)).code).toBe(ApiCode.FORBIDDEN);
    expect((await reader.call('DELETE', `${base}/${id}/AvgVolt`, undefined, orgId)).code).toBe(ApiCode.FORBIDDEN);

    expect((await developer.call('DELETE', `${base}/${id}/AvgVolt`, undefined, orgId))).toMatchObject({ code: 200, data: { name: 'AvgVolt' } });
    expect((await list(developer)).data).toEqual([]);
    expect(await developer.call('DELETE', `${base}/${id}/AvgVolt`, undefined, orgId)).toMatchObject({ code: ApiCode.NOT_FOUND, message: en['error.streamNotFound'] });
    expect((await developer.call('POST', `${base}/resume/${id}/AvgVolt`, {}, orgId)).code).toBe(ApiCode.NOT_FOUND);
    // The output table stays, as in TDengine.
    expect((await sql(owner, 'SELECT count(*) FROM power.avg_volt')).data.data).toEqual([[12]]);
  });
});
