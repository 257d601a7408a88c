import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { en, streamCreateSchema, streamCreateSql, type StreamItem } from '@tscloud/contracts';
import { changeLanguage } from '../../i18n';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../testing/screenHarness';
import StreamsPage from './StreamsPage';
import { StreamForm } from './StreamForm';
import { STREAM_FORM_DEFAULTS, explorerLinkOf, streamPreview, triggerOf } from './streamForm';

/** The Streams screen with the real request layer against a server answering as ours does. */
vi.setConfig({ testTimeout: 120_000 });

const stream = (name: string, status: StreamItem['status'], engine: string): StreamItem => ({
  name, status, engine_status: engine, active: status !== 'stopped', sql: `CREATE STREAM ${name} ...`, source_db: 'power', target_db: 'power',
  target_table: `${name}_out`, trigger: 'window close', watermark_ms: 0, create_time: 1_700_000_000_000,
});
const streams = [stream('alpha', 'running', 'ready'), { ...stream('beta', 'stopped', 'paused'), trigger: 'at once' }, stream('gamma', 'interrupted', 'failed'), { ...stream('delta', 'created', 'init'), trigger: 'some new trigger' }];

const instance = testInstance();

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (path === '/api/app/list') return sendJson(res, ok([instance]));
  if (path === '/api/region/local/stream/list/i1') return sendJson(res, ok(streams));
  if (path === '/api/region/local/stream/create/i1') return sendJson(res, { code: 409, message: en['error.streamExists'], data: null });
  if (path === '/api/region/local/stream/output/i1/alpha') {
    // Timestamps as the REST protocol gives them (RFC 3339); a text that only looks like a time is left alone.
    return sendJson(res, ok({ name: 'alpha', target_db: 'power', target_table: 'alpha_out', total: 1, columns: ['_wstart', 'avg_v', 'note'], rows: [['2023-11-14T22:13:20.123456Z', 220.5, 'at 22:13']] }));
  }
  if (path.startsWith('/api/region/local/stream/')) return sendJson(res, ok(streams[0]));
  if (path === '/api/data/user/dblist/i1') return sendJson(res, ok([]));
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server);

