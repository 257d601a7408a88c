import { useQuery } from '@tanstack/react-query';
import type { MenuMap } from '@tscloud/contracts';
import { http } from '../../api/http';
import { instanceKeys } from './keys';

/** GET /api/app/menus/{appId}: the instance's menu map. Quiet: without it every instance entry stays listed. */
export async function fetchInstanceMenus(appId: string): Promise<MenuMap> {
  try {
    return await http.get<MenuMap>(`/app/menus/${encodeURIComponent(appId)}`, { silent: true });
  } catch {
    return {};
  }
}

export function useInstanceMenus(instanceId: string | null) {
  return useQuery({ queryKey: instanceKeys.menus(instanceId), queryFn: () => fetchInstanceMenus(instanceId!), enabled: instanceId !== null });
}
