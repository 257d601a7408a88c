import { useQuery } from '@tanstack/react-query';
import type { TicketDetail } from '@tscloud/contracts';
import { http } from '../../api/http';
import { ISSUE_FRESHNESS, supportKeys } from './keys';

/** GET /api/issues/{id}: the issue with its thread and timeline. */
export function fetchIssue(id: string): Promise<TicketDetail> {
  return http.get<TicketDetail>(`/issues/${encodeURIComponent(id)}`);
}

export function useIssue(orgId: string | null, id: string) {
  return useQuery({ queryKey: supportKeys.issue(orgId, id), queryFn: () => fetchIssue(id), enabled: orgId !== null && id !== '', ...ISSUE_FRESHNESS });
}
