import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (the `oidc-provider` package) on a local port, for the SSO tests: discovery, JWKS,
 * authorization endpoint with its interaction, token and userinfo endpoints, signed id_tokens. Who signs in is
 * chosen by the test (`nextAccount`); consent is granted at once.
 */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export class TestOpenIdProvider {
  nextAccount: TestAccount = { sub: 'nobody' };
  private readonly accounts = new Map<string, TestAccount>();

  private constructor(
    readonly issuer: string,
    private readonly server: Server,
  ) {}

  static async start(clients: TestClient[]): Promise<TestOpenIdProvider> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const op = new TestOpenIdProvider(issuer, server);
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    const provider = new Provider(issuer, {
      clients: clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' })),
      jwks: { keys: [jwk] },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      features: { devInteractions: { enabled: false } },
      findAccount: async (_ctx: unknown, sub: string) => {
        const account = op.accounts.get(sub);
        return account ? { accountId: sub, claims: async () => ({ ...account }) } : undefined;
      },
      // Consent is given at once: the grant covers what the client asked for.
      loadExistingGrant: async (ctx: { oidc: { client: { clientId: string }; session: { accountId?: string }; provider: Provider } }) => {
        const accountId = ctx.oidc.session.accountId;
        if (!accountId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    const handler = provider.callback();
    server.on('request', (req, res) => {
      if (!req.url?.startsWith('/interaction/')) return handler(req, res);
      void (async () => {
        try {
          await provider.interactionDetails(req, res);
          const account = op.nextAccount;
          op.accounts.set(account.sub, account);
          await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
        } catch (error) {
          res.statusCode = 500;
          res.end(String(error));
        }
      })();
    });
    return op;
  }

  /**
   * Plays the browser: follows the authorization URL through the provider's interaction (carrying its cookies)
   * until it redirects to `redirectUri`, and answers the query the console's /auth/authorize page would get.
   */
  async browse(authorizationUrl: string, redirectUri: string): Promise<URLSearchParams> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const i = pair.indexOf('=');
        jar.set(pair.slice(0, i), pair.slice(i + 1));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status} without a redirect: ${await response.text()}`);
      url = new URL(location, url).toString();
      if (url.startsWith(redirectUri)) return new URL(url).searchParams;
    }
    throw new Error('too many redirects at the provider');
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
