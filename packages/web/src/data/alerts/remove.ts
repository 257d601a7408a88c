import type { AlertIdsRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useAlertMutation } from './alertMutation';

/** DELETE /api/alert/batch/delete. */
export function deleteAlerts(body: AlertIdsRequest): Promise<unknown> {
  return http.delete<unknown>('/alert/batch/delete', { body });
}

export const useDeleteAlerts = () => useAlertMutation(deleteAlerts);
