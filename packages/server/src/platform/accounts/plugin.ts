import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { signupRoutes } from '../auth/signup-routes';
import { signinRoutes } from '../auth/signin-routes';
import { passwordRoutes } from '../auth/password-routes';
import { userInfoRoutes } from '../profile/user-info-routes';
import { profileRoutes } from '../profile/profile-routes';
import { avatarRoutes } from '../profile/avatar-routes';
import { phoneRoutes } from '../profile/phone-routes';
import { verificationRoutes } from './verification-routes';
import { assetRoutes } from './asset-routes';
import { marketplaceRoutes } from './marketplace-routes';
import { orgUserRoutes } from './org-user-routes';

/**
 * The accounts area: sign-up, sign-in (its policy: auth/signin-service.ts), password, profile, phone, e-mail codes,
 * IDMP and marketplace sign-in, organization users. Sessions and multi-factor register their own routes
 * (sessions/plugin.ts, mfa/plugin.ts; areas.ts).
 */
export const accountsPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(signupRoutes, deps);
  await app.register(signinRoutes, deps);
  await app.register(passwordRoutes, deps);
  await app.register(userInfoRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(avatarRoutes, deps);
  await app.register(phoneRoutes, deps);
  await app.register(verificationRoutes, deps);
  await app.register(assetRoutes, deps);
  await app.register(marketplaceRoutes, deps);
  await app.register(orgUserRoutes, deps);
};
