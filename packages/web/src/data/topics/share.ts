import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TopicShareItem, TopicShareRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { topicPath } from './base';
import { topicKeys } from './keys';

/** GET/PUT /api/region/{r}/topic/share/{instanceId}/{topic}: who may subscribe; grant or revoke a member. */
export function useTopicShare(instance: InstanceRef | null, topic: string | null) {
  return useQuery({
    queryKey: topicKeys.share(instance?.id ?? '', topic ?? ''),
    queryFn: () => http.get<TopicShareItem[]>(topicPath(instance!, 'share', topic!)),
    enabled: !!instance && !!topic,
  });
}

export function useTopicShareMutation(instance: InstanceRef, topic: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TopicShareRequest) => http.put<TopicShareItem[]>(topicPath(instance, 'share', topic), body),
    onSuccess: (data) => client.setQueryData(topicKeys.share(instance.id, topic), data),
  });
}
