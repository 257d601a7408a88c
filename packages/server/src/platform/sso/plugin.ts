import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { ssoSettingsRoutes } from './settings-routes';
import { ssoSigninRoutes } from './signin-routes';

/** Single sign-on: organizations' Azure AD settings and the SSO / third-party sign-in flows (docs/sso.md). */
export const ssoPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(ssoSettingsRoutes, deps);
  await app.register(ssoSigninRoutes, deps);
};
