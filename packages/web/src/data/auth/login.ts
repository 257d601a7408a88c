import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse, TokenResponse, UnlockSendBody, VerifyCodeBody } from '@tscloud/contracts';
import { http } from '../../api/http';

/** POST /uc/api/auth/login: a token, or a multi-factor challenge to answer with verifyLoginCode. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return http.post<LoginResponse>('/auth/login', body, { area: 'auth' });
}

/** POST /uc/api/auth/verify-code: the challenge ticket and a TOTP or recovery code. */
export function verifyLoginCode(body: VerifyCodeBody): Promise<TokenResponse> {
  return http.post<TokenResponse>('/auth/verify-code', body, { area: 'auth' });
}

/**
 * POST /uc/api/auth/unlock/send: mails the account a one-time link that lets its owner sign in while sign-in is slowed
 * down (the answer is the same for any address).
 */
export function sendUnlockLink(body: UnlockSendBody): Promise<null> {
  return http.post<null>('/auth/unlock/send', body, { area: 'auth' });
}

export function useSendUnlockLinkMutation() {
  return useMutation({ mutationFn: sendUnlockLink });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

export function useVerifyLoginCodeMutation() {
  return useMutation({ mutationFn: verifyLoginCode });
}
