import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import { activityKeys } from './keys';
import { ACTIVITY_PATH, type ActivitySource } from './list';

/** GET /api/activity/types (or /api/instances/logs/types): the types present in the log, for the type filter. */
export function fetchActivityTypes(source: ActivitySource): Promise<string[]> {
  return http.get<string[]>(`${ACTIVITY_PATH[source]}/types`);
}

export function useActivityTypes(orgId: string | null, source: ActivitySource) {
  return useQuery({ queryKey: activityKeys.types(orgId, source), queryFn: () => fetchActivityTypes(source), enabled: orgId !== null });
}
