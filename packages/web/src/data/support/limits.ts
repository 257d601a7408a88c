import { useQuery } from '@tanstack/react-query';
import type { TicketLimits } from '@tscloud/contracts';
import { http } from '../../api/http';
import { supportKeys } from './keys';

/** GET /api/support/limits: the attachment count this deployment allows, the file size and the editor's length. */
export function fetchTicketLimits(): Promise<TicketLimits> {
  return http.get<TicketLimits>('/support/limits');
}

export function useTicketLimits() {
  return useQuery({ queryKey: [...supportKeys.all, 'limits'], queryFn: fetchTicketLimits, staleTime: Infinity });
}
