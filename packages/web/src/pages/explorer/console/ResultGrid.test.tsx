import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SqlColumnMeta } from '@tscloud/contracts';
import '../../../i18n';
import { fillJsdomGaps } from '../../../testing/screenHarness';
import { ResultGrid } from './ResultGrid';

/**
 * The grid of a result longer than the rows held: sorting works over the first 1000 rows read, and turning sort off
 * again reads the first page back when the grid had turned past it (only one page of 1000 is held).
 */
beforeAll(fillJsdomGaps);
afterEach(cleanup);

const columns: SqlColumnMeta[] = [['ts', 'TIMESTAMP', 8], ['v', 'BIGINT', 8]];
const rowAt = (i: number) => [new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(), BigInt(i)];
const TOTAL = 1200;
const pageOf = (offset: number) => Array.from({ length: Math.min(1000, TOTAL - offset) }, (_, i) => rowAt(offset + i));

const values = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.querySelectorAll('td')[1].textContent);
const pageButton = (n: string) => within(document.querySelector<HTMLElement>('.ant-pagination')!).getByTitle(n);
const header = (name: string) => screen.getAllByText(name, { selector: '.ant-table-thead span[title]' })[0];

describe('result grid', () => {
  it('sorts over the rows held, pages what it keeps, and reads the first page back when sort is turned off', async () => {
    const reads: number[] = [];
    const readRows = async (offset: number) => {
      reads.push(offset);
      return pageOf(offset);
    };
    render(<ResultGrid columns={columns} rows={pageOf(0)} total={TOTAL} readRows={readRows} timeZone="UTC" />);
    expect(values()[0]).toBe('0');
    expect(pageButton('120')).toBeTruthy();

    // the last page is past the first 1000 rows: the page of 1000 holding it is read
    fireEvent.click(pageButton('120'));
    await waitFor(() => expect(values()).toEqual(Array.from({ length: 10 }, (_, i) => String(1190 + i))));
    expect(reads).toEqual([1000]);

    // sorted descending over the first 1000 rows: 999 first, 100 pages, no read
    fireEvent.click(header('v'));
    fireEvent.click(header('v'));
    await waitFor(() => expect(values()[0]).toBe('999'));
    expect(pageButton('100')).toBeTruthy();
    expect(screen.queryByTitle('120')).toBeNull();
    expect(reads).toEqual([1000]);

    // sort off: page 1 of the result as read, the first page read again
    fireEvent.click(header('v'));
    await waitFor(() => expect(values()[0]).toBe('0'));
    expect(reads).toEqual([1000, 0]);
    expect(pageButton('120')).toBeTruthy();
  });

  it('shows EXPLAIN\'s QUERY_PLAN lines whole, in monospace with their indentation kept', () => {
    const plan: SqlColumnMeta[] = [['QUERY_PLAN', 'VARCHAR', 16384]];
    const lines = ['-> Projection (columns=2 width=12 input_order=asc )', '   -> Table Scan on d0 (columns=2 width=12 order=[asc|1 desc|0] mode=ts_order data_load=data)'];
    render(<ResultGrid columns={plan} rows={lines.map((l) => [l])} timeZone="UTC" />);
    const cells = [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row td:first-child span')];
    expect(cells.map((c) => c.textContent)).toEqual(lines);
    expect(cells[1].style.whiteSpace).toBe('pre');
    expect(cells[1].style.fontFamily).toBe('monospace');
    expect(document.querySelector('.ant-table-tbody td.ant-table-cell-ellipsis')).toBeNull();
    cleanup();
    // other columns keep the plain, ellipsed cells
    render(<ResultGrid columns={columns} rows={pageOf(0).slice(0, 2)} timeZone="UTC" />);
    expect(document.querySelector('.ant-table-tbody td.ant-table-cell-ellipsis')).not.toBeNull();
    expect(document.querySelector('.ant-table-tbody td span[style]')).toBeNull();
  });
});
