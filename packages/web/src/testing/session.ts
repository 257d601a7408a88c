import { SessionCookie } from '@tscloud/contracts';
import { sessionStarted } from '../state/session';

/**
 * What a sign-in leaves in the browser that the app's scripts can see: the CSRF cookie the server sets beside the
 * HttpOnly session cookie. Test-only: in the app both come with the sign-in's answer.
 */
export function openTestSession(csrfToken = 'csrf-t1'): void {
  document.cookie = `${SessionCookie.CSRF}=${csrfToken}; Path=/`;
  sessionStarted();
}
