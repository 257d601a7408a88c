import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FETCH_ALL_PAGE_SIZE, type Page } from '@tscloud/contracts';

/** current_page (from 1) and page_size (default 10, at most the fetch-all size 10000) of a paged list call. */
export const pageQuerySchema = z.object({
  current_page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(FETCH_ALL_PAGE_SIZE).optional().default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function offsetOf(query: PageQuery): number {
  return (query.current_page - 1) * query.page_size;
}

export function pageOf<T>(list: T[], total: number, query: PageQuery): Page<T> {
  return { list, total, current_page: query.current_page, page_size: query.page_size };
}

/** Pages a list already in memory (small lists such as a user's organizations). */
export function slicePage<T>(all: T[], query: PageQuery): Page<T> {
  return pageOf(all.slice(offsetOf(query), offsetOf(query) + query.page_size), all.length, query);
}
