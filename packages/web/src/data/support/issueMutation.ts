import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketDetail } from '@tscloud/contracts';
import { supportKeys } from './keys';

/**
 * A change to the organization's issues: the answer (the issue as it is now, when the call returns it) is put in the
 * detail's cache, and every list of the organization is refreshed.
 */
export function useIssueMutation<V>(orgId: string | null, mutationFn: (variables: V) => Promise<TicketDetail | null>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (detail) => {
      if (detail) client.setQueryData(supportKeys.issue(orgId, detail.id), detail);
      return client.invalidateQueries({ queryKey: supportKeys.org(orgId) });
    },
  });
}
