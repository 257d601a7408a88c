import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StreamCreateRequest, StreamItem } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { streamPath } from './base';
import { streamKeys } from './keys';

/** POST /api/region/{r}/stream/create/{instanceId}. Silent: the form shows the server's message and keeps the input. */
export function createStream(instance: InstanceRef, body: StreamCreateRequest): Promise<StreamItem> {
  return http.post<StreamItem>(streamPath(instance, 'create'), body, { silent: true });
}

export function useCreateStream(instance: InstanceRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StreamCreateRequest) => createStream(instance, body),
    onSuccess: () => client.invalidateQueries({ queryKey: streamKeys.list(instance.id) }),
  });
}
