import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityEntry, Page } from '@tscloud/contracts';
import { http } from '../../api/http';
import { activityKeys, type ActivityFilter } from './keys';

/** GET /api/activity: one page of the organization's change log, newest first, filtered by time range and more. */
export function fetchActivity(query: ActivityFilter): Promise<Page<ActivityEntry>> {
  return http.get<Page<ActivityEntry>>('/activity', { query: { ...query } });
}

/** The previous page stays on screen while the next one loads. */
export function useActivity(orgId: string | null, query: ActivityFilter) {
  return useQuery({ queryKey: activityKeys.list(orgId, query), queryFn: () => fetchActivity(query), enabled: orgId !== null, placeholderData: keepPreviousData });
}
