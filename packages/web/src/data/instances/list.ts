import { useQuery } from '@tanstack/react-query';
import type { Instance } from '../types';
import { http } from '../../api/http';
import { instanceKeys } from './keys';

/**
 * GET /api/app/list: the current organization's instances. Until the instance screens exist (issue 4) a server
 * without the call answers an error; the shell then works with no instances, silently.
 */
export async function fetchInstanceList(): Promise<Instance[]> {
  try {
    const data = await http.get<Instance[] | { list: Instance[] }>('/app/list', { silent: true });
    return Array.isArray(data) ? data : (data?.list ?? []);
  } catch {
    return [];
  }
}

export function useInstanceList(orgId: string | null) {
  return useQuery({ queryKey: instanceKeys.list(orgId), queryFn: fetchInstanceList, enabled: orgId !== null });
}
