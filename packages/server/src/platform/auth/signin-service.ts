import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode, SignInOperation, type LoginResponse, type TokenResponse } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { findUserByEmail, findUserById } from '../accounts/users';
import { spendPasswordTime, verifyPassword } from '../accounts/passwords';
import { issueSession } from '../sessions';
import { consumeSecondFactorThrottled, getMfaState } from '../mfa/mfa-service';
import { refusePasswordSignInUnderSso } from '../sso/password-policy';
import { throttledGuess } from './attempts';
import { consumeAccountToken, issueAccountToken, peekAccountToken } from './account-tokens';
import { noteSignInEvent } from '../activity/note';

/**
 * The sign-in policy, written once (docs/accounts.md "Sign-in service"). Every way in goes through here: the
 * console's password sign-in and its multi-factor step, the IDMP console's sign-in, marketplace registration with an
 * existing account, and single sign-on. So the throttle on passwords and second-factor codes, the account states that
 * may sign in, and the rule "with multi-factor on, no session without the second factor" hold alike for all of them.
 *
 * A sign-in is: the first factor (a password here, or an identity provider's word in sso/), then either the second
 * factor in the same call (`requireSecondFactorAlong`, for callers that answer something other than a session) or
 * the answer of the console (`answerSignIn`: an MFA ticket, or a session through issueSession).
 */

/** How long the multi-factor step of a sign-in may take. */
export const MFA_TICKET_TTL_MS = 5 * 60 * 1000;

/** Refuses accounts that may not sign in, once the first factor has proved who is asking. */
export function assertMaySignIn(user: UserRow): void {
  if (user.status === 'REGISTERING') throw new ApiError(ApiCode.ACCOUNT_STATE, 'error.accountNotActivated');
  if (user.status === 'DISABLED') throw new ApiError(ApiCode.ACCOUNT_STATE, 'error.accountDisabled');
  if (user.status !== 'ACTIVE') throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.invalidCredentials');
}

export interface PasswordCredentials {
  /** Normalized (lower-case) e-mail. */
  email: string;
  password: string;
  /** The token of an e-mailed unlock link (signin-unlock.ts), when the client brings one. */
  unlockToken?: string;
}

/**
 * The password check, under the throttle (attempts.ts): the account that may sign in, or 401
 * 'error.invalidCredentials' alike for a wrong password and an unknown e-mail (which costs an argon2 verification
 * too, so it reveals nothing). Account states are told only after the password was right. An address whose domain
 * an organization holds to single sign-on never signs in with a password, whichever way in asks (403
 * 'error.ssoRequired', sso/password-policy.ts).
 */
export async function checkPassword(deps: AppDeps, request: FastifyRequest, credentials: PasswordCredentials): Promise<UserRow> {
  await refusePasswordSignInUnderSso(deps.store.db, credentials.email);
  const user = await findUserByEmail(deps.store.db, credentials.email);
  // Recorded in the account's organizations whatever the outcome (a wrong password of a known account too).
  if (user) noteSignInEvent(request, user, SignInOperation.PASSWORD);
  const guess = { subject: credentials.email, address: request.ip, unlockToken: credentials.unlockToken };
  const passwordOk = await throttledGuess(deps.store.db, deps.clock, guess, async () =>
    user ? verifyPassword(user.passwordHash, credentials.password) : (await spendPasswordTime(credentials.password), false),
  );
  if (!user || !passwordOk) throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.invalidCredentials');
  assertMaySignIn(user);
  return user;
}

/** A TOTP or recovery code of the user, under the second-factor throttle; a wrong one → 400 'error.mfaInvalid'. */
async function checkSecondFactor(deps: AppDeps, request: FastifyRequest, userId: string, code: string): Promise<void> {
  if (!(await consumeSecondFactorThrottled(deps, userId, request.ip, code))) throw new ApiError(ApiCode.BAD_REQUEST, 'error.mfaInvalid');
}

/**
 * For a sign-in that carries the second factor in the same call (IDMP console, marketplace registration): with
 * multi-factor on, the code is required (433 'error.mfaRequired') and must be right; without, nothing more.
 */
export async function requireSecondFactorAlong(deps: AppDeps, request: FastifyRequest, user: UserRow, code: string | undefined): Promise<void> {
  if (!(await getMfaState(deps.store.db, user.id)).enabled) return;
  if (!code) throw new ApiError(ApiCode.MFA_REQUIRED, 'error.mfaRequired');
  await checkSecondFactor(deps, request, user.id, code);
}

/**
 * The console's answer once the first factor is proved (password or single sign-on): with multi-factor on a
 * single-use ticket for /uc/api/auth/verify-code (`completeMfaSignIn`), else the session.
 */
export async function answerSignIn(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<LoginResponse> {
  const { db } = deps.store;
  if ((await getMfaState(db, user.id)).enabled) {
    const mfaTicket = await issueAccountToken(db, deps.clock, user.id, 'mfa_ticket', MFA_TICKET_TTL_MS);
    return { mfaRequired: true, mfaTicket };
  }
  return issueSession(deps, request, reply, user.id);
}

/**
 * The multi-factor step of a console sign-in: the ticket of `answerSignIn` and a TOTP or recovery code give the
 * session. The ticket is used up only by a right code (a wrong one may be corrected while the ticket lives).
 */
export async function completeMfaSignIn(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, step: { mfaTicket: string; code: string }): Promise<TokenResponse> {
  const { db } = deps.store;
  const userId = await peekAccountToken(db, deps.clock, step.mfaTicket, 'mfa_ticket');
  const user = userId ? await findUserById(db, userId) : null;
  if (!user) throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.mfaTicketInvalid');
  noteSignInEvent(request, user, SignInOperation.SECOND_FACTOR);
  await checkSecondFactor(deps, request, user.id, step.code);
  if (!(await consumeAccountToken(db, deps.clock, step.mfaTicket, 'mfa_ticket'))) throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.mfaTicketInvalid');
  assertMaySignIn(user);
  return issueSession(deps, request, reply, user.id);
}

/** A session for a user who proved who they are without a console sign-in answer (a new marketplace account). */
export async function startSession(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<TokenResponse> {
  return issueSession(deps, request, reply, user.id);
}
