import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketDetail } from '@tscloud/contracts';
import { supportKeys } from '../support/keys';

/** A desk change: the issue as it is now goes into the detail's cache, and the queues refresh. */
export function useDeskMutation<V>(mutationFn: (variables: V) => Promise<TicketDetail | null>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (detail) => {
      if (detail) client.setQueryData(supportKeys.deskIssue(detail.id), detail);
      return client.invalidateQueries({ queryKey: supportKeys.desk() });
    },
  });
}
