import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { DemoJob } from '@tscloud/contracts';
import { Providers } from '../../../app/Providers';
import { configureTestHttp } from '../../../testing/httpEnvironment';
import { queryClient } from '../../../data/queryClient';
import { sendJson, startTestServer, type RecordedRequest } from '../../../testing/httpServer';
import { fillJsdomGaps, ok } from '../../../testing/screenHarness';
import { DemoDialog } from './DemoDialog';
import type { ExplorerInstance } from '../context';

/** The demo data dialog against a server answering as ours does: the load goes into the open database (issue 13 item 10). */
vi.setConfig({ testTimeout: 120_000 });

const job = (status: DemoJob['status'], db: string): DemoJob => ({
  id: 'j1', app_id: 'i1', db_name: db, tables: 1000, rows_per_table: 10_000, total_rows: 10_000_000,
  rows_written: status === 'done' ? 10_000_000 : 0, percent: status === 'done' ? 100 : 0, status, error: null, started_at: 1, finished_at: status === 'done' ? 2 : null,
});
let started: string | null = null;

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = req.url.split('?')[0];
  if (req.method === 'POST' && url === '/api/region/local/data/demo/i1') {
    started = (JSON.parse(req.body) as { db_name: string }).db_name;
    return sendJson(res, ok(job('running', started)));
  }
  if (url === '/api/region/local/data/demo/i1/j1') return sendJson(res, ok(job('done', started ?? '')));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

const instance: ExplorerInstance = { id: 'i1', region_id: 'local', image_version: '3.3.0.0', ha: 0, free: true, privileges: ['db:write'] };

beforeAll(() => {
  fillJsdomGaps();
  configureTestHttp(server.origin);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  server.requests.length = 0;
  started = null;
});
afterAll(() => server.close());

const wait = { timeout: 30_000 };

describe('demo data dialog', () => {
  it('loads into the database it is opened from, then offers Done and a link to the loaded super table', async () => {
    const onClose = vi.fn();
    const onOpenStable = vi.fn();
    render(<Providers><DemoDialog instance={instance} db="plant" onClose={onClose} onOpenStable={onOpenStable} /></Providers>);
    expect((screen.getByTestId('demo-db') as HTMLInputElement).value).toBe('plant');
    expect((screen.getByTestId('demo-db') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('demo-start'));
    await waitFor(() => expect(started).toBe('plant'), wait);

    const link = await screen.findByTestId('demo-open-stable', {}, wait);
    expect(link.textContent).toBe('Open plant.meters');
    // Ended: no Cancel and no Load, only Done.
    expect(screen.queryByTestId('demo-start')).toBeNull();
    expect(screen.queryByText('Cancel')).toBeNull();
    fireEvent.click(screen.getByTestId('demo-close'));
    expect(onClose).toHaveBeenCalled();
    fireEvent.click(link);
    expect(onOpenStable).toHaveBeenCalledWith('plant', 'meters');
  });
});
