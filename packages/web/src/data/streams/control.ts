import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StreamItem } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { streamBase, streamPath } from './base';
import { streamKeys } from './keys';

/** POST /api/region/{r}/stream/pause/{instanceId}/{name}. */
export function pauseStream(instance: InstanceRef, name: string): Promise<StreamItem> {
  return http.post<StreamItem>(streamPath(instance, 'pause', name), {});
}

/** POST /api/region/{r}/stream/resume/{instanceId}/{name} {ignore_untreated}. */
export function resumeStream(instance: InstanceRef, name: string, ignoreUntreated = false): Promise<StreamItem> {
  return http.post<StreamItem>(streamPath(instance, 'resume', name), { ignore_untreated: ignoreUntreated });
}

/** DELETE /api/region/{r}/stream/{instanceId}/{name}. */
export function dropStream(instance: InstanceRef, name: string): Promise<{ name: string }> {
  return http.delete<{ name: string }>(`${streamBase(instance)}/${encodeURIComponent(instance.id)}/${encodeURIComponent(name)}`);
}

export function useStreamControl(instance: InstanceRef) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: streamKeys.list(instance.id) });
  return {
    pause: useMutation({ mutationFn: (name: string) => pauseStream(instance, name), onSuccess }),
    resume: useMutation({ mutationFn: (args: { name: string; ignoreUntreated?: boolean }) => resumeStream(instance, args.name, args.ignoreUntreated), onSuccess }),
    drop: useMutation({ mutationFn: (name: string) => dropStream(instance, name), onSuccess }),
  };
}
