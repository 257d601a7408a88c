export const instanceKeys = {
  all: ['instances'] as const,
  list: (orgId: string | null) => [...instanceKeys.all, orgId, 'list'] as const,
  menus: (instanceId: string | null) => [...instanceKeys.all, instanceId, 'menus'] as const,
};
