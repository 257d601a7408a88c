import { useQuery } from '@tanstack/react-query';
import type { InstanceUsersResponse } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { instanceUserKeys } from './keys';

/** GET /api/region/{r}/app/{appId}/users: the instance's users and groups (the server syncs the engine first). */
export function fetchInstanceUsers(instance: InstanceRef): Promise<InstanceUsersResponse> {
  return http.get<InstanceUsersResponse>(`/region/${encodeURIComponent(instance.region_id)}/app/${encodeURIComponent(instance.id)}/users`);
}

export function useInstanceUsers(instance: InstanceRef | null) {
  return useQuery({ queryKey: instanceUserKeys.list(instance?.id ?? null), queryFn: () => fetchInstanceUsers(instance!), enabled: instance !== null });
}
