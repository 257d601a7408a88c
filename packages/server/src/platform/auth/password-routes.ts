import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiCode, MfaOperation, PASSWORD_RESET_TTL_MS, changePasswordSchema, emailBodySchema, ok, resetPasswordSchema } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { ApiError } from '../../http/api-error';
import { findUserByEmail, findUserById, updateUser } from '../accounts/users';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { revokeUserSessions } from '../sessions';
import { authOf } from './guard-plugin';
import { clearAccountFailures } from './attempts';
import { consumeAccountToken, issueAccountToken, revokeAccountTokens } from './account-tokens';
import { takeMailAllowance } from './mail-throttle';
import { deliver, resetMail } from './mails';

export const passwordRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  /**
   * Forgot password: mails a reset link to an account that exists and may sign in. The answer (and its
   * timing: the mail is sent after answering) is the same for every address, so it reveals no account.
   */
  const forgot = async (request: FastifyRequest) => {
    const { email } = parseWith(emailBodySchema, request.body);
    await takeMailAllowance(db, deps.clock, { kind: 'reset', email, client: request.ip });
    const user = await findUserByEmail(db, email);
    if (user && (user.status === 'ACTIVE' || user.status === 'REGISTERING')) {
      const token = await issueAccountToken(db, deps.clock, user.id, 'reset', PASSWORD_RESET_TTL_MS);
      const link = `${deps.config.publicUrl}/auth/reset?token=${encodeURIComponent(token)}`;
      void deliver(deps, request.log, resetMail(user.language, user.email, user.firstName, link, PASSWORD_RESET_TTL_MS));
    }
    return ok(null);
  };
  app.post('/uc/api/auth/forget-password', { config: { policy: { access: 'public' } } }, forgot);
  app.post('/uc/api/auth/recover', { config: { policy: { access: 'public' } } }, forgot);

  /**
   * Sets a new password from a reset link and ends every session of the account. A reset of an account that was
   * never activated activates it: the link proved the mailbox, as the activation link would have. Every other
   * reset link of the account, and any activation link (bound to the replaced password), stops working.
   */
  app.post('/uc/api/auth/reset-password', { config: { policy: { access: 'public' } } }, async (request) => {
    const body = parseWith(resetPasswordSchema, request.body);
    const userId = await consumeAccountToken(db, deps.clock, body.token, 'reset');
    const user = userId ? await findUserById(db, userId) : null;
    if (!user || (user.status !== 'ACTIVE' && user.status !== 'REGISTERING')) throw new ApiError(ApiCode.BAD_REQUEST, 'error.resetLinkInvalid');
    await updateUser(db, deps.clock, user.id, {
      passwordHash: await hashPassword(body.password),
      ...(user.status === 'REGISTERING' ? { status: 'ACTIVE' as const, activatedAt: deps.clock.now() } : {}),
    });
    await revokeAccountTokens(db, user.id, ['reset', 'activation']);
    await revokeUserSessions(db, deps.clock, user.id);
    await clearAccountFailures(db, user.email);
    return ok(null);
  });

  /** Change password while signed in (a protected operation); the other sessions of the account end. */
  app.put('/api/user/reset', { config: { policy: { access: 'user', write: true, mfa: MfaOperation.PASSWORD_CHANGE } } }, async (request) => {
    const body = parseWith(changePasswordSchema, request.body);
    const { user, sessionId } = authOf(request);
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) throw new ApiError(ApiCode.BAD_REQUEST, 'error.wrongPassword');
    await updateUser(db, deps.clock, user.id, { passwordHash: await hashPassword(body.password) });
    // A reset link asked for earlier would undo the change.
    await revokeAccountTokens(db, user.id, ['reset']);
    await revokeUserSessions(db, deps.clock, user.id, sessionId);
    return ok(null);
  });
};
