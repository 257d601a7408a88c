import type { ServerResponse } from 'node:http';
import { fireEvent } from '@testing-library/react';
import { connectorDefinition, connectorDefinitions, fromExpandOf, type Language, type TaskBody, type TaskDetails, type TaskListItem } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from './httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from './screenHarness';
import { echarts } from '../pages/explorer/console/results/echarts';
import DataInPage from '../pages/dataIn/DataInPage';
import TaskCreatePage from '../pages/dataIn/TaskCreatePage';
import TaskDetailPage from '../pages/dataIn/TaskDetailPage';
import TaskEditPage from '../pages/dataIn/TaskEditPage';

/**
 * The Data In screens' test server: answers as ours does (contracts' shapes, the real contracts definitions), shared
 * by the Data In screen tests. Test-only helper.
 */
export const VERSION = 'v-test';
export const BASE = '/api/region/local/replication/i1';
export const instance = testInstance();
export const tasks: TaskListItem[] = [];
export const mqttEn = connectorDefinition('mqtt', 'en')!;
// A saved MQTT task with a username and password (§4: plain is chosen) and a keep alive of 30 s (not the default 60).
const savedValues = { host: 'broker', port: 1883, protocol: 'mqtt', username: 'ann', password: 'secret', client_id: 'c1', version: '5.0', topics: 'a::1', clean_session: true, keep_alive: 30 };
export const saved: TaskDetails = {
  id: 't-saved', name: 'saved', connector: 'mqtt', target_db: 'power', labels: 'ds', status: 'stopped', status_reason: null, rows_written: 0, created_by: 'u1',
  created_at: 1_700_000_000_000, updated_at: 1_700_000_000_000, started_at: null, stopped_at: null,
  from_expand: fromExpandOf(mqttEn, savedValues), from_detail: mqttEn, transform: {},
};

export function answer(req: RecordedRequest, res: ServerResponse) {
  const url = new URL(req.url, 'http://x');
  const path = url.pathname;
  if (path === '/api/app/list') return sendJson(res, ok([instance]));
  if (path === `${BASE}/definitions`) {
    const lang = (url.searchParams.get('lang') ?? 'en') as Language;
    return sendJson(res, ok({ version: VERSION, definitions: connectorDefinitions(lang) }));
  }
  if (path === '/api/data/user/dblist/i1') return sendJson(res, ok([{ databaseName: 'power', privileges: ['db:write'] }]));
  if (path === `${BASE}/tasks/datasource`) return sendJson(res, ok({ list: tasks, total: tasks.length, current_page: 1, page_size: 10 }));
  if (path === `${BASE}/task/create-data-source`) {
    const body = JSON.parse(req.body) as TaskBody;
    const task: TaskListItem = { ...saved, id: `t${tasks.length + 1}`, name: body.name, target_db: body.target_db, connector: body.connector, status: 'created' };
    tasks.push(task);
    return sendJson(res, ok(task));
  }
  if (path === `${BASE}/task/details`) {
    const id = url.searchParams.get('id');
    const lang = (url.searchParams.get('lang') ?? 'en') as Language;
    const listed = tasks.find((t) => t.id === id);
    if (id === saved.id || listed) return sendJson(res, ok({ ...saved, ...listed, from_detail: connectorDefinition('mqtt', lang) }));
    return sendJson(res, { code: 404, message: 'Not found', data: null });
  }
  const action = /\/tasks\/([^/]+)\/(start|stop)$/.exec(path);
  if (action && req.method === 'PUT') {
    const task = tasks.find((x) => x.id === action[1])!;
    task.status = action[2] === 'start' ? 'running' : 'stopped';
    return sendJson(res, ok(task));
  }
  if (path === `${BASE}/tasks` && req.method === 'PUT') return sendJson(res, { code: 400, message: 'The data source task is running, stop it and try again', data: null });
  if (path.startsWith(`${BASE}/task/datasource/`)) return sendJson(res, { code: 400, message: 'The data source task is running, stop it and try again', data: null });
  if (path === `${BASE}/csv/files`) {
    return sendJson(res, ok([{ name: 'orders.csv', size: 10, modified: 1 }]));
  }
  if (path === `${BASE}/ds/in/validate`) {
    const { values } = JSON.parse(req.body) as { values: Record<string, unknown> };
    return sendJson(res, ok(values.host === 'broker' ? { valid: true } : { valid: false, message: 'source is not reachable, or its version is not supported' }));
  }
  if (path === `${BASE}/transform/sample/flat`) {
    return sendJson(res, ok({ records: 1, rows: [{ stable: 'meters', table: 'd_dev1', tags: { device: 'dev1' }, columns: { ts: 1_700_000_000_000, temp: 21.5 } }], failed: [] }));
  }
  if (path.endsWith('/metrics')) return sendJson(res, ok({ task_id: 't1', status: 'running', rows_read: 10, rows_written: 9, rows_failed: 1, bytes: 2048, rate: 3, lag_ms: 500, last_error: 'row refused', updated_at: 1 }));
  if (path.endsWith('/table_progress')) return sendJson(res, ok({ tables: [{ name: 'orders', done: 50, total: 100, percent: 50 }] }));
  if (path.endsWith('/activities')) return sendJson(res, ok({ list: [], total: 0, current_page: 1, page_size: 50 }));
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
}

/**
 * Starts the server for a test file (call at its top level): `before` answers what a test adds (true when it did),
 * the rest as above. Resets the local store and the task list after each test.
 */
export async function startDataInServer(before?: (req: RecordedRequest, res: ServerResponse) => boolean | Promise<boolean>) {
  const server = await startTestServer((req, res) => {
    void Promise.resolve(before?.(req, res) ?? false).then((answered) => answered || answer(req, res));
  });
  useScreenTest(server, {
    // jsdom has no canvas to measure text with: a fixed width per character.
    beforeAll: () => echarts.setPlatformAPI({ measureText: (text: string) => ({ width: text.length * 7 }) }),
    reset: () => {
      localStorage.clear();
      tasks.length = 0;
    },
  });
  return server;
}

export const routes = [
  { path: '/dataIn', element: <DataInPage /> },
  { path: '/dataIn/create/:connector', element: <TaskCreatePage /> },
  { path: '/dataIn/tasks/:id', element: <TaskDetailPage /> },
  { path: '/dataIn/tasks/:id/edit', element: <TaskEditPage /> },
];
export function open(at: string) {
  signIn({ instances: [instance] });
  return renderScreen(routes, { at });
}
export const WAIT = { timeout: 30_000 };
export const field = (name: string) => document.getElementById(`field-${name}`) as HTMLInputElement;
export const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });


/** Fills a new MQTT task's required fields (task `plant` into `power`, broker `broker`, client `c1`) with `topics`. */
export function fillMqttTask(topics: string) {
  type('task_name', 'plant');
  type('task_target', 'power');
  type('host', 'broker');
  type('client_id', 'c1');
  type('topics', topics);
}
