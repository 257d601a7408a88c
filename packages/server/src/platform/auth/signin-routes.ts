import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiCode, emailSchema, loginSchema, ok, type LoginResponse, type TokenResponse } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../store/schema';
import { parseWith } from '../../http/validate';
import { ApiError } from '../../http/api-error';
import { findUserByEmail, findUserById, normalizeEmail } from '../accounts/users';
import { spendPasswordTime, verifyPassword } from '../accounts/passwords';
import { issueSession } from '../sessions';
import { consumeSecondFactorThrottled, getMfaState } from '../mfa/mfa-service';
import { throttledGuess } from './attempts';
import { mailUnlockLink } from './signin-unlock';
import { takeMailAllowance } from './mail-throttle';
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

/**
 * The password check of every sign-in (console, IDMP console, marketplace), under the throttle (attempts.ts): the
 * account that may sign in, or 401 'error.invalidCredentials' alike for a wrong password and an unknown e-mail
 * (which costs an argon2 verification too, so it reveals nothing).
 */
export async function signInWithPassword(deps: AppDeps, request: FastifyRequest, email: string, password: string, unlockToken?: string): Promise<UserRow> {
  const user = await findUserByEmail(deps.store.db, email);
  const guess = { subject: email, address: request.ip, unlockToken };
  const passwordOk = await throttledGuess(deps.store.db, deps.clock, guess, async () =>
    user ? verifyPassword(user.passwordHash, password) : (await spendPasswordTime(password), false),
  );
  if (!user || !passwordOk) throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.invalidCredentials');
  assertMaySignIn(user);
  return user;
}

export const signinRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  app.post('/uc/api/auth/login', { config: { policy: { access: 'public' } } }, async (request, reply) => {
    const body = parseWith(loginSchema, request.body);
    const email = normalizeEmail(body.email);
    await refusePasswordSignInUnderSso(db, email);
    const user = await signInWithPassword(deps, request, email, body.password, body.unlockToken);
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
    if (!(await consumeSecondFactorThrottled(deps, user.id, request.ip, body.code))) throw new ApiError(ApiCode.BAD_REQUEST, 'error.mfaInvalid');
    if (!(await consumeAccountToken(db, deps.clock, body.mfaTicket, 'mfa_ticket'))) throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.mfaTicketInvalid');
    assertMaySignIn(user);
    return ok<TokenResponse>(await issueSession(deps, request, reply, user.id));
  });

  /**
   * Mails an unlock link to a throttled account (any account that may sign in: the owner asks when a sign-in was
   * delayed). The answer is the same for every address and the mail goes after it, so it reveals no account;
   * the mail rate limit keeps it from flooding the mailbox.
   */
  app.post('/uc/api/auth/unlock/send', { config: { policy: { access: 'public' } } }, async (request) => {
    const { email } = parseWith(z.object({ email: emailSchema }), request.body);
    await takeMailAllowance(db, deps.clock, { kind: 'unlock', email, client: request.ip });
    const user = await findUserByEmail(db, normalizeEmail(email));
    if (user?.status === 'ACTIVE') await mailUnlockLink(deps, request.log, user);
    return ok(null);
  });
};
