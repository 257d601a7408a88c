/** The filter of one activity page (ActivityQuery of contracts, as numbers and strings the client sends). */
export interface ActivityFilter {
  current_page: number;
  page_size: number;
  from?: number;
  to?: number;
  /** Only changes to this instance. */
  instanceId?: string;
}

export const activityKeys = {
  all: ['activity'] as const,
  list: (orgId: string | null, source: string, filter: ActivityFilter) => [...activityKeys.all, orgId, source, filter] as const,
};
