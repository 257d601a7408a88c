import { useMutation, useQuery } from '@tanstack/react-query';
import type { ActivateBody, ActivateResponse } from '@tscloud/contracts';
import { http } from '../../api/http';
import { authKeys } from './keys';

/** GET /uc/api/auth/activate?token=… checks the mailed link without using it (the page shows its own message). */
export function checkActivationLink(token: string): Promise<ActivateResponse> {
  return http.get<ActivateResponse>('/auth/activate', { area: 'auth', query: { token }, silent: true });
}

/** POST /uc/api/auth/activate with the password chosen at sign-up; a refusal is shown by the page, at its field. */
export function activate(body: ActivateBody): Promise<ActivateResponse> {
  return http.post<ActivateResponse>('/auth/activate', body, { area: 'auth', silent: true });
}

/** The link is checked once per token; a refusal is final (a new link comes by mail). */
export function useActivationLink(token: string) {
  return useQuery({ queryKey: authKeys.activation(token), queryFn: () => checkActivationLink(token), enabled: token !== '', staleTime: Infinity, retry: false });
}

export function useActivateMutation() {
  return useMutation({ mutationFn: activate });
}
