import type { AcceptInvitationRequest, AcceptInvitationResult } from '@tscloud/contracts';
import { http } from '../../api/http';
import { StorageKey, readJson, removeKey, writeJson } from '../../state/storage';

/** POST /uc/api/user/accept with the token of the invitation link (/auth/thirdparty?accept=…). */
export function acceptInvitation(body: AcceptInvitationRequest): Promise<AcceptInvitationResult> {
  return http.post<AcceptInvitationResult>('/user/accept', body, { area: 'auth' });
}

/**
 * The invitation token waits in local storage until the invitee is signed in (possibly after signing up and
 * activating in another tab); the rebuild after sign-in accepts it.
 */
export function storePendingInvitation(token: string): void {
  writeJson(StorageKey.PENDING_INVITATION, token);
}

export function takePendingInvitation(): string | null {
  const token = readJson<string | null>(StorageKey.PENDING_INVITATION, null);
  if (token) removeKey(StorageKey.PENDING_INVITATION);
  return token;
}

/** An invitation link (/auth/thirdparty?accept=…) opened while signed in is kept before the guard redirects. */
export function captureInvitation(url: URL): void {
  const token = url.pathname.replace(/\/+$/, '') === '/auth/thirdparty' ? url.searchParams.get('accept') : null;
  if (token) storePendingInvitation(token);
}
