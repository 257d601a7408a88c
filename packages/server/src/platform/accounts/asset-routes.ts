import type { FastifyPluginAsync } from 'fastify';
import {
  ApiCode,
  assetLoginSchema,
  assetRegisterSchema,
  assetTokenCheckSchema,
  assetUserLoginSchema,
  ok,
  type AssetTokenInfo,
  type AssetTokenResponse,
  type SignupResponse,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { ApiError } from '../../http/api-error';
import { authOf } from '../auth/guard-plugin';
import { assertMaySignIn } from '../auth/signin-routes';
import { assertSignInAllowed, clearAccountFailures, recordSignInFailure } from '../auth/attempts';
import { signUp } from '../auth/signup-routes';
import { consumeSecondFactor, getMfaState, totpBox } from '../mfa/mfa-service';
import { spendPasswordTime, verifyPassword } from './passwords';
import { findUserByEmail, normalizeEmail } from './users';
import { assetInstanceFor, checkAssetToken, issueAssetToken } from './asset';

/**
 * IDMP (asset) instance consoles and the tscloud account (§7 /auth/asset-login, /auth/register/asset,
 * /user/login/asset): signing in there with the tscloud account gives a token for that instance only.
 */
export const assetRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  /** Sign-in on an IDMP console with e-mail and password (and the second factor when on). */
  app.post('/uc/api/auth/asset-login', { config: { policy: { access: 'public' } } }, async (request) => {
    const body = parseWith(assetLoginSchema, request.body);
    const email = normalizeEmail(body.email);
    await assertSignInAllowed(db, deps.clock, email, request.ip);
    const user = await findUserByEmail(db, email);
    const passwordOk = user ? await verifyPassword(user.passwordHash, body.password) : (await spendPasswordTime(body.password), false);
    if (!user || !passwordOk) {
      await recordSignInFailure(db, deps.clock, email, request.ip);
      throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.invalidCredentials');
    }
    assertMaySignIn(user);
    if ((await getMfaState(db, user.id)).enabled) {
      if (!body.code) throw new ApiError(ApiCode.MFA_REQUIRED, 'error.mfaRequired');
      if (!(await consumeSecondFactor(db, deps.clock, totpBox(deps), user.id, body.code))) {
        await recordSignInFailure(db, deps.clock, email, request.ip);
        throw new ApiError(ApiCode.BAD_REQUEST, 'error.mfaInvalid');
      }
    }
    await clearAccountFailures(db, email);
    const instance = await assetInstanceFor(db, deps.clock, user, body.instanceId);
    return ok<AssetTokenResponse>(await issueAssetToken(db, deps.clock, user.id, instance));
  });

  /** The signed-in console user opens an IDMP instance's console: no password again. */
  app.post('/uc/api/user/login/asset', { config: { policy: { access: 'user' } } }, async (request) => {
    const { instanceId } = parseWith(assetUserLoginSchema, request.body);
    const { user } = authOf(request);
    const instance = await assetInstanceFor(db, deps.clock, user, instanceId);
    return ok<AssetTokenResponse>(await issueAssetToken(db, deps.clock, user.id, instance));
  });

  /** The IDMP instance checks a token it was handed; a token of another instance is refused. */
  app.post('/uc/api/auth/asset/verify', { config: { policy: { access: 'public' } } }, async (request) => {
    const body = parseWith(assetTokenCheckSchema, request.body);
    return ok<AssetTokenInfo>(await checkAssetToken(db, deps.clock, body.token, body.instanceId));
  });

  /**
   * Sign-up started from an IDMP console: the account is created like POST /uc/api/auth/register, and the
   * activation link carries the instance (`&asset=`) so the activation page leads back to that console's sign-in.
   * Access to the instance still comes from its organization (an invitation or a grant).
   */
  app.post('/uc/api/auth/register/asset', { config: { policy: { access: 'public' } } }, async (request) => {
    const body = parseWith(assetRegisterSchema, request.body);
    return ok<SignupResponse>(await signUp(deps, request, body, body.instanceId));
  });
};
