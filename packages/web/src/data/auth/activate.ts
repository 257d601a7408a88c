import { useQuery } from '@tanstack/react-query';
import type { ActivateResponse } from '@tscloud/contracts';
import { http } from '../../api/http';
import { authKeys } from './keys';

/** GET /uc/api/auth/activate?token=… (the link of the activation mail). */
export function activate(token: string): Promise<ActivateResponse> {
  return http.get<ActivateResponse>('/auth/activate', { area: 'auth', query: { token } });
}

/** Runs once per token: the link is single-use, so the answer is never refetched. */
export function useActivation(token: string) {
  return useQuery({ queryKey: authKeys.activation(token), queryFn: () => activate(token), enabled: token !== '', staleTime: Infinity, gcTime: Infinity });
}
