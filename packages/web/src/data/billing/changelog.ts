import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BalanceChange, BalanceDay, LedgerTypeValue, Page } from '@tscloud/contracts';
import { http } from '../../api/http';
import { presentFilters } from '../activity/list';
import { billingKeys, type ChangelogFilter, type PageRequest } from './keys';

/** The types as one comma list (the server also takes repeated or JSON forms). */
const typeParam = (types: LedgerTypeValue[]) => types.join(',');

/** GET /api/billing/balance/changelog: one page of balance changes, newest first. */
export function fetchChangelog(filter: ChangelogFilter, page: PageRequest): Promise<Page<BalanceChange>> {
  return http.get<Page<BalanceChange>>('/billing/balance/changelog', { query: { ...presentFilters(filter), type: typeParam(filter.type), ...page } });
}

export function useChangelog(orgId: string | null, filter: ChangelogFilter, page: PageRequest) {
  return useQuery({ queryKey: billingKeys.changelog(orgId, filter, page), queryFn: () => fetchChangelog(filter, page), enabled: orgId !== null, placeholderData: keepPreviousData });
}

/** GET /api/billing/balance/changelog-day-agg: per day and type the count and sum, with the day's closing balance. */
export function fetchChangelogDays(filter: ChangelogFilter): Promise<BalanceDay[]> {
  return http.get<BalanceDay[]>('/billing/balance/changelog-day-agg', { query: { ...presentFilters(filter), type: typeParam(filter.type) } });
}

export function useChangelogDays(orgId: string | null, filter: ChangelogFilter, enabled: boolean) {
  return useQuery({ queryKey: billingKeys.changelogDays(orgId, filter), queryFn: () => fetchChangelogDays(filter), enabled: enabled && orgId !== null });
}

/** GET /api/billing/balance/changelog-day-detail: one day's entries of the types, oldest first. */
export function fetchChangelogDay(day: string, types: LedgerTypeValue[]): Promise<BalanceChange[]> {
  return http.get<BalanceChange[]>('/billing/balance/changelog-day-detail', { query: { day, type: typeParam(types) } });
}

export function useChangelogDay(orgId: string | null, day: string | null, types: LedgerTypeValue[]) {
  return useQuery({ queryKey: billingKeys.changelogDay(orgId, day, types), queryFn: () => fetchChangelogDay(day!, types), enabled: orgId !== null && day !== null });
}
