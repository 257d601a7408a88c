import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import { supportKeys } from '../support/keys';

/** GET /api/desk/me: whether the signed-in user is support staff (the desk's link is shown to staff only). Quiet. */
export function fetchDeskMe(): Promise<{ staff: boolean }> {
  return http.get<{ staff: boolean }>('/desk/me', { silent: true }).catch(() => ({ staff: false }));
}

export function useDeskMe(enabled = true) {
  return useQuery({ queryKey: supportKeys.deskMe(), queryFn: fetchDeskMe, staleTime: 5 * 60_000, enabled });
}
