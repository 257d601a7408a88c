import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Alert, Page } from '@tscloud/contracts';
import { http } from '../../api/http';
import { alertKeys, type AlertFilter } from './keys';

/** GET /api/alert/list: one page of alerts (status 0 unread, 1 read, absent all). */
export function fetchAlerts(query: AlertFilter): Promise<Page<Alert>> {
  return http.get<Page<Alert>>('/alert/list', { query: { ...query } });
}

export function useAlerts(orgId: string | null, query: AlertFilter) {
  return useQuery({ queryKey: alertKeys.list(orgId, query), queryFn: () => fetchAlerts(query), enabled: orgId !== null, placeholderData: keepPreviousData });
}
