import { useQuery } from '@tanstack/react-query';
import type { MenuMap } from '@tscloud/contracts';
import { http } from '../../api/http';
import { orgKeys } from './keys';

/** GET /api/org/menus: the organization's menu map (navigation label → active). */
export function fetchOrgMenus(): Promise<MenuMap> {
  return http.get<MenuMap>('/org/menus');
}

export function useOrgMenus(orgId: string | null) {
  return useQuery({ queryKey: orgKeys.menus(orgId), queryFn: fetchOrgMenus, enabled: orgId !== null });
}
