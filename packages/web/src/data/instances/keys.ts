export const instanceKeys = {
  all: ['instances'] as const,
  list: (orgId: string | null) => [...instanceKeys.all, orgId, 'list'] as const,
  menus: (instanceId: string | null) => [...instanceKeys.all, instanceId, 'menus'] as const,
  status: (instanceId: string | null) => [...instanceKeys.all, instanceId, 'status'] as const,
  allowList: (instanceId: string | null) => [...instanceKeys.all, instanceId, 'allowList'] as const,
  clouds: () => ['dict', 'cloud'] as const,
  plans: (ha: 0 | 1) => ['billing', 'pricePlans', 'instance', ha] as const,
};
