import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import {
  ACTIVATION_LINK_TTL_MS,
  ApiCode,
  activateSchema,
  emailBodySchema,
  ok,
  signupSchema,
  type ActivateResponse,
  type SignupRequest,
  type SignupResponse,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../store/schema';
import { parseWith } from '../../http/validate';
import { ApiError } from '../../http/api-error';
import { activatePendingUser, createRegisteringUser, findUserByEmail, findUserById, replaceableBy } from '../accounts/users';
import { verifyPassword } from '../accounts/passwords';
import { consumeAccountToken, issueAccountToken, peekAccountToken } from './account-tokens';
import { takeMailAllowance } from './mail-throttle';
import { activationMail, deliver } from './mails';

/** Mails a new activation link (which drops the older ones); `asset` makes the page lead back to that IDMP console. */
async function sendActivation(deps: AppDeps, log: FastifyBaseLogger, user: UserRow, asset?: string): Promise<void> {
  const token = await issueAccountToken(deps.store.db, deps.clock, user.id, 'activation', ACTIVATION_LINK_TTL_MS);
  const assetQuery = asset ? `&asset=${encodeURIComponent(asset)}` : '';
  const link = `${deps.config.publicUrl}/auth/activate?token=${encodeURIComponent(token)}${assetQuery}`;
  await deliver(deps, log, activationMail(user.language, user.email, user.firstName, link, ACTIVATION_LINK_TTL_MS));
}

/**
 * Sign-up, from the console or an IDMP console: the account waits (REGISTERING) for its activation link; account
 * status 1 until the user completes company, industry, position and country at /register. An address in use is
 * refused; one still waiting is signed up again (createRegisteringUser) once the address's mail allowance allows
 * another mail, checked before anything changes.
 */
export async function signUp(
  deps: AppDeps,
  request: { log: FastifyBaseLogger; lang: UserRow['language'] },
  body: Pick<SignupRequest, 'email' | 'password' | 'firstName' | 'lastName' | 'company'>,
  asset?: string,
): Promise<SignupResponse> {
  const { db } = deps.store;
  const existing = await findUserByEmail(db, body.email);
  if (existing && !replaceableBy(existing, 'REGISTERING')) throw ApiError.conflict('error.emailUsed');
  await takeMailAllowance(db, deps.clock, { kind: 'activation', email: body.email });
  const user = await createRegisteringUser(db, deps.clock, {
    email: body.email,
    password: body.password,
    firstName: body.firstName,
    lastName: body.lastName,
    companyName: body.company,
    language: request.lang,
  });
  await sendActivation(deps, request.log, user, asset);
  return { email: user.email, activated: false };
}

export const signupRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  app.post('/uc/api/auth/register', { config: { policy: { access: 'public' } } }, async (request) => {
    return ok<SignupResponse>(await signUp(deps, request, parseWith(signupSchema, request.body)));
  });

  /**
   * Sends the activation mail again. The answer is the same whether or not the address has an account, and so is
   * the mail allowance it takes (per address and per client).
   */
  app.post('/uc/api/auth/reactivate', { config: { policy: { access: 'public' } } }, async (request) => {
    const { email } = parseWith(emailBodySchema, request.body);
    await takeMailAllowance(db, deps.clock, { kind: 'activation', email, client: request.ip });
    const user = await findUserByEmail(db, email);
    if (user?.status === 'REGISTERING') await sendActivation(deps, request.log, user);
    return ok(null);
  });

  /** The pending account of a live activation link, or 'error.activationFailed'. */
  async function pendingAccountOf(token: string): Promise<UserRow> {
    const userId = await peekAccountToken(db, deps.clock, token, 'activation');
    const user = userId ? await findUserById(db, userId) : null;
    if (!user || user.status !== 'REGISTERING' || !user.passwordHash) throw new ApiError(ApiCode.BAD_REQUEST, 'error.activationFailed');
    return user;
  }

  /** The activation page checks its link first (without using it) and shows the address it activates. */
  app.get('/uc/api/auth/activate', { config: { policy: { access: 'public' } } }, async (request) => {
    const { token } = parseWith(activateSchema.pick({ token: true }), request.query);
    const user = await pendingAccountOf(token);
    return ok<ActivateResponse>({ email: user.email, activated: false });
  });

  /**
   * Activation needs the password chosen at the sign-up that sent this link: the mailbox's owner activates only an
   * account whose password they chose, never one somebody else signed up for them. A wrong password leaves the
   * link usable; the link is used up only by the activation, which also fails if a newer sign-up replaced the
   * password meanwhile.
   */
  app.post('/uc/api/auth/activate', { config: { policy: { access: 'public' } } }, async (request) => {
    const body = parseWith(activateSchema, request.body);
    const user = await pendingAccountOf(body.token);
    if (!(await verifyPassword(user.passwordHash!, body.password))) {
      throw new ApiError(ApiCode.BAD_REQUEST, 'error.activationPasswordWrong', [], { field: 'password' });
    }
    const used = await consumeAccountToken(db, deps.clock, body.token, 'activation');
    if (used !== user.id || !(await activatePendingUser(db, deps.clock, user.id, user.passwordHash!))) {
      throw new ApiError(ApiCode.BAD_REQUEST, 'error.activationFailed');
    }
    return ok<ActivateResponse>({ email: user.email, activated: true });
  });
};
