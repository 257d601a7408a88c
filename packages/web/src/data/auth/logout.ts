import { http } from '../../api/http';

/** POST /api/user/logout: revokes the token on the server. Silent: a logout never shows an error. */
export function serverLogout(): Promise<null> {
  return http.post<null>('/user/logout', undefined, { silent: true });
}
