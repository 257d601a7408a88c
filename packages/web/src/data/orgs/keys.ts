export const orgKeys = {
  all: ['orgs'] as const,
  list: () => [...orgKeys.all, 'list'] as const,
  menus: (orgId: string | null) => [...orgKeys.all, orgId, 'menus'] as const,
  deleteCheck: (orgId: string) => [...orgKeys.all, orgId, 'deleteCheck'] as const,
};
