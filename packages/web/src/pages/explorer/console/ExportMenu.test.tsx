import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { ExportTicket } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../../testing/screenHarness';
import { ExportMenu } from './ExportMenu';

/** The export menu with the real request layer: the chosen format is posted, and the ticket's URL opened as a download link. */
vi.setConfig({ testTimeout: 60_000 });

const instance = testInstance();
const ticketOf = (format: string): ExportTicket => ({
  url: `/api/region/local/data/sql/export/i1/download/ticket-${format}`,
  expires_at: '2026-11-26T20:00:00.000Z',
  file_name: `query-2026-11-26T19-59-00-000Z.${format}`,
});

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (path === '/api/region/local/data/sql/export/i1') return sendJson(res, ok(ticketOf((JSON.parse(req.body) as { format: string }).format)));
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});
useScreenTest(server);

const exportCalls = () => server.requests.filter((r) => r.url === '/api/region/local/data/sql/export/i1').map((r) => JSON.parse(r.body) as object);

/** The links the menu clicked (jsdom does not navigate). */
function recordLinks(): Array<{ href: string | null; download: string }> {
  const opened: Array<{ href: string | null; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    opened.push({ href: this.getAttribute('href'), download: this.download });
  });
  return opened;
}

afterEach(() => vi.restoreAllMocks());

async function choose(format: string) {
  fireEvent.click(await screen.findByRole('button', { name: /Export/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name: format }));
}

describe('ExportMenu', () => {
  it('posts the statement, format and current database, then opens the ticket URL as a download link', async () => {
    const opened = recordLinks();
    signIn({ instances: [instance] });
    renderScreen(<ExportMenu instance={instance} sql="select * from meters" query database="power" />);
    await choose('JSON Lines (.jsonl)');
    await waitFor(() => expect(opened).toEqual([{ href: ticketOf('jsonl').url, download: ticketOf('jsonl').file_name }]));
    expect(exportCalls()).toEqual([{ sql: 'select * from meters', format: 'jsonl', db: 'power' }]);
    expect(await screen.findByText('The download has started: your browser saves the file as it arrives.')).toBeTruthy();

    await choose('Parquet');
    await waitFor(() => expect(opened.map((l) => l.href)).toEqual([ticketOf('jsonl').url, ticketOf('parquet').url]));
    expect(exportCalls()[1]).toEqual({ sql: 'select * from meters', format: 'parquet', db: 'power' });
  });

  it('sends no database when none is current', async () => {
    const opened = recordLinks();
    signIn({ instances: [instance] });
    renderScreen(<ExportMenu instance={instance} sql="select * from power.meters" query database={null} />);
    await choose('CSV');
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(exportCalls()).toEqual([{ sql: 'select * from power.meters', format: 'csv' }]);
  });

  it('refuses a result that is not a query before calling the server', async () => {
    const opened = recordLinks();
    signIn({ instances: [instance] });
    renderScreen(<ExportMenu instance={instance} sql="show databases" query={false} database={null} />);
    await choose('CSV');
    expect(await screen.findByText('export only for query results')).toBeTruthy();
    expect(exportCalls()).toEqual([]);
    expect(opened).toEqual([]);
  });
});
