import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { en, pointFileColumns, pointRowProblems, type PointPage } from '@tscloud/contracts';
import { sendJson } from '../../../testing/httpServer';
import { ok, renderScreen, signIn } from '../../../testing/screenHarness';
import { BASE, WAIT, instance, startDataInServer } from '../../../testing/dataInServer';
import PointFilePage from './PointFilePage';

/**
 * The OPC point-file page against a server answering as ours does (contracts' columns and row check): the file paged
 * by the server, a wrong cell marked with its reason, the counts, the page size, a task without a point file.
 */
vi.setConfig({ testTimeout: 60_000 });

const columns = [...pointFileColumns('opcua'), 'site'];
const rows = Array.from({ length: 30 }, (_, i) => {
  const values = Object.fromEntries(columns.map((c) => [c, ''])) as Record<string, string>;
  Object.assign(values, { point_id: `ns=3;i=${1000 + i}`, stable: i === 3 ? '' : 'opc_{type}', tbname: `t_${i}`, enable: '1', site: 'plant' });
  return { line: i + 2, values, problems: pointRowProblems('opcua', values).map((p) => ({ column: p.column, message: en[p.message] })) };
});

const server = await startDataInServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === `${BASE}/ds/in/point/file/download/task`) {
    if (url.searchParams.get('from') === 'by-pattern') sendJson(res, { code: 400, message: 'The task has no point file', data: null });
    else sendJson(res, ok({ ticket: 'tk1', file: 'points.csv', driver: 'opcua' }));
    return true;
  }
  if (url.pathname === `${BASE}/ds/in/point/data/page`) {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('page_size'));
    const answer: PointPage = {
      file: 'points.csv', driver: 'opcua', columns, tags: ['site'], rows: rows.slice((page - 1) * size, page * size), total: rows.length,
      invalid: rows.filter((r) => r.problems.length > 0).length, missing_columns: [], page, page_size: size,
    };
    sendJson(res, ok(answer));
    return true;
  }
  return false;
});

function open(at: string) {
  signIn({ instances: [instance] });
  return renderScreen([{ path: '/dataIn/points/:via/:from', element: <PointFilePage /> }], { at });
}

describe('OPC point-file page', () => {
  it("pages through a task's point file, marking a wrong cell with its reason", async () => {
    open('/dataIn/points/task/t-opc');
    const page = await screen.findByTestId('point-file', undefined, WAIT);
    expect(within(page).getByText('Point file points.csv')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('point-counts').textContent).toBe('30 points, 1 with problems'), WAIT);
    expect(screen.getAllByText('site (tag)').length).toBeGreaterThan(0);
    const wrong = document.querySelector('[aria-invalid="true"]')!;
    expect(wrong.getAttribute('data-problem')).toBe('The point id, super table and child table are required');
    expect(screen.getByText('ns=3;i=1019')).toBeTruthy();
    expect(screen.queryByText('ns=3;i=1020')).toBeNull();

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(screen.getByText('ns=3;i=1029')).toBeTruthy(), WAIT);
    const asked = server.requests.filter((r) => r.url.includes('/ds/in/point/data/page')).map((r) => new URL(r.url, 'http://x').searchParams.get('page'));
    expect(asked).toContain('2');
  });

  it('says so when the task has no point file', async () => {
    open('/dataIn/points/task/by-pattern');
    expect((await screen.findByTestId('point-file-error', undefined, WAIT)).textContent).toContain('The task has no point file');
  });
});
