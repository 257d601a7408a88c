import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessKeys } from './keys';

/**
 * A change to users, groups, roles or grants also changes what other lists show (a member's groups and roles, a
 * group's grants): every access list of the organization is refreshed after it.
 */
export function useAccessMutation<V>(orgId: string | null, mutationFn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: accessKeys.org(orgId) }) });
}
