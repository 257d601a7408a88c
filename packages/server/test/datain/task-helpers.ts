import {
  connectorDefinition,
  type ApiEnvelope,
  type CsvFileItem,
  defaultValues,
  fromExpandOf,
  type TaskBody,
  type TaskDetails,
  type TaskListItem,
  type TaskMetrics,
  type TransformConfigInput,
} from '@tscloud/contracts';
import { afterAll, beforeAll } from 'vitest';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, addMember, createInstance, worldCaller } from '../instances/harness';
import { runningInstance, runStatements } from '../instances/running-instance';
import { fakeClientId } from './fake-source';

/** The data-in task calls of one instance, as a caller (data-in.md §7). */
export function taskCalls(caller: Caller, orgId: string, instanceId: string) {
  const base = `/api/region/${REGION}/replication/${instanceId}`;
  return {
    create: (body: TaskBody) => caller.call<TaskListItem>('POST', `${base}/task/create-data-source`, body, orgId),
    update: (id: string, body: TaskBody) => caller.call<TaskListItem>('PUT', `${base}/tasks?id=${id}`, body, orgId),
    remove: (id: string) => caller.call('DELETE', `${base}/task/datasource/${id}`, undefined, orgId),
    start: (id: string) => caller.call<TaskListItem>('PUT', `${base}/tasks/${id}/start`, undefined, orgId),
    stop: (id: string) => caller.call<TaskListItem>('PUT', `${base}/tasks/${id}/stop`, undefined, orgId),
    list: (query = '') => caller.call<{ list: TaskListItem[]; total: number }>('GET', `${base}/tasks/datasource?labels=ds${query}`, undefined, orgId),
    details: (id: string, lang = 'en') => caller.call<TaskDetails>('GET', `${base}/task/details?id=${id}&lang=${lang}`, undefined, orgId),
    metrics: (id: string) => caller.call<TaskMetrics>('GET', `${base}/tasks/${id}/metrics`, undefined, orgId),
    progress: (id: string) => caller.call<{ tables: Array<{ name: string; percent: number | null }> }>('GET', `${base}/tasks/${id}/table_progress`, undefined, orgId),
    activities: (id?: string) =>
      caller.call<{ list: Array<{ kind: string; message: string | null }> }>('GET', id ? `${base}/tasks/${id}/activities` : `${base}/tasks/activities`, undefined, orgId),
  };
}

/** Fake records (fake-source.ts) into super table meters: child d_<device>, columns v INT and note VARCHAR, tag device. */
export const FAKE_TRANSFORM: TransformConfigInput = {
  mapping: {
    stable: 'meters',
    table: 'd_${device}',
    timestamp: { column: 'ts', field: 'ts', format: 'ms' },
    precision: 'ms',
    columns: [
      { name: 'v', type: 'INT' },
      { name: 'note', type: 'VARCHAR' },
    ],
    tags: [{ name: 'device', type: 'VARCHAR' }],
  },
};

/** An MQTT task body whose source the tests replace with the fake one (client_id carries its settings). */
export function fakeTask(name: string, targetDb: string, fake: { total: number; pauseMs?: number; badEvery?: number; batch?: number; stable?: string; tablePrefix?: string }): TaskBody {
  const definition = connectorDefinition('mqtt')!;
  const values = {
    ...defaultValues(definition),
    host: 'localhost',
    port: 1883,
    client_id: fakeClientId(fake.total, fake.pauseMs, fake.badEvery),
    topics: 'fake::0',
    batch_size: fake.batch ?? 1000,
  };
  return { connector: 'mqtt', name, target_db: targetDb, from_expand: fromExpandOf(definition, values), transform: { ...FAKE_TRANSFORM, mapping: { ...FAKE_TRANSFORM.mapping, stable: fake.stable ?? 'meters', table: `${fake.tablePrefix ?? 'd_'}\${device}` } } };
}

/**
 * A suite's running instance: registers the hooks that open a world, make `email` the owner of a running instance
 * holding `database`, and close the world after the suite. The fields are set once the suite's beforeAll ran.
 */
export function suiteInstanceWithDatabase(email: string, orgName: string, instanceName: string, database: string) {
  const suite = { world: new InstancesWorld(), owner: undefined as unknown as Caller, orgId: '', id: '' };
  beforeAll(async () => {
    await suite.world.open();
    suite.owner = await worldCaller(suite.world, email, 'Owner');
    ({ orgId: suite.orgId, id: suite.id } = await runningInstance(suite.owner, orgName, instanceName));
    await runStatements(suite.owner, suite.orgId, suite.id, [`CREATE DATABASE ${database}`]);
  }, 180_000);
  afterAll(() => suite.world.close(), 60_000);
  return suite;
}

/** Polls until `check` answers a value (not undefined). */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The machine's PostgreSQL as a data-in source (trust auth: the password is not asked). */
export const PG_SOURCE = { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres', password: 'unused' };

/**
 * A PostgreSQL history task over `table` (ts, device, v) from `from` for `hours`, stepping an hour at a time, into the
 * super table `readings` with a child table per device.
 */
export function pgHistoryTask(table: string, options: { name: string; targetDb: string; from: number; hours: number; batch: number }): TaskBody {
  const definition = connectorDefinition('postgres')!;
  const values = {
    ...defaultValues(definition),
    ...PG_SOURCE,
    sql: `SELECT ts, device, v FROM ${table} WHERE ts >= \${start} AND ts < \${end} ORDER BY ts`,
    start_time: new Date(options.from).toISOString(),
    end_time: new Date(options.from + options.hours * 3_600_000).toISOString(),
    interval: 1,
    interval_unit: 'h',
    batch_size: options.batch,
  };
  return {
    connector: 'postgres',
    name: options.name,
    target_db: options.targetDb,
    from_expand: fromExpandOf(definition, values),
    transform: {
      mapping: {
        stable: 'readings',
        table: 'r_${device}',
        timestamp: { column: 'ts', field: 'ts' },
        columns: [{ name: 'v', type: 'DOUBLE' }],
        tags: [{ name: 'device', type: 'VARCHAR' }],
      },
    },
  };
}

/** Uploads a CSV file into an instance's csvFiles area as `caller` (multipart field `file`, as the web app sends). */
export async function uploadCsvFile(world: InstancesWorld, caller: Caller, orgId: string, instanceId: string, name: string, content: string): Promise<ApiEnvelope<CsvFileItem>> {
  const boundary = '----datainupload';
  const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`);
  const res = await world.app.inject({
    method: 'POST',
    url: `/api/region/${REGION}/replication/${instanceId}/csv/files`,
    headers: { authorization: `Bearer ${caller.token}`, 'account-id': orgId, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json() as ApiEnvelope<CsvFileItem>;
}

/**
 * An owner, a Viewer member and an instance that need not run (the csvFiles area, samples and point files read files
 * and sources, not the engine), in an opened world.
 */
export async function ownerViewerInstance(world: InstancesWorld, name: string): Promise<{ owner: Caller; viewer: Caller; orgId: string; id: string }> {
  const slug = name.toLowerCase().replace(/[^a-z]/g, '');
  const owner = await worldCaller(world, `${slug}.owner@example.com`, 'Owner');
  const viewer = await worldCaller(world, `${slug}.viewer@example.com`, 'Viewer');
  const orgId = await createOrg(owner, name);
  const id = (await createInstance(owner, orgId, `${name} one`, 0)).instance.id;
  await addMember(world.store, orgId, viewer, 'Viewer');
  return { owner, viewer, orgId, id };
}
