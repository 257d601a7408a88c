import { FETCH_ALL_PAGE_SIZE, type Page } from '@tscloud/contracts';

export interface PageRequest {
  current_page: number;
  page_size: number;
}

/**
 * §7 generic fetch-all: repeats a paged call with current_page and page_size 10000 until every row is collected.
 * Stops on an empty page too, so a server that under-reports `total` cannot loop forever.
 */
export async function fetchAll<T>(fetchPage: (page: PageRequest) => Promise<Page<T>>, pageSize = FETCH_ALL_PAGE_SIZE): Promise<T[]> {
  const rows: T[] = [];
  for (let current = 1; ; current++) {
    const page = await fetchPage({ current_page: current, page_size: pageSize });
    rows.push(...page.list);
    if (page.list.length === 0 || rows.length >= page.total) return rows;
  }
}
