import { safeRedirect } from '../../routes/firstLoadQuery';
import { sessionStarted } from '../../state/session';
import { Paths } from '../../routes/paths';

/**
 * After a sign-in answered: the server has put the session into its cookies (the app never holds the token), so
 * this only tells the app a session started and names where to go: the login link's redirect, or the console root.
 */
export function completeSignIn(redirect: string | null): string {
  sessionStarted();
  return (redirect && safeRedirect(redirect)) || Paths.ROOT;
}
