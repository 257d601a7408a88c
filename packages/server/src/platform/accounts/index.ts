/**
 * What other areas use of accounts: the authentication guard (registered first in areas.ts), the signed-in
 * caller of a request, and services to create and find accounts (invitations, the demo seed). The routes' plugin
 * is not exported here (areas.ts imports accounts/plugin.ts): its routes use organizations, whose invitations use
 * these services, and an import circle would close.
 */
export { authGuardPlugin, authOf, type AuthContext } from '../auth/guard-plugin';
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
