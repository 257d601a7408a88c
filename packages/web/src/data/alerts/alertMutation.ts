import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertIdsRequest } from '@tscloud/contracts';
import { alertKeys } from './keys';

/** alertKeys.all covers the header bell's unread query too, so the count follows at once. */
export function useAlertMutation(mutationFn: (body: AlertIdsRequest) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.all }) });
}
