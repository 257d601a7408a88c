import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { pointFileColumns, type PointFileTicket, type PointFileValidity, type PointPage } from '@tscloud/contracts';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION } from '../instances/harness';
import { csvFilesDir } from '../../src/region/replication/sources';
import { datainTasks } from '../../src/store/schema';
import { ownerViewerInstance } from './task-helpers';

/**
 * OPC point files and PI default configurations on the real app (data-in.md §2 "OPC point-file pages", §7): the
 * template downloads the forms offer, a task's point file through its ticket (ready, download, paged view with each
 * row's problems), the file check, and replication:read required.
 */
describe('data-in point files', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let outsider: Caller;
  let orgId: string;
  let id: string;
  const path = (what: string) => `/api/region/${REGION}/replication/${id}/${what}`;
  const raw = (caller: Caller, url: string, language = 'en') =>
    world.testApp().app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${caller.token}`, 'account-id': orgId, 'accept-language': language } });

  beforeAll(async () => {
    await world.open();
    ({ owner, viewer: outsider, orgId, id } = await ownerViewerInstance(world, 'Pointfiles'));
    const dir = csvFilesDir(world.dataDir, id);
    mkdirSync(dir, { recursive: true });
    const header = [...pointFileColumns('opcua'), 'site'].join(',');
    const rows = Array.from({ length: 120 }, (_, i) => `ns=3;i=${1000 + i},opc_{type},t_${i},1,val,,DOUBLE,quality,ts,,,,plant`);
    rows[7] = 'ns=3;i=1007,,t_7,yes,val,,DECIMAL,quality,ts,,,,plant';
    writeFileSync(join(dir, 'points.csv'), `${header}\n${rows.join('\n')}\n`);
    writeFileSync(join(dir, 'meters.csv'), 'ts,current\n1,2\n');
  }, 120_000);
  afterAll(() => world.close(), 60_000);

  it('offers the OPC UA and DA templates with the §3 columns, explained in the asked language', async () => {
    for (const driver of ['opcua', 'opcda'] as const) {
      const res = await raw(owner, path(`ds/in/point/file/template?driver=${driver}&lang=zh`));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${driver}_points_template.csv"`);
      expect(res.body.split('\r\n')[0]).toMatch(/^# 每行一个点位/);
      const [columns, ...examples] = parse(res.body, { comment: '#' }) as string[][];
      expect(columns).toEqual([...pointFileColumns(driver), 'site']);
      expect(columns[0]).toBe(driver === 'opcua' ? 'point_id' : 'tag_name');
      expect(examples).toHaveLength(2);
    }
    expect((await raw(owner, path('ds/in/point/file/template?driver=modbus'))).json()).toMatchObject({ code: 400 });
    const english = await raw(owner, path('ds/in/point/file/template?driver=opcua'), 'en-US');
    expect(english.body).toMatch(/^# One point a row/);
  });

  it('offers PI default configurations for a point list and for AF element templates', async () => {
    const points = await raw(owner, path('ds/in/download/pi_default_config?via=point_list'));
    expect(points.statusCode).toBe(200);
    expect((parse(points.body) as string[][])[0]).toEqual(['point_name', 'stable', 'tbname', 'enable', 'value_col', 'type', 'ts_col']);
    const templates = await raw(owner, path('ds/in/download/pi_default_config?via=template_for_element'));
    expect((parse(templates.body) as string[][])[0][0]).toBe('template_name');
    expect((await raw(owner, path('ds/in/download/pi_default_config?via=nothing'))).json()).toMatchObject({ code: 400 });
  });

  it('pages through a point file by its ticket, each row with its problems, and counts the invalid ones', async () => {
    const ticket = await owner.call<PointFileTicket>('GET', path('ds/in/point/file/download/task?via=file&from=points.csv'), undefined, orgId);
    expect(ticket.data).toMatchObject({ file: 'points.csv', driver: 'opcua' });
    const t = encodeURIComponent(ticket.data.ticket);
    expect((await owner.call<{ ready: boolean }>('GET', path(`ds/in/point/file/are/you/ready?ticket=${t}`), undefined, orgId)).data).toEqual({ ready: true });

    const first = await owner.call<PointPage>('GET', path(`ds/in/point/data/page?ticket=${t}&page=1&page_size=50`), undefined, orgId);
    expect(first.data).toMatchObject({ total: 120, invalid: 1, tags: ['site'], missing_columns: [], page: 1, page_size: 50 });
    expect(first.data.rows).toHaveLength(50);
    expect(first.data.rows[0]).toMatchObject({ line: 2, values: { point_id: 'ns=3;i=1000', stable: 'opc_{type}', site: 'plant' }, problems: [] });
    expect(first.data.rows[7].problems.map((p) => p.column).sort()).toEqual(['enable', 'stable', 'type']);
    const last = await owner.call<PointPage>('GET', path(`ds/in/point/data/page?ticket=${t}&page=3&page_size=50`), undefined, orgId);
    expect(last.data.rows.map((row) => row.values.tbname)).toEqual(Array.from({ length: 20 }, (_, i) => `t_${100 + i}`));

    const download = await raw(owner, path(`ds/in/point/file/async?ticket=${t}`));
    expect(download.statusCode).toBe(200);
    expect(download.body.split('\n')).toHaveLength(122);
  });

  it("gives a task's point file as a ticket, and says when the task has none", async () => {
    const now = Date.now();
    const task = (taskId: string, connector: 'opcua' | 'opcda', params: Record<string, string>) => ({
      id: taskId, instanceId: id, orgId, connector, name: taskId, targetDb: 'plant', transform: {}, status: 'created' as const,
      config: { id: taskId, params }, createdAt: now, updatedAt: now,
    });
    await world.store.db.insert(datainTasks).values([
      task('opc-with-file', 'opcda', { endpoint: 'opc.tcp://127.0.0.1:4840', csv_config: 'points.csv' }),
      task('opc-by-pattern', 'opcua', { endpoint: 'opc.tcp://127.0.0.1:4840', data_points: 'true' }),
    ]);
    const ticket = await owner.call<PointFileTicket>('GET', path('ds/in/point/file/download/task?from=opc-with-file'), undefined, orgId);
    expect(ticket.data).toMatchObject({ file: 'points.csv', driver: 'opcda' });
    const none = await owner.call('GET', path('ds/in/point/file/download/task?from=opc-by-pattern'), undefined, orgId);
    expect(none).toMatchObject({ code: 400, message: 'The task has no point file' });
    const missing = await owner.call('GET', path('ds/in/point/file/download/task?from=no-such-task'), undefined, orgId);
    expect(missing.code).toBe(404);
  });

  it('checks a point file: valid, invalid with the first problem, not a point file', async () => {
    const check = async (name: string) => (await owner.call<PointFileValidity>('GET', path(`ds/in/point/file/is_valid?dsn=${name}`), undefined, orgId)).data;
    expect(await check('points.csv')).toEqual({ valid: false, message: 'Line 9, stable: The point id, super table and child table are required', total: 120, invalid: 1 });
    expect(await check('meters.csv')).toMatchObject({ valid: false, message: 'The file is not a point file: its header lacks point_id, stable, tbname' });
    expect((await owner.call('GET', path('ds/in/point/file/is_valid?dsn=../secret.csv'), undefined, orgId)).code).toBe(400);
  });

  it('needs replication:read', async () => {
    const refused = await outsider.call('GET', path('ds/in/point/file/download/task?via=file&from=points.csv'), undefined, orgId);
    expect(refused.code).toBe(403);
  });
});
