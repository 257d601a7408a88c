import type { AlertIdsRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useAlertMutation } from './alertMutation';

/** PUT /api/alert/batch/read. */
export function markAlertsRead(body: AlertIdsRequest): Promise<unknown> {
  return http.put<unknown>('/alert/batch/read', body);
}

export const useMarkAlertsRead = () => useAlertMutation(markAlertsRead);
