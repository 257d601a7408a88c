import { useMutation } from '@tanstack/react-query';
import type { InstanceAliasRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { refreshInstances } from './refresh';

/** POST /api/region/{regionId}/app/alias. Silent: the dialog shows the server's message (a duplicated alias). */
export function renameInstance(regionId: string, body: InstanceAliasRequest): Promise<{ id: string; alias: string }> {
  return http.post(`/region/${encodeURIComponent(regionId)}/app/alias`, body, { silent: true });
}

export function useRenameInstance() {
  return useMutation({
    mutationFn: ({ regionId, body }: { regionId: string; body: InstanceAliasRequest }) => renameInstance(regionId, body),
    onSuccess: () => refreshInstances(),
  });
}
