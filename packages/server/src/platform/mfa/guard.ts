import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { ApiCode, AuthHeader } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { Db } from '../../store/database';
import { sessions } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { consumeSecondFactorThrottled, getMfaState, isVerifyTokenValid } from './mfa-service';
import { isExempted } from './exemptions';

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/**
 * Whether the session was opened once multi-factor was on, i.e. by a sign-in that passed the second factor (every
 * sign-in asks for it then: password, SSO and marketplace alike).
 */
async function sessionOpenedSince(db: Db, sessionId: string | undefined, since: number | null): Promise<boolean> {
  if (!sessionId || since === null) return false;
  const rows = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return rows.length > 0 && rows[0].createdAt >= since;
}

/**
 * The multi-factor check of a protected operation (`policy.mfa`), run after authentication. Without
 * multi-factor on, nothing more is needed; with it, the request must carry a Verify-Token bought with the second
 * factor since it was turned on, or a TOTP (or recovery) code in MFA-Code, or the operation must be exempted —
 * and an exemption spares only sessions signed in with the second factor: a session opened before multi-factor
 * was turned on never proved it, so it steps up for every protected operation.
 */
export async function requireSecondFactor(deps: AppDeps, request: FastifyRequest, user: { id: string; email: string }, urlId: string): Promise<void> {
  const { db } = deps.store;
  const userId = user.id;
  const mfa = await getMfaState(db, userId);
  if (!mfa.enabled) return;
  if ((await sessionOpenedSince(db, request.auth?.sessionId, mfa.enabledAt)) && (await isExempted(db, deps.clock, userId, urlId))) return;
  const verifyToken = header(request, AuthHeader.VERIFY_TOKEN);
  if (verifyToken && (await isVerifyTokenValid(db, deps.clock, userId, verifyToken, mfa.enabledAt))) return;
  const code = header(request, AuthHeader.MFA_CODE);
  if (code) {
    // Wrong codes are throttled like sign-in failures, so the header cannot be used to guess codes.
    if (await consumeSecondFactorThrottled(deps, userId, request.ip, code)) return;
    throw new ApiError(ApiCode.MFA_REQUIRED, 'error.mfaInvalid');
  }
  throw new ApiError(ApiCode.MFA_REQUIRED, 'error.mfaRequired');
}
