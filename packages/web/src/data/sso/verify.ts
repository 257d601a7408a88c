import { useMutation } from '@tanstack/react-query';
import type { SsoRedirect } from '@tscloud/contracts';
import { http } from '../../api/http';

/** POST /api/org/sso/azure-ad/{id}/verify: where to send the owner's browser for the test sign-in. */
export function startSsoVerification(id: string): Promise<SsoRedirect> {
  return http.post<SsoRedirect>(`/org/sso/azure-ad/${encodeURIComponent(id)}/verify`, {});
}

export function useStartSsoVerification() {
  return useMutation({ mutationFn: startSsoVerification });
}
