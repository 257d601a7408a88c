import type { DeskActionRequest, TicketDetail } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useDeskMutation } from './deskMutation';

/** POST /api/desk/issues/{id}/action: assign, start, finish, abort or close. */
export function deskAction({ id, ...body }: { id: string } & DeskActionRequest): Promise<TicketDetail> {
  return http.post<TicketDetail>(`/desk/issues/${encodeURIComponent(id)}/action`, body);
}

export const useDeskAction = () => useDeskMutation(deskAction);
