import { useQuery } from '@tanstack/react-query';
import type { TopicConsumers } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { topicPath } from './base';
import { topicKeys } from './keys';

/** GET /api/region/{r}/topic/consumers/{instanceId}/{topic}: groups, consumers, offsets and lag. */
export function useTopicConsumers(instance: InstanceRef | null, topic: string | null) {
  return useQuery({
    queryKey: topicKeys.consumers(instance?.id ?? '', topic ?? ''),
    queryFn: () => http.get<TopicConsumers>(topicPath(instance!, 'consumers', topic!)),
    enabled: !!instance && !!topic,
  });
}
