export const topicKeys = {
  all: ['topics'] as const,
  list: (instanceId: string) => [...topicKeys.all, instanceId, 'list'] as const,
  consumers: (instanceId: string, topic: string) => [...topicKeys.all, instanceId, 'consumers', topic] as const,
  share: (instanceId: string, topic: string) => [...topicKeys.all, instanceId, 'share', topic] as const,
  sample: (instanceId: string, topic: string, count: number) => [...topicKeys.all, instanceId, 'sample', topic, count] as const,
};
