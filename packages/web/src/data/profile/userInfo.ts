import type { UserInfo } from '@tscloud/contracts';
import { session } from '../../state/session';

/** Puts the server's fresh user info (or a part of it) into the session, leaving the current selection as it is. */
export function patchUserInfo(patch: Partial<UserInfo>): void {
  session.set((s) => (s.userInfo ? { ...s, userInfo: { ...s.userInfo, ...patch } } : s));
}
