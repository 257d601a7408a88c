import { useMutation } from '@tanstack/react-query';
import type { SendEmailCodeBody, SendEmailCodeResponse, VerifyEmailCodeBody, VerifyEmailCodeResponse } from '@tscloud/contracts';
import { http } from '../../api/http';

/** POST /uc/api/auth/send/verifycode: a 6-digit code to the address (with a captcha token when the check is on). */
export function sendEmailCode(body: SendEmailCodeBody): Promise<SendEmailCodeResponse> {
  return http.post<SendEmailCodeResponse>('/auth/send/verifycode', body, { area: 'auth' });
}

/** POST /uc/api/auth/verify-code {email, code}: proves the mailbox before a registration uses it. */
export function verifyEmailCode(body: VerifyEmailCodeBody): Promise<VerifyEmailCodeResponse> {
  return http.post<VerifyEmailCodeResponse>('/auth/verify-code', body, { area: 'auth' });
}

export function useSendEmailCodeMutation() {
  return useMutation({ mutationFn: sendEmailCode });
}
