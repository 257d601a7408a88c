import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaskBody } from '@tscloud/contracts';
import { changeLanguage } from '../../i18n';
import { renderScreen } from '../../testing/screenHarness';
import { BASE, VERSION, WAIT, field, fillMqttTask, open, routes, saved, startDataInServer, tasks, type } from '../../testing/dataInServer';
import { DEFINITIONS_VERSION_KEY, definitionsEntryKey } from '../../data/dataIn/definitions';

/** The Data In screens with the real request layer against a server answering as ours does (contracts' shapes). */
vi.setConfig({ testTimeout: 120_000 });

const server = await startDataInServer();
const definitionCalls = () => server.requests.filter((r) => r.url.startsWith(`${BASE}/definitions`));
const creates = () => server.requests.filter((r) => r.method === 'POST' && r.url.startsWith(`${BASE}/task/create-data-source`));
const TOPIC_MESSAGE = 'Input format error, please refer to: `<topic name>::<QoS>`, QoS can be 0/1/2, e.g: `topic1::0,topic2::1`';

describe('Data In screens', () => {
  it('shows the 17-source catalogue in English and Chinese, searchable, stored under its version', async () => {
    open('/dataIn');
    const catalogue = await screen.findByTestId('datain-catalogue', undefined, WAIT);
    expect(within(catalogue).getAllByTestId(/^connector-/)).toHaveLength(17);
    expect(within(catalogue).getByText('Subscribes to topics of an MQTT broker.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search sources'), { target: { value: 'mqtt' } });
    await waitFor(() => expect(within(catalogue).getAllByTestId(/^connector-/)).toHaveLength(1));
    expect(localStorage.getItem(DEFINITIONS_VERSION_KEY)).toBe(JSON.stringify(VERSION));
    expect(localStorage.getItem(definitionsEntryKey(VERSION, 'en'))).toContain('MQTT');

    await changeLanguage('zh');
    try {
      expect(await screen.findByText('订阅 MQTT 代理的主题。', undefined, WAIT)).toBeTruthy();
      expect(definitionCalls().some((r) => r.url.includes('lang=zh'))).toBe(true);
      expect(within(screen.getByTestId('datain-catalogue')).getByText('数据源')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it('a reload with the stored version makes no definitions call', async () => {
    open('/dataIn');
    await screen.findAllByTestId(/^connector-/, undefined, WAIT);
    expect(definitionCalls()).toHaveLength(1);
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    const { queryClient } = await import('../../data/queryClient');
    queryClient.clear();
    server.requests.length = 0;
    renderScreen(routes, { at: '/dataIn' });
    expect(await screen.findAllByTestId(/^connector-/, undefined, WAIT)).toHaveLength(17);
    expect(definitionCalls()).toHaveLength(0);
  });

  it('the MQTT form shows the topic rule before sending and sends nothing; a duration refuses letters; its group opens and closes', async () => {
    open('/dataIn/create/mqtt');
    await screen.findByTestId('task-form', undefined, WAIT);
    fillMqttTask('sensors');
    expect(await screen.findByText(TOPIC_MESSAGE, undefined, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some fields need attention', undefined, WAIT)).toBeTruthy();
    expect(creates()).toHaveLength(0);

    // The session group holds only its defaults: collapsed; it opens on a click.
    const group = screen.getByTestId('group-session');
    expect(group.querySelector('.ant-collapse-item-active')).toBeNull();
    fireEvent.click(within(group).getByText('Session'));
    await waitFor(() => expect(group.querySelector('.ant-collapse-item-active')).not.toBeNull());
    type('keep_alive', '10s');
    expect(await screen.findByText('The value can only be a positive integer or 0', undefined, WAIT)).toBeTruthy();
    fireEvent.click(within(group).getByText('Session'));
    // A wrong value keeps its group open so the message stays in sight.
    expect(group.querySelector('.ant-collapse-item-active')).not.toBeNull();
    type('keep_alive', '30');
    await waitFor(() => expect(screen.queryByText('The value can only be a positive integer or 0')).toBeNull());
  });

  it('a saved task opens on its authentication alternative (§4) with its group open', async () => {
    open('/dataIn/tasks/t-saved/edit');
    await screen.findByTestId('task-form', undefined, WAIT);
    const auth = screen.getByTestId('auth-choice');
    expect((within(auth).getByRole('radio', { name: 'Username and password' }) as HTMLInputElement).checked).toBe(true);
    expect(field('username').value).toBe('ann');
    expect(field('keep_alive').value).toBe('30');
    expect(screen.getByTestId('group-session').querySelector('.ant-collapse-item-active')).not.toBeNull();
    // §8: the server refuses to change a running task; the refusal shows above the form and the input stays.
    type('client_id', 'c2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The data source task is running, stop it and try again', undefined, WAIT)).toBeTruthy();
    expect(field('client_id').value).toBe('c2');
    // Switching the alternative hides the other one's fields.
    fireEvent.click(within(auth).getByRole('radio', { name: 'Anonymous' }));
    await waitFor(() => expect(field('username')).toBeNull());
  });

  it('creates a task with a transform, shows its sample rows, and the task appears in the list with its status', async () => {
    const router = open('/dataIn/create/mqtt');
    await screen.findByTestId('task-form', undefined, WAIT);
    fillMqttTask('sensors::1');
    // Check connection: the server's answer either way (§8: valid=false with its message).
    type('host', 'nowhere');
    fireEvent.click(screen.getByRole('button', { name: 'Check connection' }));
    expect(await screen.findByText('The source does not answer: source is not reachable, or its version is not supported', undefined, WAIT)).toBeTruthy();
    type('host', 'broker');
    fireEvent.click(screen.getByRole('button', { name: 'Check connection' }));
    expect(await screen.findByText('The source answers', undefined, WAIT)).toBeTruthy();
    const transform = screen.getByTestId('transform-section');
    fireEvent.change(within(transform).getByPlaceholderText('meters'), { target: { value: 'meters' } });
    fireEvent.change(within(transform).getByPlaceholderText('d_${device}'), { target: { value: 'd_${device}' } });
    fireEvent.click(screen.getByTestId('transform-sample'));
    const rows = await screen.findByTestId('transform-sample-rows', undefined, WAIT);
    expect(within(rows).getByText('d_dev1')).toBeTruthy();
    expect(within(rows).getByText('21.5')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(creates()).toHaveLength(1), WAIT);
    const body = JSON.parse(creates()[0].body) as TaskBody;
    expect(body).toMatchObject({ connector: 'mqtt', name: 'plant', target_db: 'power', from_expand: { host: 'broker', port: 1883, params: { topics: 'sensors::1', client_id: 'c1' } } });
    expect(body.transform).toMatchObject({ mapping: { stable: 'meters', table: 'd_${device}' } });
    // Saved: the detail page, with metrics, then the list shows the task.
    await screen.findByTestId('task-detail', undefined, WAIT);
    await act(() => router.navigate('/dataIn'));
    const list = await screen.findByTestId('datain-tasks', undefined, WAIT);
    const row = (await within(list).findByText('plant', undefined, WAIT)).closest('tr')!;
    expect(within(row).getByTestId('task-status').textContent).toBe('Created');
    // §8: the server's refusal of a delete is shown.
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }, WAIT));
    expect(await screen.findByText('The data source task is running, stop it and try again', undefined, WAIT)).toBeTruthy();
  });

  it('the detail page shows metrics, the last error and table progress', async () => {
    tasks.push({ ...saved, id: 't1', name: 'orders-copy', status: 'running' });
    open('/dataIn/tasks/t1');
    const metrics = await screen.findByTestId('task-metrics', undefined, WAIT);
    // The counters as figures (the legend of the rows chart names them too).
    expect(within(metrics).getAllByText('Rows failed').length).toBeGreaterThan(0);
    expect(within(metrics).getByText('2.00 KB')).toBeTruthy();
    expect(screen.getByText('Last error: row refused')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Table progress' }));
    expect(await screen.findByRole('progressbar', { name: 'orders' }, WAIT)).toBeTruthy();
    // The status moves on screen while the page is open (the runner completes the task).
    expect(screen.getByText('Running')).toBeTruthy();
    tasks.find((task) => task.id === 't1')!.status = 'completed';
    expect(await screen.findByText('Completed', undefined, WAIT)).toBeTruthy();
  });

  it('a file param offers the uploaded files, and refuses an upload whose name breaks the §5 rule before sending', async () => {
    open('/dataIn/create/csv');
    await screen.findByTestId('task-form', undefined, WAIT);
    fireEvent.mouseDown(field('files'));
    expect((await screen.findAllByText('orders.csv', undefined, WAIT)).length).toBeGreaterThan(0);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['a,b'], 'bad/name.txt', { type: 'text/csv' })] } });
    expect(await screen.findByText('A CSV file name holds letters, digits, spaces and _ - . ( ), ends with .csv and has at most 255 characters', undefined, WAIT)).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST' && r.url.startsWith(`${BASE}/csv/files`))).toHaveLength(0);
  });

  it('starts and stops a task from the list, and filters the list by status', async () => {
    tasks.push({ ...saved, id: 't1', name: 'orders-copy', status: 'stopped' });
    open('/dataIn');
    const list = await screen.findByTestId('datain-tasks', undefined, WAIT);
    const row = () => within(list).getByText('orders-copy').closest('tr')!;
    await within(list).findByText('orders-copy', undefined, WAIT);
    fireEvent.click(within(row()).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(within(row()).getByTestId('task-status').textContent).toBe('Running'), WAIT);
    expect(server.requests.some((r) => r.method === 'PUT' && r.url === `${BASE}/tasks/t1/start`)).toBe(true);
    fireEvent.click(within(row()).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(within(row()).getByTestId('task-status').textContent).toBe('Stopped'), WAIT);

    fireEvent.mouseDown(screen.getByLabelText('Status'));
    fireEvent.click((await screen.findAllByText('Failed', undefined, WAIT)).at(-1)!);
    await waitFor(() => expect(server.requests.some((r) => r.url.startsWith(`${BASE}/tasks/datasource`) && r.url.includes('status=failed'))).toBe(true), WAIT);
  });
});
