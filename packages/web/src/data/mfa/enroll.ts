import { useMutation } from '@tanstack/react-query';
import type { MfaEnrollResponse } from '@tscloud/contracts';
import { http } from '../../api/http';

/** POST /api/user/mfa/enroll: a new pending secret, its otpauth URI and the QR code image of it. */
export function enrollMfa(): Promise<MfaEnrollResponse> {
  return http.post<MfaEnrollResponse>('/user/mfa/enroll');
}

export function useEnrollMfa() {
  return useMutation({ mutationFn: enrollMfa });
}
