export const dictKeys = {
  all: ['dict'] as const,
  list: (kind: string, language: string) => [...dictKeys.all, kind, language] as const,
  verifyUrls: () => [...dictKeys.all, 'verify-urls'] as const,
};
