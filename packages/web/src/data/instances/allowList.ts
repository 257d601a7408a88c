import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IpAllowCreateRequest, IpAllowEntry } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from './control';
import { instanceKeys } from './keys';

const base = (regionId: string) => `/region/${encodeURIComponent(regionId)}/appipwhitelist`;

/** GET /api/region/{r}/appipwhitelist?app_id=: the instance's allowed addresses (empty: every address). */
export function fetchAllowList(instance: InstanceRef): Promise<IpAllowEntry[]> {
  return http.get<IpAllowEntry[]>(base(instance.region_id), { query: { app_id: instance.id } });
}

/** POST /api/region/{r}/appipwhitelist {app_id, ip}. Silent: the form shows the server's message. */
export function addAllowedIp(regionId: string, body: IpAllowCreateRequest): Promise<IpAllowEntry> {
  return http.post<IpAllowEntry>(base(regionId), body, { silent: true });
}

/** DELETE /api/region/{r}/appipwhitelist/{id}. */
export function removeAllowedIp(regionId: string, entryId: string): Promise<{ id: string }> {
  return http.delete<{ id: string }>(`${base(regionId)}/${encodeURIComponent(entryId)}`);
}

export function useAllowList(instance: InstanceRef | null) {
  return useQuery({ queryKey: instanceKeys.allowList(instance?.id ?? null), queryFn: () => fetchAllowList(instance!), enabled: instance !== null });
}

export function useAllowListMutations(instance: InstanceRef) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: instanceKeys.allowList(instance.id) });
  return {
    add: useMutation({ mutationFn: (ip: string) => addAllowedIp(instance.region_id, { app_id: instance.id, ip }), onSuccess }),
    remove: useMutation({ mutationFn: (entryId: string) => removeAllowedIp(instance.region_id, entryId), onSuccess }),
  };
}
