import type { TokenResponse } from '@tscloud/contracts';
import { authorizationOf } from '../../data/auth/login';
import { safeRedirect } from '../../routes/firstLoadQuery';
import { setToken } from '../../state/session';
import { Paths } from '../../routes/paths';

/** Stores the session token and names where to go: the login link's redirect, or the console root (rule 5). */
export function completeSignIn(token: TokenResponse, redirect: string | null): string {
  setToken(authorizationOf(token));
  return (redirect && safeRedirect(redirect)) || Paths.ROOT;
}
