import type { TicketDetail, TicketUpdateRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useIssueMutation } from './issueMutation';

/** PUT /api/issues: the creator's fields, while the issue is open. */
export function updateIssue(body: TicketUpdateRequest): Promise<TicketDetail> {
  return http.put<TicketDetail>('/issues', body);
}

export const useUpdateIssue = (orgId: string | null) => useIssueMutation(orgId, updateIssue);
