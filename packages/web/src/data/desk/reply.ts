import type { DeskReplyRequest, TicketDetail } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useDeskMutation } from './deskMutation';

/** POST /api/desk/issues/{id}/replies: a reply, a request for information, or a staff note. */
export function deskReply({ id, ...body }: { id: string } & DeskReplyRequest): Promise<TicketDetail> {
  return http.post<TicketDetail>(`/desk/issues/${encodeURIComponent(id)}/replies`, body);
}

export const useDeskReply = () => useDeskMutation(deskReply);
