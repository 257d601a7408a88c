import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityEntry, Page } from '@tscloud/contracts';
import { http } from '../../api/http';
import { activityKeys, type ActivityFilter } from './keys';

/** 'activity': GET /api/activity (the whole change log); 'instances': GET /api/instances/logs (instance changes). */
export type ActivitySource = 'activity' | 'instances';
export const ACTIVITY_PATH: Record<ActivitySource, string> = { activity: '/activity', instances: '/instances/logs' };

/** Drops empty filters, so that the query string (and the query key) carries only what filters. */
export function presentFilters<T extends object>(filter: T): Partial<T> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

/** One page of the organization's change log, newest first, under the filters. */
export function fetchActivity(source: ActivitySource, filter: ActivityFilter): Promise<Page<ActivityEntry>> {
  return http.get<Page<ActivityEntry>>(ACTIVITY_PATH[source], { query: presentFilters(filter) });
}

/** The previous page stays on screen while the next one loads. */
export function useActivity(orgId: string | null, source: ActivitySource, filter: ActivityFilter) {
  return useQuery({ queryKey: activityKeys.list(orgId, source, filter), queryFn: () => fetchActivity(source, filter), enabled: orgId !== null, placeholderData: keepPreviousData });
}
