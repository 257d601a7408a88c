import { describe, expect, it } from 'vitest';
import { fetchAll, type PageRequest } from './fetchAll';

function pagedSource(total: number) {
  const rows = Array.from({ length: total }, (_, i) => i);
  const calls: PageRequest[] = [];
  const fetchPage = async (page: PageRequest) => {
    calls.push(page);
    const start = (page.current_page - 1) * page.page_size;
    return { list: rows.slice(start, start + page.page_size), total, current_page: page.current_page, page_size: page.page_size };
  };
  return { calls, fetchPage };
}

describe('fetchAll', () => {
  it('asks with current_page and page_size 10000 and stops when all rows are in', async () => {
    const source = pagedSource(25);
    expect(await fetchAll(source.fetchPage)).toHaveLength(25);
    expect(source.calls).toEqual([{ current_page: 1, page_size: 10_000 }]);
  });
  it('repeats until every row is collected', async () => {
    const source = pagedSource(25);
    const rows = await fetchAll(source.fetchPage, 10);
    expect(rows).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(source.calls.map((c) => c.current_page)).toEqual([1, 2, 3]);
  });
  it('stops on an empty page even when total over-reports', async () => {
    let calls = 0;
    const rows = await fetchAll(async (p) => {
      calls++;
      return { list: p.current_page === 1 ? [1, 2] : [], total: 99, current_page: p.current_page, page_size: p.page_size };
    });
    expect(rows).toEqual([1, 2]);
    expect(calls).toBe(2);
  });
});
