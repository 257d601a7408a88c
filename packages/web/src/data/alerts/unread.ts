import { useQuery } from '@tanstack/react-query';
import { ALERT_PAGE_SIZE, ALERT_POLL_MIN_MS, type Alert, type Page } from '@tscloud/contracts';
import { http } from '../../api/http';
import { alertKeys } from './keys';

/** The account-alert check of §4: GET /api/alert/list, page size 10, status 0. Degrades quietly to no alerts. */
export async function fetchUnreadAlerts(): Promise<Page<Alert>> {
  try {
    return await http.get<Page<Alert>>('/alert/list', { query: { current_page: 1, page_size: ALERT_PAGE_SIZE, status: 0 }, silent: true });
  } catch {
    return { list: [], total: 0, current_page: 1, page_size: ALERT_PAGE_SIZE };
  }
}

/** Runs at most every 30 s while the session is active (and not while the page is hidden). */
export function useUnreadAlerts(orgId: string | null, active: boolean) {
  return useQuery({
    queryKey: alertKeys.unread(orgId),
    queryFn: fetchUnreadAlerts,
    enabled: active && orgId !== null,
    refetchInterval: ALERT_POLL_MIN_MS,
    refetchIntervalInBackground: false,
    staleTime: ALERT_POLL_MIN_MS,
  });
}
