import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiCode, SignInOperation, ok, ssoCallbackSchema, ssoStartSchema, type SsoCallbackResponse, type SsoProviderInfo, type SsoRedirect } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { secretBox } from '../../secrets/secret-box';
import { activityLog } from '../../store/schema';
import { findUserById } from '../accounts/users';
import { answerSignIn } from '../auth/signin-service';
import { noteSignInEvent } from '../activity/note';
import { accountForProfile } from './accounts';
import { asApiError, azureConnection, discoverOrFail, findProvider, providerConnection, type Connection } from './connections';
import { consumeFlow, startFlow } from './flows';
import { authorizationUrl, completeAuthorization, type OidcProfile } from './oidc';
import { emailDomain, enforcedSettingForEmail, markVerified, settingByConnection, settingByDomain, settingById } from './settings';
import type { SsoFlowRow, SsoSettingRow } from './tables';

/**
 * Sign-in through an organization's Azure AD directory or a third-party identity provider: start (where to send
 * the browser) and the callback the /auth/authorize page posts (POST /uc/api/auth/auth0-login, platform-shell.md §7).
 */
export const ssoSigninRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const box = secretBox(deps.config.secrets);
  const publicPolicy = { config: { policy: { access: 'public' as const } } };

  app.get('/uc/api/auth/sso/providers', publicPolicy, async () =>
    ok<SsoProviderInfo[]>(deps.config.sso.providers.map((p) => ({ id: p.id, name: p.name }))),
  );

  /** A setting that may be used to sign in: the owner turned it on. */
  const usableSetting = (row: SsoSettingRow | null): SsoSettingRow => {
    if (!row || !row.enabled) throw ApiError.notFound('error.ssoNotConfigured');
    return row;
  };

  app.post('/uc/api/auth/sso/start', publicPolicy, async (request) => {
    const body = parseWith(ssoStartSchema, request.body);
    let connection: Connection;
    let flow: Parameters<typeof startFlow>[2];
    const extra: Record<string, string> = {};
    if (body.provider) {
      const provider = findProvider(deps.config, body.provider);
      if (!provider) throw ApiError.notFound('error.ssoNotConfigured');
      connection = providerConnection(deps.config, provider);
      flow = { kind: 'provider', connection: provider.id, purpose: 'signin', redirect: body.redirect };
    } else {
      const setting = usableSetting(body.connection ? await settingByConnection(db, body.connection) : await settingByDomain(db, emailDomain(body.email ?? '')));
      connection = azureConnection(deps.config, box, setting);
      flow = { kind: 'azure-ad', connection: setting.connectionName, purpose: 'signin', settingId: setting.id, redirect: body.redirect };
      extra.domain_hint = setting.domain;
      if (body.email) extra.login_hint = body.email;
    }
    const discovery = await discoverOrFail(connection.issuer);
    const started = await startFlow(db, deps.clock, flow);
    return ok<SsoRedirect>({ url: authorizationUrl(discovery, connection.client, { ...started, extra }) });
  });

  /** The connection a flow was started for, as it is now (a setting deleted meanwhile ends the flow). */
  async function connectionOf(flow: SsoFlowRow): Promise<{ connection: Connection; setting: SsoSettingRow | null }> {
    if (flow.kind === 'provider') {
      const provider = findProvider(deps.config, flow.connection);
      if (!provider) throw ApiError.notFound('error.ssoNotConfigured');
      return { connection: providerConnection(deps.config, provider), setting: null };
    }
    const setting = flow.settingId ? await settingById(db, flow.settingId) : null;
    // A change of the setting after the flow started (new domain, client, secret) voids it.
    if (!setting || setting.updatedAt > flow.createdAt) throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.ssoStateInvalid');
    return { connection: azureConnection(deps.config, box, setting), setting };
  }

  async function profileOf(flow: SsoFlowRow, connection: Connection, code: string): Promise<OidcProfile & { email: string }> {
    let profile: OidcProfile;
    try {
      const discovery = await discoverOrFail(connection.issuer);
      profile = await completeAuthorization(discovery, connection.client, code, flow.codeVerifier, flow.nonce);
    } catch (error) {
      app.log.warn({ err: error, kind: flow.kind, connection: flow.connection }, 'single sign-on callback failed');
      throw asApiError(error);
    }
    // An address the provider itself marks unverified proves nothing: treated as no e-mail.
    if (!profile.email || profile.emailVerified === false) throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.ssoNoEmail');
    return { ...profile, email: profile.email };
  }

  async function recordVerification(request: FastifyRequest, setting: SsoSettingRow, userId: string | null): Promise<void> {
    const user = userId ? await findUserById(db, userId) : null;
    await db.insert(activityLog).values({
      orgId: setting.orgId,
      userId: user?.id ?? null,
      originator: user?.email ?? '',
      type: 'organization',
      operation: 'verify SSO setting',
      method: request.method,
      path: request.url.split('?')[0],
      instanceId: null,
      requestIp: request.ip,
      result: 'SUCCESS',
      code: ApiCode.SUCCESS,
      requestTime: deps.clock.now(),
    });
  }

  app.post('/uc/api/auth/auth0-login', publicPolicy, async (request, reply) => {
    const body = parseWith(ssoCallbackSchema, request.body);
    const flow = await consumeFlow(db, deps.clock, body.state);
    if (!flow) throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.ssoStateInvalid');
    if (body.error || !body.code) throw new ApiError(ApiCode.UNAUTHENTICATED, 'error.ssoFailed', [body.error_description || body.error || 'no code']);
    const { connection, setting } = await connectionOf(flow);
    const profile = await profileOf(flow, connection, body.code);

    if (setting) {
      // A directory vouches only for its own domain: an organization cannot sign people of other domains in.
      if (emailDomain(profile.email) !== setting.domain) throw new ApiError(ApiCode.FORBIDDEN, 'error.ssoDomainMismatch', [profile.email]);
      if (flow.purpose === 'verify') {
        await markVerified(db, deps.clock, setting.id);
        await recordVerification(request, setting, flow.userId);
        return ok<SsoCallbackResponse>({ kind: 'verified', orgId: setting.orgId, connectionName: setting.connectionName });
      }
      if (!setting.enabled) throw ApiError.notFound('error.ssoNotConfigured');
    } else {
      // Members of an organization held to SSO use their directory, not a third-party provider.
      const enforced = await enforcedSettingForEmail(db, profile.email);
      if (enforced) throw new ApiError(ApiCode.FORBIDDEN, 'error.ssoRequired', [], { connectionName: enforced.connectionName });
    }
    const user = await accountForProfile(deps, profile);
    noteSignInEvent(request, user, setting ? SignInOperation.SSO : SignInOperation.THIRD_PARTY);
    return ok<SsoCallbackResponse>({ kind: 'signin', login: await answerSignIn(deps, request, reply, user), redirect: flow.redirect });
  });
};
