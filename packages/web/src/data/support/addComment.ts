import type { TicketCommentRequest, TicketDetail } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useIssueMutation } from './issueMutation';

/** POST /api/issues/{id}/comments: a comment in markdown with attachments. */
export function addComment({ id, ...body }: { id: string } & TicketCommentRequest): Promise<TicketDetail> {
  return http.post<TicketDetail>(`/issues/${encodeURIComponent(id)}/comments`, body);
}

export const useAddComment = (orgId: string | null) => useIssueMutation(orgId, addComment);
