import type { IdmpStatusInfo } from '@tscloud/contracts';
import { http } from '../../api/http';

/** GET /api/region/{region}/app/idmp/status/{id}: an IDMP instance's status with its phase (§4). Quiet (a poll). */
export function fetchIdmpStatus(regionId: string, id: string): Promise<IdmpStatusInfo> {
  return http.get<IdmpStatusInfo>(`/region/${encodeURIComponent(regionId)}/app/idmp/status/${encodeURIComponent(id)}`, { silent: true });
}
