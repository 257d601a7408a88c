import { useQuery } from '@tanstack/react-query';
import type { Instance } from '@tscloud/contracts';
import { http } from '../../api/http';
import { instanceKeys } from './keys';

/**
 * GET /api/app/list: the current organization's instances (only those the caller may read). Quiet: the shell works
 * with no instances when the call fails (the instances screen shows its own error state through the hook).
 */
export async function fetchInstanceList(): Promise<Instance[]> {
  try {
    const data = await http.get<Instance[] | { list: Instance[] }>('/app/list', { silent: true });
    return Array.isArray(data) ? data : (data?.list ?? []);
  } catch {
    return [];
  }
}

/** `refetchInterval` comes from the polling rules (pages/instances/polling.ts). */
export function useInstanceList(orgId: string | null, refetchInterval: number | false = false) {
  return useQuery({ queryKey: instanceKeys.list(orgId), queryFn: fetchInstanceList, enabled: orgId !== null, refetchInterval });
}
