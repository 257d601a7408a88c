export const authKeys = {
  all: ['auth'] as const,
  activation: (token: string) => [...authKeys.all, 'activation', token] as const,
};
