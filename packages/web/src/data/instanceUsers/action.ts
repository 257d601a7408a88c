import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstanceUserAction } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { instanceUserKeys } from './keys';

/** Who an action is on: a user (by user id) or a group (by id, with its name as the spec's group_name). */
export type InstanceSubjectRef = { kind: 'user'; id: string } | { kind: 'group'; id: string; name: string };

/** PUT /api/region/{r}/app/{disable|active|delete}/{appId}/user/{id} or …/group/{id}?group_name=. */
export function instanceSubjectAction(instance: InstanceRef, action: InstanceUserAction, subject: InstanceSubjectRef): Promise<{ id: string }> {
  const path = `/region/${encodeURIComponent(instance.region_id)}/app/${action}/${encodeURIComponent(instance.id)}/${subject.kind}/${encodeURIComponent(subject.id)}`;
  return http.put<{ id: string }>(path, undefined, subject.kind === 'group' ? { query: { group_name: subject.name } } : {});
}

export function useInstanceSubjectAction(instance: InstanceRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, subject }: { action: InstanceUserAction; subject: InstanceSubjectRef }) => instanceSubjectAction(instance, action, subject),
    onSuccess: () => client.invalidateQueries({ queryKey: instanceUserKeys.list(instance.id) }),
  });
}
