import { useQuery } from '@tanstack/react-query';
import type { TopicSample } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { topicPath } from './base';
import { topicKeys } from './keys';

/** GET /api/region/{r}/topic/sample/{instanceId}/{topic}?count=N: the first N messages (read, never committed). */
export function useTopicSample(instance: InstanceRef | null, topic: string | null, count: number, enabled: boolean) {
  return useQuery({
    queryKey: topicKeys.sample(instance?.id ?? '', topic ?? '', count),
    queryFn: () => http.get<TopicSample>(topicPath(instance!, 'sample', topic!), { query: { count: String(count) }, silent: true }),
    enabled: enabled && !!instance && !!topic,
    retry: false,
  });
}
