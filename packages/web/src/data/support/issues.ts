import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketListQuery, TicketPage } from '@tscloud/contracts';
import { http } from '../../api/http';
import { ISSUE_FRESHNESS, supportKeys } from './keys';

/** GET /api/issues: one page of the organization's issues, filtered by state and type and searched by title. */
export function fetchIssues(query: TicketListQuery): Promise<TicketPage> {
  return http.get<TicketPage>('/issues', { query: { ...query } });
}

export function useIssues(orgId: string | null, query: TicketListQuery) {
  return useQuery({ queryKey: supportKeys.list(orgId, query), queryFn: () => fetchIssues(query), enabled: orgId !== null, placeholderData: keepPreviousData, staleTime: ISSUE_FRESHNESS.staleTime });
}
