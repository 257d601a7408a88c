import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeskListQuery, DeskTicketSummary, TicketPage } from '@tscloud/contracts';
import { http } from '../../api/http';
import { ISSUE_FRESHNESS, supportKeys } from '../support/keys';

/** GET /api/desk/issues: the queue across organizations (unassigned, mine or all), with the list's filters. */
export function fetchDeskIssues(query: DeskListQuery): Promise<TicketPage<DeskTicketSummary>> {
  return http.get<TicketPage<DeskTicketSummary>>('/desk/issues', { query: { ...query } });
}

export function useDeskIssues(query: DeskListQuery) {
  return useQuery({ queryKey: supportKeys.deskList(query), queryFn: () => fetchDeskIssues(query), placeholderData: keepPreviousData, staleTime: ISSUE_FRESHNESS.staleTime });
}
