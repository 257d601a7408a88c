import type { FastifyPluginAsync } from 'fastify';
import { emailBodySchema, loginSchema, mfaSignInCodeSchema, ok, type LoginResponse, type TokenResponse } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { findUserByEmail, normalizeEmail } from '../accounts/users';
import { answerSignIn, checkPassword, completeMfaSignIn } from './signin-service';
import { mailUnlockLink } from './signin-unlock';
import { takeMailAllowance } from './mail-throttle';
import { isEmailCodeBody, verifyEmailCodeRequest } from '../accounts/verification-routes';

/** The console's sign-in calls; the policy behind them is signin-service.ts. */
export const signinRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  app.post('/uc/api/auth/login', { config: { policy: { access: 'public' } } }, async (request, reply) => {
    const body = parseWith(loginSchema, request.body);
    const email = normalizeEmail(body.email);
    const user = await checkPassword(deps, request, { email, password: body.password, unlockToken: body.unlockToken });
    return ok<LoginResponse>(await answerSignIn(deps, request, reply, user));
  });

  /**
   * The second step of a sign-in with multi-factor: a TOTP code or a one-time recovery code. With {email, code}
   * instead of a ticket it checks an e-mail verification code (accounts/verification-routes).
   */
  app.post('/uc/api/auth/verify-code', { config: { policy: { access: 'public' } } }, async (request, reply) => {
    if (isEmailCodeBody(request.body)) return ok(await verifyEmailCodeRequest(deps, request));
    const body = parseWith(mfaSignInCodeSchema, request.body);
    return ok<TokenResponse>(await completeMfaSignIn(deps, request, reply, body));
  });

  /**
   * Mails an unlock link to a throttled account (any account that may sign in: the owner asks when a sign-in was
   * delayed). The answer is the same for every address and the mail goes after it, so it reveals no account;
   * the mail rate limit keeps it from flooding the mailbox.
   */
  app.post('/uc/api/auth/unlock/send', { config: { policy: { access: 'public' } } }, async (request) => {
    const { email } = parseWith(emailBodySchema, request.body);
    await takeMailAllowance(db, deps.clock, { kind: 'unlock', email, client: request.ip });
    const user = await findUserByEmail(db, normalizeEmail(email));
    if (user?.status === 'ACTIVE') await mailUnlockLink(deps, request.log, user);
    return ok(null);
  });
};
