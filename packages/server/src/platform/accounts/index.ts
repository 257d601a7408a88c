/**
 * What other areas use of accounts: the authentication guard (registered first in areas.ts), the signed-in
 * caller of a request, and services to create and find accounts (invitations, the demo seed).
 */
export { authGuardPlugin, authOf, type AuthContext } from '../auth/guard-plugin';
export { accountsPlugin } from './plugin';
export {
  createActiveUser,
  createRegisteringUser,
  ensureInvitedUser,
  findUserByEmail,
  findUserById,
  normalizeEmail,
  updateUser,
  type NewUser,
} from './users';
export { hashPassword, verifyPassword } from './passwords';
export { createSession, revokeSession, revokeUserSessions } from '../sessions';
export { toUserInfo } from './user-info';
