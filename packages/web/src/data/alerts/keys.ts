/** One alert page: status 0 unread, 1 read, absent all. */
export interface AlertFilter {
  current_page: number;
  page_size: number;
  status?: 0 | 1;
}

/** Everything under `all`: marking read or deleting refreshes the list and the header bell's unread count. */
export const alertKeys = {
  all: ['alerts'] as const,
  unread: (orgId: string | null) => [...alertKeys.all, orgId, 'unread'] as const,
  list: (orgId: string | null, filter: AlertFilter) => [...alertKeys.all, orgId, 'list', filter] as const,
};
