import type { CustomerActionRequest, TicketDetail } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useIssueMutation } from './issueMutation';

/** POST /api/issues/{id}/action: the customer reopens a finished issue or closes one. */
export function issueAction({ id, action }: { id: string } & CustomerActionRequest): Promise<TicketDetail> {
  return http.post<TicketDetail>(`/issues/${encodeURIComponent(id)}/action`, { action });
}

export const useIssueAction = (orgId: string | null) => useIssueMutation(orgId, issueAction);
