export const streamKeys = {
  all: ['streams'] as const,
  list: (instanceId: string) => [...streamKeys.all, instanceId, 'list'] as const,
  output: (instanceId: string, name: string) => [...streamKeys.all, instanceId, 'output', name] as const,
};
