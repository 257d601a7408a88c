import type { FastifyRequest } from 'fastify';
import { ApiCode, AuthHeader } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { consumeTotp, getMfaState, isVerifyTokenValid, totpBox } from './mfa-service';
import { isExempted } from './exemptions';
import { assertSignInAllowed, recordSignInFailure } from '../auth/attempts';

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/**
 * The multi-factor check of a protected operation (`policy.mfa`), run after authentication. Without
 * multi-factor on, nothing more is needed; with it, the operation must be temporarily exempted, or the request
 * must carry a valid Verify-Token or a current TOTP code in MFA-Code.
 */
export async function requireSecondFactor(deps: AppDeps, request: FastifyRequest, user: { id: string; email: string }, urlId: string): Promise<void> {
  const { db } = deps.store;
  const { id: userId, email } = user;
  const mfa = await getMfaState(db, userId);
  if (!mfa.enabled) return;
  if (await isExempted(db, deps.clock, userId, urlId)) return;
  const verifyToken = header(request, AuthHeader.VERIFY_TOKEN);
  if (verifyToken && (await isVerifyTokenValid(db, deps.clock, userId, verifyToken))) return;
  const code = header(request, AuthHeader.MFA_CODE);
  if (code) {
    // Wrong codes are throttled like sign-in failures, so the header cannot be used to guess codes.
    await assertSignInAllowed(db, deps.clock, email, request.ip);
    if (await consumeTotp(db, deps.clock, totpBox(deps), userId, code)) return;
    await recordSignInFailure(db, deps.clock, email, request.ip);
    throw new ApiError(ApiCode.MFA_REQUIRED, 'error.mfaInvalid');
  }
  throw new ApiError(ApiCode.MFA_REQUIRED, 'error.mfaRequired');
}
