import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import type { ServerResponse } from 'node:http';
import { connectorDefinitions, type CsvFileItem } from '@tscloud/contracts';
import { changeLanguage } from '../../i18n';
import { formatDateTime } from '../../config/format';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../testing/screenHarness';
import CsvFilesPage from './files/CsvFilesPage';
import ConnectorDocsPage from './docs/ConnectorDocsPage';
import { Catalogue } from './Catalogue';

/** The CSV files area and the source docs with the real request layer against a server answering as ours does. */
vi.setConfig({ testTimeout: 120_000 });
// Node's fetch sends only its own FormData and File (jsdom's arrive as "fetch failed"): the upload is built with them,
// as a browser builds it with its own.
const NodeFormData = (await new Response(new URLSearchParams('a=b')).formData()).constructor as typeof FormData;
vi.stubGlobal('FormData', NodeFormData);

const BASE = '/api/region/local/replication/i1';
const instance = testInstance();
const MODIFIED = 1_767_225_600_000;
const IN_USE = 'The file is used by the data source task nightly, which is running; stop it and try again';
const NAME_RULE = 'A CSV file name holds letters, digits, spaces and _ - . ( ), ends with .csv and has at most 255 characters';
const files: CsvFileItem[] = [];

function answer(req: RecordedRequest, res: ServerResponse) {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path === '/api/app/list') return sendJson(res, ok([instance]));
  if (path === `${BASE}/csv/files` && req.method === 'GET') return sendJson(res, ok(files));
  if (path === `${BASE}/csv/files` && req.method === 'POST') {
    const name = /filename="([^"]+)"/.exec(req.body)?.[1] ?? '';
    // The server's own refusal (here: a size limit), shown as it answers.
    if (name === 'huge.csv') return sendJson(res, { code: 400, message: 'The file is larger than 1024 MB', data: null });
    const item = { name, size: 3, modified: MODIFIED, used_by: [] };
    files.splice(0, files.length, ...files.filter((f) => f.name !== name), item);
    return sendJson(res, ok(item));
  }
  const named = path.startsWith(`${BASE}/csv/files/`) ? path.slice(`${BASE}/csv/files/`.length) : null;
  if (named && req.method === 'DELETE') {
    const file = files.find((f) => f.name === named);
    if (file?.used_by?.some((u) => u.active)) return sendJson(res, { code: 409, message: IN_USE, data: null });
    files.splice(files.indexOf(file!), 1);
    return sendJson(res, ok(null));
  }
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
}

const server = await startTestServer(answer);
useScreenTest(server, { reset: () => files.splice(0) });

const routes = [
  { path: '/dataIn/csvFiles', element: <CsvFilesPage /> },
  { path: '/dataIn/docs/:category/:lang', element: <ConnectorDocsPage /> },
  { path: '/dataIn/create/:connector', element: <p>create form</p> },
  { path: '/catalogue', element: <Catalogue definitions={[...connectorDefinitions('en')]} /> },
];
function open(at: string) {
  signIn({ instances: [instance] });
  return renderScreen(routes, { at });
}
const WAIT = { timeout: 30_000 };
const uploads = () => server.requests.filter((r) => r.method === 'POST' && r.url.startsWith(`${BASE}/csv/files`));
const deletes = () => server.requests.filter((r) => r.method === 'DELETE');
const chooseFile = (name: string) => fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new NodeFile(['a,b'], name, { type: 'text/csv' })] } });
// Text queries, not role queries: computing roles over antd's tree is what made this file slow.
const linkOf = (text: string) => screen.getByText(text).closest('a')!.getAttribute('href');
const rowOf = async (name: string) => (await within(await screen.findByTestId('csv-files', undefined, WAIT)).findByText(name, undefined, WAIT)).closest('tr')!;

