import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TopicCreateRequest, TopicItem } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { topicBase, topicPath } from './base';
import { topicKeys } from './keys';

/** GET /api/region/{r}/topic/list/{instanceId}. */
export function useTopics(instance: InstanceRef | null) {
  return useQuery({
    queryKey: topicKeys.list(instance?.id ?? ''),
    queryFn: () => http.get<TopicItem[]>(topicPath(instance!, 'list')),
    enabled: !!instance,
  });
}

/** Create (POST …/create/{instanceId}) and drop (DELETE …/{instanceId}/{topic}[?force=true]). */
export function useTopicMutations(instance: InstanceRef) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: topicKeys.all });
  return {
    create: useMutation({ mutationFn: (body: TopicCreateRequest) => http.post<TopicItem>(topicPath(instance, 'create'), body, { silent: true }), onSuccess: refresh }),
    drop: useMutation({
      mutationFn: (v: { name: string; force?: boolean }) =>
        http.delete<{ name: string }>(`${topicBase(instance)}/${encodeURIComponent(instance.id)}/${encodeURIComponent(v.name)}`, { query: v.force ? { force: 'true' } : undefined }),
      onSuccess: refresh,
    }),
  };
}
