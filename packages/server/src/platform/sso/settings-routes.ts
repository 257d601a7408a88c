import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MfaOperation, Privilege, ok, ssoCreateSchema, ssoUpdateSchema, type SsoRedirect, type SsoSetting } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { secretBox } from '../../secrets/secret-box';
import { authOf } from '../accounts';
import { orgOf } from '../access/org-guard-plugin';
import { azureConnection, discoverOrFail, redirectUriOf } from './connections';
import { startFlow } from './flows';
import { authorizationUrl } from './oidc';
import { createSetting, deleteSetting, settingOfOrg, toSsoSetting, updateSetting } from './settings';

type IdParams = { Params: { id: string } };
const getQuery = z.object({ connection_id: z.string().max(64).optional() });
const SETTINGS_URL = '/api/org/sso/azure-ad';

/**
 * The organization's Azure AD setting (platform-shell.md §7 POST, GET, PUT, DELETE /org/sso/azure-ad[/{id}]).
 * Reading needs org:update (owner and organization admins); every change is the owner's alone (§6 "enables SSO")
 * and a protected operation (multi-factor 'org.sso'). The secret is never answered.
 */
export const ssoSettingsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const box = secretBox(deps.config.secrets);
  const view = (row: Parameters<typeof toSsoSetting>[0]) => toSsoSetting(row, redirectUriOf(deps.config));
  const ownerOnly = (request: Parameters<typeof orgOf>[0]) => {
    const ctx = orgOf(request);
    if (!ctx.isOwner) throw ApiError.forbidden('error.ownerOnly');
    return ctx;
  };
  const ownSetting = async (orgId: string, id: string) => {
    const row = await settingOfOrg(db, orgId, id);
    if (!row) throw ApiError.notFound();
    return row;
  };

  app.get(SETTINGS_URL, { config: { policy: { access: 'org', privileges: { allOf: [Privilege.ORG_UPDATE] } } } }, async (request) => {
    const { connection_id: id } = parseWith(getQuery, request.query);
    const row = await settingOfOrg(db, orgOf(request).orgId, id || undefined);
    if (!row && id) throw ApiError.notFound();
    return ok<SsoSetting | null>(row ? view(row) : null);
  });

  app.post(
    SETTINGS_URL,
    { config: { policy: { access: 'org', write: true, mfa: MfaOperation.ORG_SSO, activity: { type: 'organization', operation: 'create SSO setting' } } } },
    async (request) => {
      const ctx = ownerOnly(request);
      const body = parseWith(ssoCreateSchema, request.body);
      const row = await createSetting(db, deps.clock, box, ctx.orgId, authOf(request).userId, body);
      return ok<SsoSetting>(view(row));
    },
  );

  app.put<IdParams>(
    `${SETTINGS_URL}/:id`,
    { config: { policy: { access: 'org', write: true, mfa: MfaOperation.ORG_SSO, activity: { type: 'organization', operation: 'update SSO setting' } } } },
    async (request) => {
      const ctx = ownerOnly(request);
      const row = await ownSetting(ctx.orgId, request.params.id);
      const body = parseWith(ssoUpdateSchema, request.body);
      return ok<SsoSetting>(view(await updateSetting(db, deps.clock, box, row, body)));
    },
  );

  app.delete<IdParams>(
    `${SETTINGS_URL}/:id`,
    { config: { policy: { access: 'org', write: true, mfa: MfaOperation.ORG_SSO, activity: { type: 'organization', operation: 'delete SSO setting' } } } },
    async (request) => {
      const ctx = ownerOnly(request);
      const row = await ownSetting(ctx.orgId, request.params.id);
      await deleteSetting(db, row.id);
      return ok(null);
    },
  );

  /**
   * The verify step: the directory's discovery document must load, then the owner's browser goes through a test
   * sign-in; its callback (/uc/api/auth/auth0-login) sets the verified flag when the signed-in e-mail is in the domain.
   */
  app.post<IdParams>(
    `${SETTINGS_URL}/:id/verify`,
    { config: { policy: { access: 'org', write: true, activity: { type: 'organization', operation: 'start SSO verification' } } } },
    async (request) => {
      const ctx = ownerOnly(request);
      const row = await ownSetting(ctx.orgId, request.params.id);
      const connection = azureConnection(deps.config, box, row);
      const discovery = await discoverOrFail(connection.issuer);
      const flow = await startFlow(db, deps.clock, { kind: 'azure-ad', connection: row.connectionName, purpose: 'verify', settingId: row.id, userId: authOf(request).userId });
      const url = authorizationUrl(discovery, connection.client, { ...flow, extra: { prompt: 'login' } });
      return ok<SsoRedirect>({ url });
    },
  );
};