describe('Data In: CSV files and source docs', () => {
  it('lists the files with readable sizes, times and the tasks using them', async () => {
    files.push({ name: 'meters.csv', size: 1536, modified: MODIFIED, used_by: [{ id: 't9', name: 'nightly', active: true }] });
    open('/dataIn/csvFiles');
    const row = await rowOf('meters.csv');
    expect(within(row).getByText('1.50 KB')).toBeTruthy();
    expect(within(row).getByText(formatDateTime(MODIFIED))).toBeTruthy();
    expect(within(row).getByText('nightly').closest('a')!.getAttribute('href')).toBe('/dataIn/tasks/t9');
    expect(within(row).getByText('running')).toBeTruthy();
  });

  it('empty, offers a CSV task; refuses a bad name before sending, shows the server refusal, asks before replacing a file', async () => {
    open('/dataIn/csvFiles');
    expect(await screen.findByText('No CSV files yet', undefined, WAIT)).toBeTruthy();
    expect(linkOf('Create a CSV task')).toBe('/dataIn/create/csv');
    // The sub-navigation leads to the other sections.
    expect(linkOf('Agents')).toBe('/dataIn/dataCollectionAgents');
    expect(linkOf('Docs')).toBe('/dataIn/docs/mqtt/en');

    chooseFile('bad;name.csv');
    expect(await screen.findByText(NAME_RULE, undefined, WAIT)).toBeTruthy();
    expect(uploads()).toHaveLength(0);

    chooseFile('huge.csv');
    await waitFor(() => expect(uploads()).toHaveLength(1), WAIT);
    expect(await screen.findByText('The file is larger than 1024 MB', undefined, WAIT)).toBeTruthy();

    chooseFile('meters.csv');
    await rowOf('meters.csv');
    expect(uploads()).toHaveLength(2);
    chooseFile('meters.csv');
    expect(await screen.findByText('Replace meters.csv?', undefined, WAIT)).toBeTruthy();
    expect(uploads()).toHaveLength(2);
    fireEvent.click(screen.getByText('Replace'));
    await waitFor(() => expect(uploads()).toHaveLength(3), WAIT);
    expect(uploads()[2].body).toContain('filename="meters.csv"');
  });

  it('deletes a file after confirming, and shows the refusal of one a running task reads', async () => {
    files.push({ name: 'old.csv', size: 10, modified: MODIFIED, used_by: [{ id: 't1', name: 'archive', active: false }] });
    files.push({ name: 'live.csv', size: 10, modified: MODIFIED, used_by: [{ id: 't2', name: 'nightly', active: true }] });
    open('/dataIn/csvFiles');
    fireEvent.click(within(await rowOf('old.csv')).getByText('Delete'));
    // The confirmation warns about the stopped task that names the file; nothing is sent before OK.
    expect(await screen.findByText('The tasks archive import this file: they fail when started again.', undefined, WAIT)).toBeTruthy();
    expect(deletes()).toHaveLength(0);
    fireEvent.click(screen.getAllByText('OK').at(-1)!);
    await waitFor(() => expect(screen.queryByText('old.csv')).toBeNull(), WAIT);
    expect(deletes()).toHaveLength(1);

    fireEvent.click(within(await rowOf('live.csv')).getByText('Delete'));
    expect(await screen.findByText('The running task nightly reads this file: stop it first.', undefined, WAIT)).toBeTruthy();
    fireEvent.click(screen.getAllByText('OK').at(-1)!);
    expect(await screen.findByText(IN_USE, undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('live.csv')).toBeTruthy();
  });

  it('documents a source in English and in Chinese: setup, examples, transform and every field of its form', async () => {
    open('/dataIn/docs/mqtt/en');
    const docs = await screen.findByTestId('connector-docs', undefined, WAIT);
    expect(within(docs).getByText('Setting up the source')).toBeTruthy();
    expect(within(docs).getByText('factory/+/meters::1,factory/alarms/#::2')).toBeTruthy();
    const reference = within(docs).getByTestId('field-reference');
    // Generated from the definition: label, key, required mark, description, default with its unit, range.
    const topics = within(reference).getByText('topics').closest('tr')!;
    expect(within(topics).getByText('Topics')).toBeTruthy();
    expect(within(topics).getByText('required')).toBeTruthy();
    expect(within(topics).getByText('Comma-separated entries of <topic name>::<QoS>, QoS 0, 1 or 2')).toBeTruthy();
    const keepAlive = within(reference).getByText('keep_alive').closest('tr')!;
    expect(within(keepAlive).getByText('60 s')).toBeTruthy();
    expect(within(keepAlive).getByText(/at least 1/)).toBeTruthy();
    cleanup();

    await changeLanguage('zh');
    try {
      open('/dataIn/docs/mqtt/zh');
      const chinese = await screen.findByTestId('connector-docs', undefined, WAIT);
      expect(within(chinese).getByText('准备数据源')).toBeTruthy();
      expect(within(chinese).getByText('订阅主题', { selector: '.ant-card-head-title' })).toBeTruthy();
      const row = within(within(chinese).getByTestId('field-reference')).getByText('topics').closest('tr')!;
      expect(within(row).getByText('以逗号分隔的 <主题名>::<QoS>，QoS 为 0、1 或 2')).toBeTruthy();
      expect(within(row).getByText('必填')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it('a source whose tasks do not run yet has its generated reference; an unknown source or language is not found', async () => {
    open('/dataIn/docs/kafka/en');
    const docs = await screen.findByTestId('connector-docs', undefined, WAIT);
    expect(within(docs).getByText('Tasks of this source cannot run yet: its fields are listed for reference.')).toBeTruthy();
    expect(docs.querySelectorAll('tbody tr').length).toBeGreaterThan(5);
    cleanup();

    for (const at of ['/dataIn/docs/nosuch/en', '/dataIn/docs/mqtt/fr']) {
      open(at);
      expect(await screen.findByText('No documentation here', undefined, WAIT)).toBeTruthy();
      expect(linkOf('Documentation of MQTT')).toBe('/dataIn/docs/mqtt/en');
      cleanup();
    }
  });

  it('each catalogue card links to its docs; following the link does not open the create form', async () => {
    const router = open('/catalogue');
    const card = await screen.findByTestId('connector-postgres', undefined, WAIT);
    const docs = within(card).getByText('Docs');
    expect(docs.closest('a')!.getAttribute('href')).toBe('/dataIn/docs/postgres/en');
    fireEvent.click(docs);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dataIn/docs/postgres/en'), WAIT);
    expect(await screen.findByText('Setting up the source', undefined, WAIT)).toBeTruthy();
  });
});
