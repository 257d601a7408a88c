import { useMutation } from '@tanstack/react-query';
import { http } from '../../api/http';

/**
 * POST /api/user/sessions/revoke-all: "sign out everywhere" — the server ends every session of the user, this one
 * included, and removes this browser's session cookies.
 */
export function revokeAllSessions(): Promise<null> {
  return http.post<null>('/user/sessions/revoke-all');
}

export function useRevokeAllSessions() {
  return useMutation({ mutationFn: revokeAllSessions });
}
