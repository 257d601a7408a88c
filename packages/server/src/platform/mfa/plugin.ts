import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { sealStoredTotpSecrets, totpBox } from './mfa-service';
import { mfaRoutes } from './routes';

/**
 * The multi-factor area: TOTP enrolment, recovery codes, Verify-Tokens and exemptions of protected operations.
 * (The check of `policy.mfa` runs in the authentication guard, mfa/guard.ts; the sign-in's second factor in
 * auth/signin-service.ts.)
 */
export const mfaPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // TOTP secrets saved before encryption at rest are sealed now; a sealed one another key wrote is reported.
  const { sealed, unreadable } = await sealStoredTotpSecrets(deps.store.db, totpBox(deps));
  if (sealed) app.log.info({ sealed }, 'TOTP secrets encrypted at rest');
  if (unreadable) app.log.error({ unreadable }, 'TOTP secrets that SECRETS_KEY cannot decrypt: those users must sign in with a recovery code and enrol again');
  await app.register(mfaRoutes, deps);
};
