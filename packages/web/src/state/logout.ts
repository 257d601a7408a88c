import { queryClient } from '../data/queryClient';
import { serverLogout } from '../data/auth/logout';
import { closeDialog } from '../components/dialogs/dialogManager';
import { navigateTo } from '../routes/navigation';
import { Paths } from '../routes/paths';
import { resetUserBoot } from './boot';
import { clearSession, hasSession } from './session';

/** Timers and other session-bound work register a cleanup here; logout runs them all. */
const cleanups = new Set<() => void>();

export function onLogout(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

let loggingOut = false;

/**
 * §4 logout: clears the session (the server removes its cookies), user info, multi-factor data, organization data, dialogs and timers, then goes to
 * /auth/login. `callServer: false` when the session is already gone (user info failed, 432/512).
 */
export async function logout({ callServer = true }: { callServer?: boolean } = {}): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    if (callServer && hasSession()) await serverLogout().catch(() => null);
    clearSession();
    closeDialog();
    cleanups.forEach((cleanup) => cleanup());
    queryClient.cancelQueries();
    queryClient.clear();
    resetUserBoot();
    navigateTo(Paths.LOGIN);
  } finally {
    loggingOut = false;
  }
}
