export const instanceUserKeys = {
  all: ['instanceUsers'] as const,
  list: (instanceId: string | null) => [...instanceUserKeys.all, instanceId] as const,
};
