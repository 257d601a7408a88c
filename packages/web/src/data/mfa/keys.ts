export const mfaKeys = {
  all: ['mfa'] as const,
  status: () => [...mfaKeys.all, 'status'] as const,
  exemption: () => [...mfaKeys.all, 'exemption'] as const,
};
