import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { secretBox } from '../../secrets/secret-box';
import { sealStoredSecrets } from './settings';
import { ssoSettingsRoutes } from './settings-routes';
import { ssoSigninRoutes } from './signin-routes';

/** Single sign-on: organizations' Azure AD settings and the SSO / third-party sign-in flows (docs/sso.md). */
export const ssoPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // Client secrets saved before encryption at rest are sealed now; a sealed one another key wrote is reported.
  const { sealed, unreadable } = await sealStoredSecrets(deps.store.db, secretBox(deps.config.secrets));
  if (sealed) app.log.info({ sealed }, 'SSO client secrets encrypted at rest');
  if (unreadable) app.log.error({ unreadable }, 'SSO client secrets that SECRETS_KEY cannot decrypt: those organizations must save theirs again');
  await app.register(ssoSettingsRoutes, deps);
  await app.register(ssoSigninRoutes, deps);
};
