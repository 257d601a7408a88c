import type { FastifyPluginAsync } from 'fastify';
import {
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
import { authOf } from '../auth/guard-plugin';
import { checkPassword, requireSecondFactorAlong } from '../auth/signin-service';
import { signUp } from '../auth/signup-routes';
import { normalizeEmail } from './users';
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
    const user = await checkPassword(deps, request, { email: normalizeEmail(body.email), password: body.password });
    await requireSecondFactorAlong(deps, request, user, body.code);
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
