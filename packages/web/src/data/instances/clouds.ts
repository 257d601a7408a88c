import { useQuery } from '@tanstack/react-query';
import type { Cloud } from '@tscloud/contracts';
import { http } from '../../api/http';
import { instanceKeys } from './keys';

/** GET /api/dict/cloud: the configured clouds with their regions. */
export function fetchClouds(): Promise<Cloud[]> {
  return http.get<Cloud[]>('/dict/cloud');
}

export function useClouds() {
  return useQuery({ queryKey: instanceKeys.clouds(), queryFn: fetchClouds, staleTime: Infinity });
}
