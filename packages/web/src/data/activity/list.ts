import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityEntry, Page } from '@tscloud/contracts';
import { http } from '../../api/http';
import { activityKeys, type ActivityFilter } from './keys';

/** 'activity': GET /api/activity (the whole change log); 'instances': GET /api/instances/logs (instance changes). */
export type ActivitySource = 'activity' | 'instances';
const PATH: Record<ActivitySource, string> = { activity: '/activity', instances: '/instances/logs' };

/** One page of the organization's change log, newest first, within a time range. */
export function fetchActivity(source: ActivitySource, filter: ActivityFilter): Promise<Page<ActivityEntry>> {
  return http.get<Page<ActivityEntry>>(PATH[source], { query: { ...filter } });
}

/** The previous page stays on screen while the next one loads. */
export function useActivity(orgId: string | null, source: ActivitySource, filter: ActivityFilter) {
  return useQuery({ queryKey: activityKeys.list(orgId, source, filter), queryFn: () => fetchActivity(source, filter), enabled: orgId !== null, placeholderData: keepPreviousData });
}
