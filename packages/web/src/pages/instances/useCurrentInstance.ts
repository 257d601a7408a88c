import type { Instance } from '@tscloud/contracts';
import { useSession } from '../../state/session';
import { useInstanceListQuery } from '../../components/instances/useInstancePolling';

/** The organization's current instance with every field of the list call (the shell keeps only what routing needs). */
export function useCurrentInstance(): { instance: Instance | null; loading: boolean } {
  const { orgId, instanceId } = useSession((s) => s.current);
  const list = useInstanceListQuery(orgId);
  return { instance: list.data?.find((i) => i.id === instanceId) ?? null, loading: list.isLoading };
}
