import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ACTIVATION_LINK_TTL_MS, ApiCode, emailSchema, ok, signupSchema, type ActivateResponse, type SignupResponse } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../store/schema';
import { parseWith } from '../../http/validate';
import { ApiError } from '../../http/api-error';
import { createRegisteringUser, findUserByEmail, findUserById, updateUser } from '../accounts/users';
import { consumeAccountToken, issueAccountToken } from './account-tokens';
import { activationMail, deliver } from './mails';

async function sendActivation(deps: AppDeps, log: FastifyBaseLogger, user: UserRow): Promise<void> {
  const token = await issueAccountToken(deps.store.db, deps.clock, user.id, 'activation', ACTIVATION_LINK_TTL_MS);
  const link = `${deps.config.publicUrl}/auth/activate?token=${encodeURIComponent(token)}`;
  await deliver(deps, log, activationMail(user.language, user.email, user.firstName, link, ACTIVATION_LINK_TTL_MS));
}

export const signupRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  /**
   * Sign-up: the account waits (REGISTERING) for its activation link; account status 1 until the user
   * completes company, industry, position and country at /register.
   */
  app.post('/uc/api/auth/register', { config: { policy: { access: 'public' } } }, async (request) => {
    const body = parseWith(signupSchema, request.body);
    const user = await createRegisteringUser(db, deps.clock, {
      email: body.email,
      password: body.password,
      firstName: body.firstName,
      lastName: body.lastName,
      companyName: body.company,
      language: request.lang,
    });
    await sendActivation(deps, request.log, user);
    return ok<SignupResponse>({ email: user.email, activated: false });
  });

  /** Sends the activation mail again. The answer is the same whether or not the address has an account. */
  app.post('/uc/api/auth/reactivate', { config: { policy: { access: 'public' } } }, async (request) => {
    const { email } = parseWith(z.object({ email: emailSchema }), request.body);
    const user = await findUserByEmail(db, email);
    if (user?.status === 'REGISTERING') await sendActivation(deps, request.log, user);
    return ok(null);
  });

  app.get('/uc/api/auth/activate', { config: { policy: { access: 'public' } } }, async (request) => {
    const { token } = parseWith(z.object({ token: z.string().min(1, { message: 'error.activationFailed' }) }), request.query);
    const userId = await consumeAccountToken(db, deps.clock, token, 'activation');
    const user = userId ? await findUserById(db, userId) : null;
    if (!user || (user.status !== 'REGISTERING' && user.status !== 'ACTIVE')) throw new ApiError(ApiCode.BAD_REQUEST, 'error.activationFailed');
    if (user.status === 'REGISTERING') await updateUser(db, deps.clock, user.id, { status: 'ACTIVE', activatedAt: deps.clock.now() });
    return ok<ActivateResponse>({ email: user.email, activated: true });
  });
};