function open() {
  signIn({ instances: [instance] });
  renderScreen(<StreamsPage />);
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

describe('form rules and preview', () => {
  it('the preview is the server statement of the same body, and nothing while the form is invalid', () => {
    expect(streamPreview(STREAM_FORM_DEFAULTS)).toBeNull();
    const body = { ...STREAM_FORM_DEFAULTS, name: 'S1', source_db: 'power', source_table: 'meters', target_table: 'o' };
    expect(streamPreview(body)).toBe(streamCreateSql(streamCreateSchema.parse(body)));
    expect(streamPreview({ ...body, name: '1bad' })).toBeNull();
    expect(explorerLinkOf('power', 'o')).toBe('/explorer?db=power&stable=o');
  });

  it("reads the engine's trigger text as the form's trigger", () => {
    expect(['at once', 'window close', 'max delay', 'force window close', 'AT_ONCE', 'later'].map(triggerOf)).toEqual(['AT_ONCE', 'WINDOW_CLOSE', 'MAX_DELAY', 'FORCE_WINDOW_CLOSE', 'AT_ONCE', null]);
  });
});

describe('streams screen', () => {
  it('lists the statuses, pauses and resumes after confirmation', async () => {
    open();
    const alpha = (await screen.findByText('alpha', {}, { timeout: 30_000 })).closest('tr')!;
    expect(within(alpha).getByText('Running')).toBeTruthy();
    expect(screen.getByTestId('stream-status-beta').textContent).toBe('Stopped');
    expect(screen.getByTestId('stream-status-gamma').textContent).toBe('Interrupted');
    expect(screen.getByTestId('stream-status-delta').textContent).toBe('Created');
    expect(screen.getByTestId('stream-open-output-alpha').getAttribute('href')).toBe('/explorer?db=power&stable=alpha_out');
    // Running: pause; stopped: resume.
    expect(within(alpha).queryByRole('button', { name: 'Resume' })).toBeNull();
    fireEvent.click(within(alpha).getByRole('button', { name: 'Pause' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST' && r.url === '/api/region/local/stream/pause/i1/alpha')).toBe(true), { timeout: 30_000 });
    fireEvent.click(within(screen.getByTestId('stream-status-beta').closest('tr')!).getByRole('button', { name: 'Resume' }));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Confirm' })).at(-1)!);
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST' && r.url === '/api/region/local/stream/resume/i1/beta')).toBe(true), { timeout: 30_000 });
  });

  it("shows the trigger and the creation time in the user's language and the one date format", async () => {
    open();
    const cells = async (name: string) => [...(await screen.findByTestId(`stream-row-${name}`, {}, { timeout: 30_000 })).querySelectorAll('td')].map((td) => td.textContent);
    // 1_700_000_000_000 is 2023-11-14T22:13:20Z; the tests run the international edition (UTC).
    expect(await cells('alpha')).toEqual(expect.arrayContaining(['Window close', '2023-11-14 22:13:20']));
    expect(await cells('beta')).toContain('At once');
    // A trigger the form has no name for shows as the engine wrote it.
    expect(await cells('delta')).toContain('some new trigger');
    // The output's rows: timestamps in the edition's zone and the one format, every sub-ms digit kept.
    fireEvent.click(within(screen.getByTestId('stream-row-alpha')).getByRole('button', { name: /expand/i }));
    const output = await screen.findByTestId('stream-output-alpha', {}, { timeout: 30_000 });
    expect(await within(output).findByText('2023-11-14 22:13:20.123456', {}, { timeout: 30_000 })).toBeTruthy();
    expect(within(output).getByText('220.5')).toBeTruthy();
    expect(within(output).getByText('at 22:13')).toBeTruthy();
    await changeLanguage('zh');
    try {
      await waitFor(async () => expect(await cells('alpha')).toEqual(expect.arrayContaining(['窗口关闭时触发', '2023-11-14 22:13:20'])), { timeout: 30_000 });
      expect(await cells('beta')).toContain('立即触发');
    } finally {
      await changeLanguage('en');
    }
  });

  it('checks the rules while typing, shows the statement, and keeps the input when the name exists', async () => {
    open();
    fireEvent.click(await screen.findByTestId('stream-create', {}, { timeout: 30_000 }));
    await screen.findByTestId('stream-form');
    type('Stream name', '9bad');
    expect(await screen.findByText(en['validation.streamName'])).toBeTruthy();
    expect(screen.getByTestId('stream-sql-preview').textContent).toBe('Complete the form to see the statement');
    type('Stream name', 'AvgVolt');
    type('Source database', 'power');
    type('Source super table or table', 'meters');
    type('Output super table', 'avg_out');
    type('Interval', '0s');
    expect(await screen.findByText(en['validation.streamInterval'])).toBeTruthy();
    // months may be an interval, but then nothing slides
    type('Interval', '1n');
    type('Sliding (optional)', '1d');
    expect(await screen.findByText(en['validation.streamCalendarSliding'])).toBeTruthy();
    type('Sliding (optional)', '');
    type('Interval', '1m');
    await waitFor(() =>
      expect(screen.getByTestId('stream-sql-preview').textContent).toBe(
        'CREATE STREAM `AvgVolt` TRIGGER WINDOW_CLOSE IGNORE EXPIRED 1 FILL_HISTORY 0 INTO `power`.`avg_out` AS SELECT _wstart, count(*) AS `count_all` FROM `power`.`meters` INTERVAL(1m)',
      ),
    );
    fireEvent.click(screen.getByTestId('stream-submit'));
    expect(await screen.findByText(en['error.streamExists'], {}, { timeout: 30_000 })).toBeTruthy();
    const sent = server.requests.find((r) => r.url === '/api/region/local/stream/create/i1');
    expect(sent && JSON.parse(sent.body)).toMatchObject({ name: 'AvgVolt', source_db: 'power', source_table: 'meters', target_table: 'avg_out', interval: '1m' });
    expect(input('Stream name').value).toBe('AvgVolt');
    expect(input('Output super table').value).toBe('avg_out');
  });

  it("writes the form in 3.3.7's trigger model on an instance of a TDengine 3.3.7 cluster, with that grammar's triggers", async () => {
    signIn({ instances: [instance] });
    renderScreen(<StreamForm instance={testInstance({ stream_model: 'triggers', image_version: '3.3.7.5' })} onCreated={() => {}} onCancel={() => {}} />);
    expect((await screen.findByTestId('stream-trigger-model', {}, { timeout: 30_000 })).textContent).toContain('TDengine 3.3.7.5');
    type('Stream name', 'avg_v');
    type('Source database', 'power');
    type('Source super table or table', 'meters');
    type('Output super table', 'avg_out');
    await waitFor(() =>
      expect(screen.getByTestId('stream-sql-preview').textContent).toBe(
        'CREATE STREAM `power`.`avg_v` INTERVAL(1m) SLIDING(1m) FROM `power`.`meters` STREAM_OPTIONS(IGNORE_DISORDER|IGNORE_NODATA_TRIGGER) INTO `power`.`avg_out` AS SELECT _twstart, count(*) AS `count_all` FROM %%trows',
      ),
    );
    // 3.3.7 has no AT_ONCE: the trigger list offers its own two
    fireEvent.mouseDown(screen.getByLabelText('Trigger'));
    expect(await screen.findAllByText('Max delay')).not.toHaveLength(0);
    expect(screen.queryByText('At once')).toBeNull();
    // the classic form keeps an expression grouping; 3.3.7 groups by tbname or tags only
    type('PARTITION BY (optional), e.g. tbname', 'site % 2');
    expect(await screen.findByText(en['validation.streamPartitionTags'])).toBeTruthy();
  });
});
