import type { TicketCreateRequest, TicketDetail } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useIssueMutation } from './issueMutation';

/** POST /api/issues. */
export function createIssue(body: TicketCreateRequest): Promise<TicketDetail> {
  return http.post<TicketDetail>('/issues', body);
}

export const useCreateIssue = (orgId: string | null) => useIssueMutation(orgId, createIssue);
