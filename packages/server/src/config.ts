import { resolve } from 'node:path';
import { TICKET_FILES_DEFAULT_COUNT } from '@tscloud/contracts';
import { loadMonitoringConfig, type MonitoringConfig } from './region/monitoring/config';
import { loadCaptchaSettings, type CaptchaSettings } from './platform/accounts/captcha';
import { loadMarketplaceSettings, type MarketplaceSettings } from './platform/accounts/marketplace';
import { loadFreePlanOrgLimit } from './platform/accounts/org-quota';
import { loadSsoConfig, type SsoConfig } from './platform/sso/config';
import { loadSecretsSettings, type SecretsSettings } from './secrets/secret-box';
import { parseTrustProxy, type TrustProxy } from './http/client-address';
import { loadGuardPolicy, type GuardPolicy } from './region/replication/sources/guard';
import { loadFileStorage, type FileStorageConfig } from './platform/files/storage';

/** The build variant: which edition of the console this deployment serves (README "Configuration"). */
export type Edition = 'international' | 'china';
export type Marketplace = 'none' | 'aws' | 'azure';

export interface ServerConfig {
  port: number;
  host: string;
  /** Everything the embedded default keeps on disk lives under here. */
  dataDir: string;
  /** A real PostgreSQL server; without it the store is embedded PGlite under dataDir/store. */
  databaseUrl: string | null;
  /** SMTP delivery (smtp://user:pass@host:port); without it mail goes to dataDir/outbox as .eml files. */
  smtpUrl: string | null;
  mailFrom: string;
  /** The address users reach the console at; links in e-mail point here. */
  publicUrl: string;
  edition: Edition;
  marketplace: Marketplace;
  supportEmail: string;
  /** The community contact's invitation link (COMMUNITY_URL, http or https only), or null (contracts' WebVariant). */
  communityUrl: string | null;
  /** Which X-Forwarded-For entries are believed for the client address (TRUST_PROXY; http/client-address.ts). */
  trustProxy: TrustProxy;
  /** Create the demo account and print it at start (TSCLOUD_DEMO=1, which npm start sets, and no --no-demo). */
  demo: boolean;
  /** Where the built web app is; served at / when present. */
  webDist: string;
  /** The metrics sampler and threshold alerts (region/monitoring). */
  monitoring: MonitoringConfig;
  /** Azure AD authority and third-party identity providers (platform/sso). */
  sso: SsoConfig;
  /** The human check of sign-up calls (off unless CAPTCHA_PROVIDER=recaptcha). */
  captcha: CaptchaSettings;
  /** How marketplace registration tokens are resolved (platform/accounts/marketplace.ts). */
  marketplaces: MarketplaceSettings;
  /** Organizations a free-plan user may own (FREE_PLAN_MAX_ORGANIZATIONS; null: no limit). */
  freePlanMaxOrganizations: number | null;
  /** The key that encrypts stored secrets (SECRETS_KEY, else a key file under dataDir; secrets/secret-box.ts). */
  secrets: SecretsSettings;
  /**
   * Which hosts data-in sources may connect to (region/replication/sources/guard.ts): DATAIN_PRIVATE_NETWORKS
   * (allow, the default: the embedded setup's sources are local; a hosted deployment sets deny) and
   * DATAIN_BLOCKED_HOSTS (host suffixes and CIDRs, comma-separated). Link-local/metadata is refused regardless.
   */
  datainGuard: GuardPolicy;
  /**
   * How long a node's claim on a data-in task (DATAIN_LEASE_MS) and on an instance (INSTANCE_LEASE_MS) holds without
   * renewal, 30 s by default: after a kill -9 the next node takes them over once they ran out. The tests' restarted
   * server sets a few seconds rather than wait (docs/operations.md "Leases").
   */
  datainLeaseMs: number;
  instanceLeaseMs: number;
  /** How often the TDengine clusters' health is checked and shown as their instances' status (docs/clusters.md). */
  clusterHealthMs: number;
  /** How many files an issue and a comment may each carry (SUPPORT_MAX_FILES; §5 "a configured count"). */
  supportMaxFiles: number;
  /** Where uploaded files' bytes are kept: DATA_DIR/files, or an S3-compatible bucket (FILES_S3_*; platform/files/storage.ts). */
  files: FileStorageConfig;
}

function intFrom(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The server's configuration from the environment and, for `--no-demo`, the command line's arguments. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): ServerConfig {
  const port = intFrom(env.PORT, 8080);
  const host = env.HOST ?? '127.0.0.1';
  const edition: Edition = env.TSCLOUD_EDITION === 'china' ? 'china' : 'international';
  const marketplace: Marketplace = env.TSCLOUD_MARKETPLACE === 'aws' || env.TSCLOUD_MARKETPLACE === 'azure' ? env.TSCLOUD_MARKETPLACE : 'none';
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'tscloud <no-reply@tscloud.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/$/, ''),
    edition,
    marketplace,
    supportEmail: env.SUPPORT_EMAIL ?? 'support@tscloud.local',
    communityUrl: /^https?:\/\/\S+$/.test(env.COMMUNITY_URL?.trim() ?? '') ? env.COMMUNITY_URL!.trim() : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    demo: (env.TSCLOUD_DEMO === '1' || env.TSCLOUD_DEMO === 'true') && !argv.includes('--no-demo'),
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    monitoring: loadMonitoringConfig(env),
    captcha: loadCaptchaSettings(env),
    marketplaces: loadMarketplaceSettings(env, resolve(env.DATA_DIR ?? './data')),
    freePlanMaxOrganizations: loadFreePlanOrgLimit(env),
    sso: loadSsoConfig(env),
    secrets: loadSecretsSettings(env, resolve(env.DATA_DIR ?? './data')),
    datainGuard: loadGuardPolicy(env),
    datainLeaseMs: intFrom(env.DATAIN_LEASE_MS, 30_000),
    instanceLeaseMs: intFrom(env.INSTANCE_LEASE_MS, 30_000),
    clusterHealthMs: intFrom(env.CLUSTER_HEALTH_MS, 30_000),
    supportMaxFiles: intFrom(env.SUPPORT_MAX_FILES, TICKET_FILES_DEFAULT_COUNT),
    files: loadFileStorage(env),
  };
}
