/** The filter of one activity page (ActivityQuery of contracts, as numbers and strings the client sends). */
export interface ActivityFilter {
  current_page: number;
  page_size: number;
  from?: number;
  to?: number;
  /** Only changes to this instance. */
  instanceId?: string;
  /** Only entries of this type (organization, member, signin …). */
  type?: string;
  /** Only entries whose originator's e-mail contains this text. */
  originator?: string;
  /** Only entries of this user (the originator's id). */
  userId?: string;
}

/** The filters without the page: what the CSV export takes. */
export type ActivityExportFilter = Omit<ActivityFilter, 'current_page' | 'page_size'>;

export const activityKeys = {
  all: ['activity'] as const,
  list: (orgId: string | null, source: string, filter: ActivityFilter) => [...activityKeys.all, orgId, source, filter] as const,
  types: (orgId: string | null, source: string) => [...activityKeys.all, orgId, source, 'types'] as const,
};
