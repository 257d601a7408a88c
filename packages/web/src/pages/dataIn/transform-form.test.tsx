import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Engine } from 'tscloud-engine';
import type { TaskBody } from '@tscloud/contracts';
import { engineSqlResult } from '../../testing/engineSql';
import { sendJson } from '../../testing/httpServer';
import { ok } from '../../testing/screenHarness';
import { BASE, WAIT, field, fillMqttTask, open, startDataInServer } from '../../testing/dataInServer';

/**
 * The task form's transform mapping editor (rows of name / source field / type, the timestamp, the zone, the target
 * database's precision) and its time params (picker or relative), against the Data In test server; the target
 * database's precision comes from a real engine through the SQL call.
 */
vi.setConfig({ testTimeout: 120_000 });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-datain-transform-'));
const engine = await Engine.open({ dataDir: dir, limits: {} });
await engine.execute("CREATE DATABASE power PRECISION 'us'", { user: 'root' });
/** The sample call's answer for the next request: a refusal naming a transform field, or the default rows. */
let sampleRefusal: { message: string; field: string } | null = null;

const server = await startDataInServer(async (req, res) => {
  const url = req.url.split('?')[0];
  if (url === '/api/region/local/data/sql/i1') {
    sendJson(res, ok(await engineSqlResult(engine, JSON.parse(req.body).sql as string)));
    return true;
  }
  if (url === `${BASE}/transform/sample/flat` && sampleRefusal) {
    sendJson(res, { code: 400, message: sampleRefusal.message, data: { field: sampleRefusal.field } });
    return true;
  }
  return false;
});
afterAll(async () => {
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const creates = () => server.requests.filter((r) => r.method === 'POST' && r.url.startsWith(`${BASE}/task/create-data-source`));
const samples = () => server.requests.filter((r) => r.url.startsWith(`${BASE}/transform/sample/flat`));
/** Picks an option of an antd select (the last match: the open dropdown's). */
async function choose(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select);
  fireEvent.click((await screen.findAllByText(option, undefined, WAIT)).at(-1)!);
}

describe('Data In task form: transform mapping and time params', () => {
  it('maps columns and tags by name, source field and type, with the target database precision; a message under its row', async () => {
    open('/dataIn/create/mqtt');
    await screen.findByTestId('task-form', undefined, WAIT);
    fillMqttTask('sensors::1');
    const transform = screen.getByTestId('transform-section');
    fireEvent.change(within(transform).getByPlaceholderText('meters'), { target: { value: 'meters' } });
    fireEvent.change(within(transform).getByPlaceholderText('d_${device}'), { target: { value: 'd_${device}' } });
    // The target database's precision (us, read from the engine) until the user picks one.
    await waitFor(() => expect(within(screen.getByTestId('mapping-timestamp')).getByTitle('us')).toBeTruthy(), WAIT);

    fireEvent.click(within(transform).getByRole('button', { name: 'Add column' }));
    fireEvent.click(within(transform).getByRole('button', { name: 'Add column' }));
    fireEvent.click(within(transform).getByRole('button', { name: 'Add tag' }));
    fireEvent.change(screen.getByLabelText('Column 1 name'), { target: { value: 'temp' } });
    fireEvent.change(screen.getByLabelText('Column 1 source field'), { target: { value: 'data.values[0]' } });
    await choose(field('columns.0.type'), 'FLOAT');
    fireEvent.change(screen.getByLabelText('Tag 1 name'), { target: { value: 'device' } });
    fireEvent.change(field('timestampField'), { target: { value: 'at' } });
    await choose(field('timestampFormat'), 'RFC 3339 text');
    // Column 2 has no name: the message sits under that row, nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const second = field('columns.1.name').closest('.ant-form-item')! as HTMLElement;
    expect(await within(second).findByText('This field is required', undefined, WAIT)).toBeTruthy();
    expect(creates()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Column 2' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(creates()).toHaveLength(1), WAIT);
    const body = JSON.parse(creates()[0].body) as TaskBody;
    expect(body.transform).toEqual({
      parser: { type: 'json' },
      extract: [],
      mapping: {
        stable: 'meters',
        table: 'd_${device}',
        timestamp: { column: 'ts', field: 'at', format: 'rfc3339', timezone: 'UTC' },
        precision: 'us',
        tags: [{ name: 'device', type: 'VARCHAR' }],
        columns: [{ name: 'temp', field: 'data.values[0]', type: 'FLOAT' }],
      },
    });
  });

  it('sample: a refusal naming a row field shows under that row; the display zone goes as tz', async () => {
    open('/dataIn/create/mqtt');
    await screen.findByTestId('task-form', undefined, WAIT);
    const transform = screen.getByTestId('transform-section');
    fireEvent.change(within(transform).getByPlaceholderText('meters'), { target: { value: 'meters' } });
    fireEvent.change(within(transform).getByPlaceholderText('d_${device}'), { target: { value: 'd_${device}' } });
    fireEvent.click(within(transform).getByRole('button', { name: 'Add tag' }));
    fireEvent.change(screen.getByLabelText('Tag 1 name'), { target: { value: 'device' } });
    // A sample the server refuses for a row's field: the message under that row.
    sampleRefusal = { message: 'A new field cannot be named ts, topic or qos', field: 'transform.mapping.tags.0.field' };
    fireEvent.click(screen.getByTestId('transform-sample'));
    const tagField = field('tags.0.field').closest('.ant-form-item')! as HTMLElement;
    expect(await within(tagField).findByText('A new field cannot be named ts, topic or qos', undefined, WAIT)).toBeTruthy();
    sampleRefusal = null;
    fireEvent.click(screen.getByTestId('transform-sample'));
    await screen.findByTestId('transform-sample-rows', undefined, WAIT);
    expect(new URL(samples().at(-1)!.url, 'http://x').searchParams.get('tz')).toBe('UTC');
  });

  it('time params: a relative time or a date-time picker, with the §5 backfill rule shown', async () => {
    open('/dataIn/create/pibackfill');
    await screen.findByTestId('task-form', undefined, WAIT);
    // The definition's start is 10 days ago: a relative time.
    expect(field('start_time').value).toBe('-10d');
    const endItem = field('end_time').closest('.ant-form-item')! as HTMLElement;
    await choose(within(endItem).getByLabelText('Time kind'), 'Relative');
    fireEvent.change(field('end_time'), { target: { value: '-20d' } });
    const startItem = field('start_time').closest('.ant-form-item')! as HTMLElement;
    expect(await within(startItem).findByText('The start time cannot be later than the end time', undefined, WAIT)).toBeTruthy();
    // As a date and time: the instant 10 days ago, shown in the display zone; still after the end.
    await choose(within(startItem).getByLabelText('Time kind'), 'Date and time');
    await waitFor(() => expect(field('start_time').value).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), WAIT);
    expect(within(startItem).getByText('The start time cannot be later than the end time')).toBeTruthy();
    fireEvent.change(field('end_time'), { target: { value: '-1h' } });
    await waitFor(() => expect(within(startItem).queryByText('The start time cannot be later than the end time')).toBeNull(), WAIT);
  });
});
