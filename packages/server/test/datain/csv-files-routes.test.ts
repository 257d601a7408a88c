import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvFileItem, TaskStatus } from '@tscloud/contracts';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION } from '../instances/harness';
import { eq as sqlEq } from 'drizzle-orm';
import { datainTasks } from '../../src/store/schema';
import { ownerViewerInstance, uploadCsvFile } from './task-helpers';

/**
 * The csvFiles area beyond list/upload/delete (sample-routes.test.ts has those): which CSV tasks name a file, its
 * download, and a file an active task reads neither deleted nor replaced (docs/data-in.md "Screens", CSV files).
 */
describe('data-in csvFiles area: users, download, files in use', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let viewer: Caller;
  let orgId: string;
  let id: string;
  const path = (what: string) => `/api/region/${REGION}/replication/${id}/${what}`;
  const IN_USE = 'The file is used by the data source task nightly, which is running; stop it and try again';

  const upload = (name: string, content: string) => uploadCsvFile(world, owner, orgId, id, name, content);

  async function addCsvTask(taskId: string, name: string, files: string[], status: TaskStatus) {
    const now = Date.now();
    await world.store.db.insert(datainTasks).values({ id: taskId, instanceId: id, orgId, connector: 'csv', name, targetDb: 'power', config: { params: { files } }, transform: {}, status, createdAt: now, updatedAt: now });
  }
  const setStatus = (taskId: string, status: TaskStatus) => world.store.db.update(datainTasks).set({ status }).where(eqId(taskId));
  const eqId = (taskId: string) => sqlEq(datainTasks.id, taskId);
  const list = async () => (await owner.call<CsvFileItem[]>('GET', path('csv/files'), undefined, orgId)).data;
  const remove = (name: string) => owner.call('DELETE', path(`csv/files/${encodeURIComponent(name)}`), undefined, orgId);

  beforeAll(async () => {
    await world.open();
    ({ owner, viewer, orgId, id } = await ownerViewerInstance(world, 'Csvfiles'));
  }, 120_000);
  afterAll(() => world.close(), 60_000);

  it('lists the CSV tasks naming each file; an active one blocks delete and replace, a stopped one does not', async () => {
    expect((await upload('meters.csv', 'ts,v\n1,2\n')).code).toBe(200);
    expect((await upload('spare.csv', 'ts,v\n')).code).toBe(200);
    await addCsvTask('t-night', 'nightly', ['meters.csv'], 'running');
    await addCsvTask('t-old', 'old', ['meters.csv', 'spare.csv'], 'stopped');

    const listed = await list();
    expect(listed.find((f) => f.name === 'meters.csv')?.used_by).toEqual([
      { id: 't-night', name: 'nightly', active: true },
      { id: 't-old', name: 'old', active: false },
    ]);
    expect(listed.find((f) => f.name === 'spare.csv')?.used_by).toEqual([{ id: 't-old', name: 'old', active: false }]);

    const refused = await remove('meters.csv');
    expect(refused.code).toBe(409);
    expect(refused.message).toBe(IN_USE);
    const replaced = await upload('meters.csv', 'ts,v\n9,9\n');
    expect(replaced.code).toBe(409);
    expect(replaced.message).toBe(IN_USE);
    expect((await list()).find((f) => f.name === 'meters.csv')?.size).toBe(9);

    // Only stopped tasks name spare.csv: it goes (the screen warned).
    expect((await remove('spare.csv')).code).toBe(200);
    await setStatus('t-night', 'stopped');
    expect((await upload('meters.csv', 'ts,v\n9,9\n3,4\n')).code).toBe(200);
    expect((await remove('meters.csv')).code).toBe(200);
    expect(await list()).toEqual([]);
  });

  it('downloads a file as CSV under its name (UTF-8 names too); a missing or bad name is refused; viewers may not', async () => {
    const name = '电表 (1).csv';
    expect((await upload(name, 'ts,v\n1,2\n')).code).toBe(200);
    const download = (caller: Caller) => world.app.inject({ method: 'GET', url: path(`csv/files/${encodeURIComponent(name)}`), headers: { authorization: `Bearer ${caller.token}`, 'account-id': orgId } });
    // A viewer has no replication:read: no listing, no download.
    expect((await download(viewer)).json()).toMatchObject({ code: 403 });
    const res = await download(owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="__ (1).csv"; filename*=UTF-8''%E7%94%B5%E8%A1%A8%20%281%29.csv`);
    expect(res.body).toBe('ts,v\n1,2\n');
    expect((await owner.call('GET', path('csv/files/gone.csv'), undefined, orgId)).code).toBe(404);
    expect((await owner.call('GET', path('csv/files/..%2Fsecret.csv'), undefined, orgId)).code).toBe(400);
  });
});
