export const ssoKeys = {
  all: ['sso'] as const,
  setting: (orgId: string | null) => [...ssoKeys.all, orgId, 'setting'] as const,
  providers: () => [...ssoKeys.all, 'providers'] as const,
};
