import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaExemptionBody } from '@tscloud/contracts';
import { http } from '../../api/http';
import { mfaKeys } from './keys';
import { withVerification } from './verification';

/** POST /api/verify/user-mfa-urls: exempt operations for N minutes or until a time (0 minutes re-enables). Protected. */
export function setExemption(body: MfaExemptionBody): Promise<unknown> {
  return withVerification((silent) => http.post<unknown>('/verify/user-mfa-urls', body, { silent }));
}

export function useSetExemption() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setExemption, onSuccess: () => client.invalidateQueries({ queryKey: mfaKeys.exemption() }) });
}
