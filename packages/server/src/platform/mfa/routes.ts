import type { FastifyPluginAsync } from 'fastify';
import { consumePromptCode } from '../accounts/email-codes';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import QRCode from 'qrcode';
import {
  ApiCode,
  AuthHeader,
  MfaOperation,
  mfaCodeSchema,
  mfaConfirmSchema,
  mfaExemptionSchema,
  ok,
  secondFactorCodeSchema,
  verifyTokenSchema,
  type MfaConfirmResponse,
  type MfaEnrollResponse,
  type MfaExemptionState,
  type MfaStatus,
  type VerifyTokenResponse,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { userMfa } from '../../store/schema';
import { parseWith } from '../../http/validate';
import { ApiError } from '../../http/api-error';
import { authOf } from '../auth/guard-plugin';
import { verifyPassword } from '../accounts/passwords';
import { throttledGuess } from '../auth/attempts';
import { newTotpSecret, totpFor } from './totp';
import {
  consumeSecondFactor,
  consumeSecondFactorThrottled,
  consumeTotp,
  countRecoveryCodes,
  deleteRecoveryCodes,
  dropVerifyTokens,
  getMfaState,
  isVerifyTokenValid,
  issueRecoveryCodes,
  issueVerifyToken,
  totpBox,
  totpSecretContext,
} from './mfa-service';
import { activeExemptions, clearExemptions, setExemptions } from './exemptions';
import { isExemptible, isVerifyUrlId, verifyUrls } from './verify-urls';

const secondFactorBody = z.object({ code: secondFactorCodeSchema });

/** Multi-factor settings, Verify-Tokens and exemptions (the sign-in's multi-factor step is in auth/signin-service.ts). */
export const mfaRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const box = totpBox(deps);

  app.get('/api/dict/verify-urls', { config: { policy: { access: 'public' } } }, async (request) => ok(verifyUrls(request.lang)));

  app.get('/api/user/mfa', { config: { policy: { access: 'user' } } }, async (request) => {
    const { userId } = authOf(request);
    const state = await getMfaState(db, userId);
    return ok<MfaStatus>({ enabled: state.enabled, recoveryCodesRemaining: state.enabled ? await countRecoveryCodes(db, userId) : 0 });
  });

  /** Starts TOTP enrolment: a new secret, pending until a code from the authenticator app confirms it. */
  app.post('/api/user/mfa/enroll', { config: { policy: { access: 'user', write: true } } }, async (request) => {
    const { user } = authOf(request);
    if ((await getMfaState(db, user.id)).enabled) throw ApiError.conflict('error.mfaAlreadyEnabled');
    const secret = newTotpSecret();
    const sealedSecret = box.seal(secret, totpSecretContext(user.id));
    await db.insert(userMfa).values({ userId: user.id, pendingSecret: sealedSecret }).onConflictDoUpdate({ target: userMfa.userId, set: { pendingSecret: sealedSecret } });
    const otpauthUri = totpFor(secret, user.email).toString();
    return ok<MfaEnrollResponse>({ secret, otpauthUri, qrDataUrl: await QRCode.toDataURL(otpauthUri) });
  });

  app.post('/api/user/mfa/confirm', { config: { policy: { access: 'user', write: true } } }, async (request) => {
    const { code } = parseWith(mfaConfirmSchema, request.body);
    const { userId } = authOf(request);
    const state = await getMfaState(db, userId);
    if (state.enabled) throw ApiError.conflict('error.mfaAlreadyEnabled');
    if (!(await consumeTotp(db, deps.clock, box, userId, code, 'pending'))) throw new ApiError(ApiCode.BAD_REQUEST, 'error.mfaInvalid');
    await db
      .update(userMfa)
      .set({ secret: state.pendingSecret, pendingSecret: null, enabled: true, enabledAt: deps.clock.now() })
      .where(eq(userMfa.userId, userId));
    await dropVerifyTokens(db, userId);
    return ok<MfaConfirmResponse>({ recoveryCodes: await issueRecoveryCodes(db, userId) });
  });

  /** Turns multi-factor off; proves itself with a TOTP or recovery code in the body, so it is not in policy.mfa. */
  app.post('/api/user/mfa/disable', { config: { policy: { access: 'user', write: true } } }, async (request) => {
    const { code } = parseWith(mfaCodeSchema, request.body);
    const { userId } = authOf(request);
    if (!(await getMfaState(db, userId)).enabled) throw new ApiError(ApiCode.BAD_REQUEST, 'error.mfaNotEnabled');
    if (!(await consumeSecondFactor(db, deps.clock, box, userId, code))) throw new ApiError(ApiCode.BAD_REQUEST, 'error.mfaInvalid');
    await db.delete(userMfa).where(eq(userMfa.userId, userId));
    await deleteRecoveryCodes(db, userId);
    await clearExemptions(db, userId);
    return ok(null);
  });

  /**
   * A Verify-Token for protected operations, reusable for MFA_TOKEN_REUSE_MS. With multi-factor on only the second
   * factor buys one (a TOTP or recovery code): the password, or a code sent to the mailbox or phone, is what the
   * holder of a stolen or older session may have too. Without it (§4 "a code or password"): the password, or a
   * prompt code from GET /api/user/getVerifyCode/{channel}. Guesses are throttled like sign-in guesses.
   */
  app.post('/api/verify/token', { config: { policy: { access: 'user' } } }, async (request) => {
    const body = parseWith(verifyTokenSchema, request.body);
    const { user } = authOf(request);
    let verified: boolean;
    if ((await getMfaState(db, user.id)).enabled) {
      if (!body.code) throw new ApiError(ApiCode.BAD_REQUEST, 'error.mfaCodeNeeded', [], { field: 'code' });
      const { code } = parseWith(secondFactorBody, { code: body.code });
      verified = await consumeSecondFactorThrottled(deps, user.id, request.ip, code);
    } else {
      const guess = { subject: user.email, address: request.ip };
      verified = await throttledGuess(db, deps.clock, guess, async () =>
        body.code ? consumePromptCode(db, deps.clock, user.id, body.code) : verifyPassword(user.passwordHash, body.password ?? ''),
      );
    }
    if (!verified) throw new ApiError(ApiCode.BAD_REQUEST, body.code ? 'error.mfaInvalid' : 'error.wrongPassword');
    return ok<VerifyTokenResponse>(await issueVerifyToken(db, deps.clock, user.id));
  });

  app.get('/api/verify/user-mfa-urls', { config: { policy: { access: 'user' } } }, async (request) => {
    const { userId } = authOf(request);
    const now = deps.clock.now();
    const mfa = await getMfaState(db, userId);
    const exemptions = await activeExemptions(db, deps.clock, userId);
    const expiration = exemptions.length ? Math.max(...exemptions.map((e) => e.untilAt)) : null;
    const verifyToken = request.headers[AuthHeader.VERIFY_TOKEN];
    const certified = typeof verifyToken === 'string' && verifyToken !== '' && (await isVerifyTokenValid(db, deps.clock, userId, verifyToken, mfa.enabled ? mfa.enabledAt : null));
    return ok<MfaExemptionState>({
      enabled: mfa.enabled,
      remaining: expiration === null ? 0 : Math.ceil((expiration - now) / 1000),
      certified,
      expiration,
      urlIds: exemptions.map((e) => e.urlId).filter(isVerifyUrlId),
    });
  });

  /**
   * Exempts protected operations from multi-factor for `minutes` (default 10; 0 re-enables them) or until an
   * end time, which must be in the future. Itself a protected operation that cannot be exempted.
   */
  app.post('/api/verify/user-mfa-urls', { config: { policy: { access: 'user', write: true, mfa: MfaOperation.MFA_SETTINGS } } }, async (request) => {
    const body = parseWith(mfaExemptionSchema, request.body);
    const { userId } = authOf(request);
    if (!(await getMfaState(db, userId)).enabled) throw new ApiError(ApiCode.BAD_REQUEST, 'error.mfaNotEnabled');
    const urlIds = [...new Set(body.urlIds)];
    for (const id of urlIds) {
      if (!isVerifyUrlId(id)) throw new ApiError(ApiCode.BAD_REQUEST, 'validation.formFormat', [], { field: 'urlIds' });
      if (!isExemptible(id)) throw new ApiError(ApiCode.BAD_REQUEST, 'error.mfaNotExemptible', [], { field: 'urlIds' });
    }
    const now = deps.clock.now();
    let untilAt: number | null;
    if (body.until !== undefined) {
      if (body.until <= now) throw new ApiError(ApiCode.BAD_REQUEST, 'validation.expiration', [], { field: 'until' });
      untilAt = body.until;
    } else {
      untilAt = body.minutes === 0 ? null : now + body.minutes * 60_000;
    }
    await setExemptions(db, userId, urlIds, untilAt);
    return ok({ urlIds, expiration: untilAt });
  });
};
