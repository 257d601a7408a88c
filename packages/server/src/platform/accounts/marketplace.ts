import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MarketplaceKindValue } from '@tscloud/contracts';

/**
 * Marketplace registration tokens (§2 /auth/aws and /auth/azure). A cloud marketplace sends a subscriber to the
 * landing page with a registration token; a provider per marketplace turns the token into the subscription it
 * stands for. The providers are behind one interface so that a deployment can plug in the marketplaces' own
 * resolve calls (AWS ResolveCustomer, Azure SaaS fulfilment "resolve"); the built-in 'local' provider — used by
 * the embedded edition and by tests, and making no outside call — accepts tokens signed with a key of this
 * deployment (mintMarketplaceToken).
 */
export interface MarketplaceSubscription {
  marketplace: MarketplaceKindValue;
  customerId: string;
  productCode: string;
  /** The subscriber's contact e-mail when the marketplace gives one. */
  email: string;
}

export interface MarketplaceProvider {
  readonly marketplace: MarketplaceKindValue;
  /** The subscription of a token, or null when the token is not genuine or has expired. */
  resolve(token: string, now: number): Promise<MarketplaceSubscription | null>;
}

export interface MarketplaceSettings {
  provider: 'local';
  /** MARKETPLACE_TOKEN_SECRET, or null: a key is created once under DATA_DIR/keys/marketplace.key. */
  secret: string | null;
  keyFile: string;
}

export function loadMarketplaceSettings(env: NodeJS.ProcessEnv, dataDir: string): MarketplaceSettings {
  return { provider: 'local', secret: env.MARKETPLACE_TOKEN_SECRET || null, keyFile: join(dataDir, 'keys', 'marketplace.key') };
}

/** The signing key of local tokens: the configured secret, else a random key kept in the data directory. */
export function marketplaceKey(settings: MarketplaceSettings): string {
  if (settings.secret) return settings.secret;
  if (!existsSync(settings.keyFile)) {
    mkdirSync(dirname(settings.keyFile), { recursive: true });
    writeFileSync(settings.keyFile, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  }
  return readFileSync(settings.keyFile, 'utf8').trim();
}

interface LocalClaims {
  customerId: string;
  productCode: string;
  email?: string;
  /** Epoch ms after which the token is refused. */
  exp: number;
}

const sign = (key: string, marketplace: string, payload: string) => createHmac('sha256', key).update(`${marketplace}.${payload}`).digest('base64url');

/** A local token: base64url(JSON claims) '.' HMAC-SHA256 over the marketplace and the claims. */
export function mintMarketplaceToken(key: string, marketplace: MarketplaceKindValue, claims: LocalClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(key, marketplace, payload)}`;
}

export function localMarketplaceProvider(marketplace: MarketplaceKindValue, key: () => string): MarketplaceProvider {
  return {
    marketplace,
    async resolve(token, now) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(key(), marketplace, payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let claims: Partial<LocalClaims>;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<LocalClaims>;
      } catch {
        return null;
      }
      if (typeof claims.customerId !== 'string' || !claims.customerId || typeof claims.exp !== 'number' || claims.exp <= now) return null;
      return {
        marketplace,
        customerId: claims.customerId,
        productCode: typeof claims.productCode === 'string' ? claims.productCode : '',
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : '',
      };
    },
  };
}

/** One provider per marketplace, from the settings. */
export function marketplaceProviders(settings: MarketplaceSettings): Record<MarketplaceKindValue, MarketplaceProvider> {
  const key = () => marketplaceKey(settings);
  return { aws: localMarketplaceProvider('aws', key), azure: localMarketplaceProvider('azure', key) };
}
