import type { Page } from '@tscloud/contracts';

/** The rows of a list answer: the list calls of this area answer either the rows or a Page of them. */
export function rowsOf<T>(data: T[] | Page<T> | null | undefined): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.list;
}
