import { queryClient } from '../data/queryClient';
import { instanceKeys } from '../data/instances/keys';
import { createStore, useStore } from '../state/store';
import { hasSession, session } from '../state/session';
import { logout } from '../state/logout';

/**
 * §4 page hidden / visible: while hidden, polling stops (polls read `usePageVisible`); visible again, a session
 * whose cookie is gone (ended or signed out elsewhere) is logged out, otherwise the instance list (and with it the status) is refreshed.
 */
const visible = createStore<boolean>(typeof document === 'undefined' ? true : document.visibilityState !== 'hidden');

export function usePageVisible(): boolean {
  return useStore(visible, (v) => v);
}

export function watchPageVisibility(): () => void {
  const onChange = () => {
    const nowVisible = document.visibilityState !== 'hidden';
    visible.set(nowVisible);
    if (!nowVisible || !session.get().userInfo) return;
    if (!hasSession()) void logout({ callServer: false });
    else void queryClient.invalidateQueries({ queryKey: instanceKeys.all });
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
