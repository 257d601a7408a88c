import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ApiCode, loginSchema, ok, type LoginResponse, type TokenResponse } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../store/schema';
import { parseWith } from '../../http/validate';
import { ApiError } from '../../http/api-error';
import { findUserByEmail, findUserById, normalizeEmail } from '../accounts/users';
import { spendPasswordTime, verifyPassword } from '../accounts/passwords';
import { issueSession } from '../sessions';
import { consumeSecondFactor, getMfaState, totpBox } from '../mfa/mfa-service';
import { assertSignInAllowed, clearAccountFailures, recordSignInFailure } from './attempts';
import { consumeAccountToken, issueAccountToken, peekAccountToken } from './account-tokens';
import { isEmailCodeBody, verifyEmailCodeRequest } from '../accounts/verification-routes';
import { refusePasswordSignInUnderSso } from '../sso/password-policy';

/** How long the multi-factor step of a sign-in may take. */
export const MFA_TICKET_TTL_MS = 5 * 60 * 1000;

const verifyCodeSchema = z.object({ mfaTicket: z.string().min(1, { message: 'error.mfaTicketInvalid' }), code: z.string().trim().min(1, { message: 'validation.code' }) });

/** Refuses accounts that may not sign in, once the password has proved who is asking. */
export function assertMaySignIn(user: UserRow): void {
  if (user.status === 'REGISTERING') throw new ApiError(ApiCode.ACCOUNT_STATE, 'error.accountNotActivated');
  if (user.status === 'DISABLED') throw new ApiError(ApiCode.ACCOUNT_STATE, 'error.accountDisabled');
  if (user.status !== 'ACTIVE') throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.invalidCredentials');
}

export const signinRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  app.post('/uc/api/auth/login', { config: { policy: { access: 'public' } } }, async (request, reply) => {
    const body = parseWith(loginSchema, request.body);
    const email = normalizeEmail(body.email);
    await assertSignInAllowed(db, deps.clock, email, request.ip);
    await refusePasswordSignInUnderSso(db, email);
    const user = await findUserByEmail(db, email);
    const passwordOk = user ? await verifyPassword(user.passwordHash, body.password) : (await spendPasswordTime(body.password), false);
    if (!user || !passwordOk) {
      await recordSignInFailure(db, deps.clock, email, request.ip);
      throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.invalidCredentials');
    }
    assertMaySignIn(user);
    await clearAccountFailures(db, email);
    if ((await getMfaState(db, user.id)).enabled) {
      const mfaTicket = await issueAccountToken(db, deps.clock, user.id, 'mfa_ticket', MFA_TICKET_TTL_MS);
      return ok<LoginResponse>({ mfaRequired: true, mfaTicket });
    }
    return ok<LoginResponse>(await issueSession(deps, request, reply, user.id));
  });

  /**
   * The second step of a sign-in with multi-factor: a TOTP code or a one-time recovery code. With {email, code}
   * instead of a ticket it checks an e-mail verification code (accounts/verification-routes).
   */
  app.post('/uc/api/auth/verify-code', { config: { policy: { access: 'public' } } }, async (request, reply) => {
    if (isEmailCodeBody(request.body)) return ok(await verifyEmailCodeRequest(deps, request));
    const body = parseWith(verifyCodeSchema, request.body);
    const userId = await peekAccountToken(db, deps.clock, body.mfaTicket, 'mfa_ticket');
    const user = userId ? await findUserById(db, userId) : null;
    if (!user) throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.mfaTicketInvalid');
    await assertSignInAllowed(db, deps.clock, user.email, request.ip);
    if (!(await consumeSecondFactor(db, deps.clock, totpBox(deps), user.id, body.code))) {
      await recordSignInFailure(db, deps.clock, user.email, request.ip);
      throw new ApiError(ApiCode.BAD_REQUEST, 'error.mfaInvalid');
    }
    if (!(await consumeAccountToken(db, deps.clock, body.mfaTicket, 'mfa_ticket'))) throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.mfaTicketInvalid');
    assertMaySignIn(user);
    await clearAccountFailures(db, user.email);
    return ok<TokenResponse>(await issueSession(deps, request, reply, user.id));
  });
};
