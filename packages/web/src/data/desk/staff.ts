import { useQuery } from '@tanstack/react-query';
import type { TicketPerson } from '@tscloud/contracts';
import { http } from '../../api/http';
import { supportKeys } from '../support/keys';

/** GET /api/desk/staff: whom an issue can be assigned to. */
export function fetchDeskStaff(): Promise<TicketPerson[]> {
  return http.get<TicketPerson[]>('/desk/staff');
}

export function useDeskStaff() {
  return useQuery({ queryKey: supportKeys.deskStaff(), queryFn: fetchDeskStaff, staleTime: 60_000 });
}
