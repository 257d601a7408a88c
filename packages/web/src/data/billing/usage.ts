import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, UsageDay } from '@tscloud/contracts';
import { http } from '../../api/http';
import { fetchAll } from '../../api/fetchAll';
import { presentFilters } from '../activity/list';
import { billingKeys, type PageRequest, type UsageFilter } from './keys';

/** GET /api/billing/usage/page: one page of instance-days, newest first. */
export function fetchUsagePage(filter: UsageFilter, page: PageRequest): Promise<Page<UsageDay>> {
  return http.get<Page<UsageDay>>('/billing/usage/page', { query: { ...presentFilters(filter), ...page } });
}

/** The table's page; the previous page stays on screen while the next one loads. */
export function useUsagePage(orgId: string | null, filter: UsageFilter, page: PageRequest) {
  return useQuery({ queryKey: billingKeys.usagePage(orgId, filter, page), queryFn: () => fetchUsagePage(filter, page), enabled: orgId !== null, placeholderData: keepPreviousData });
}

/** Every instance-day of the filter (§7 fetch-all), for the chart, which draws the whole range, not one page. */
export function useUsageAll(orgId: string | null, filter: UsageFilter) {
  return useQuery({ queryKey: billingKeys.usageAll(orgId, filter), queryFn: () => fetchAll((page) => fetchUsagePage(filter, page)), enabled: orgId !== null });
}
