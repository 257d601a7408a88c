import { useMutation } from '@tanstack/react-query';
import { AppType, type AppTypeValue, type CreatedInstance, type InstanceCreateRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { refreshInstances } from './refresh';
import { rememberInstanceToken } from './tokens';

export interface CreateInstanceInput {
  regionId: string;
  appType: AppTypeValue;
  body: InstanceCreateRequest;
}

/**
 * POST /api/region/{regionId}/app (time-series) or /app/tsdb-asset (IDMP). Silent: the form shows the server's
 * message next to what was typed. The token of the answer is kept for the programming page (shown only now).
 */
export async function createInstance({ regionId, appType, body }: CreateInstanceInput): Promise<CreatedInstance> {
  const path = `/region/${encodeURIComponent(regionId)}/app${appType === AppType.TDASSET ? '/tsdb-asset' : ''}`;
  const created = await http.post<CreatedInstance>(path, body, { silent: true });
  rememberInstanceToken(created.instance.id, created.token);
  return created;
}

export function useCreateInstance() {
  return useMutation({ mutationFn: createInstance, onSuccess: () => refreshInstances() });
}
