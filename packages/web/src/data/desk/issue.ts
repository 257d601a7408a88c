import { useQuery } from '@tanstack/react-query';
import type { TicketDetail } from '@tscloud/contracts';
import { http } from '../../api/http';
import { ISSUE_FRESHNESS, supportKeys } from '../support/keys';

/** GET /api/desk/issues/{id}: the issue with staff notes included. */
export function fetchDeskIssue(id: string): Promise<TicketDetail> {
  return http.get<TicketDetail>(`/desk/issues/${encodeURIComponent(id)}`);
}

export function useDeskIssue(id: string) {
  return useQuery({ queryKey: supportKeys.deskIssue(id), queryFn: () => fetchDeskIssue(id), enabled: id !== '', ...ISSUE_FRESHNESS });
}
