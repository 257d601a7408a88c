import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SsoSetting } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import type { Clock } from '../../clock';
import { ApiError } from '../../http/api-error';
import { SecretUnreadableError, type SecretBox } from '../../secrets/secret-box';
import { resealStored } from '../../secrets/reseal';
import { orgSsoSettings, type SsoSettingRow } from './tables';

/** What a setting's sealed client secret is bound to: moved to another row, it no longer opens. */
const secretContext = (id: string) => `org_sso_settings.client_secret:${id}`;

/** The client secret of a setting in plain text (for the OpenID client only; never answered). */
export function clientSecretOf(box: SecretBox, row: SsoSettingRow): string {
  return box.open(row.clientSecret, secretContext(row.id));
}

/**
 * Encrypts the client secrets written before encryption at rest, or sealed with a previous key (key rotation), with
 * the current key (run at start, idempotent): a row is changed only while it still holds the value read, so
 * concurrent starts do not seal twice. `updated_at` is kept, so sign-ins under way go on. Answers how many rows were
 * sealed and how many sealed ones no key of this server can open.
 */
export async function sealStoredSecrets(db: Db, box: SecretBox): Promise<{ sealed: number; unreadable: number }> {
  const rows = await db.select({ id: orgSsoSettings.id, clientSecret: orgSsoSettings.clientSecret }).from(orgSsoSettings);
  return resealStored(
    box,
    rows.map((row) => ({
      value: row.clientSecret,
      context: secretContext(row.id),
      replace: async (sealed: string) =>
        (
          await db
            .update(orgSsoSettings)
            .set({ clientSecret: sealed })
            .where(and(eq(orgSsoSettings.id, row.id), eq(orgSsoSettings.clientSecret, row.clientSecret)))
            .returning({ id: orgSsoSettings.id })
        ).length > 0,
    })),
  );
}

/** The connection name of a domain: its labels joined by dashes (contoso.com → contoso-com). Unique as domains are. */
export function connectionNameOf(domain: string): string {
  return domain.toLowerCase().replace(/\./g, '-');
}

/** The domain part of an e-mail address, lower case; '' when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).trim().toLowerCase();
}

/** Whether members are held to SSO: the owner turned it on and a test sign-in proved the directory works. */
export function isEnforced(row: SsoSettingRow): boolean {
  return row.enabled && row.verified;
}

/** The API view: never the secret. */
export function toSsoSetting(row: SsoSettingRow, redirectUri: string): SsoSetting {
  return {
    id: row.id,
    orgId: row.orgId,
    identityProvider: row.identityProvider,
    connectionName: row.connectionName,
    domain: row.domain,
    clientId: row.clientId,
    clientSecretSaved: row.clientSecret.length > 0,
    enabled: row.enabled,
    verified: row.verified,
    verifiedAt: row.verifiedAt,
    enforced: isEnforced(row),
    redirectUri,
    updatedAt: row.updatedAt,
  };
}

export async function settingOfOrg(db: Db, orgId: string, id?: string): Promise<SsoSettingRow | null> {
  const where = id ? and(eq(orgSsoSettings.orgId, orgId), eq(orgSsoSettings.id, id)) : eq(orgSsoSettings.orgId, orgId);
  const rows = await db.select().from(orgSsoSettings).where(where).limit(1);
  return rows[0] ?? null;
}

export async function settingByConnection(db: Db, connectionName: string): Promise<SsoSettingRow | null> {
  const rows = await db.select().from(orgSsoSettings).where(eq(orgSsoSettings.connectionName, connectionName.toLowerCase())).limit(1);
  return rows[0] ?? null;
}

export async function settingByDomain(db: Db, domain: string): Promise<SsoSettingRow | null> {
  if (!domain) return null;
  const rows = await db.select().from(orgSsoSettings).where(eq(orgSsoSettings.domain, domain.toLowerCase())).limit(1);
  return rows[0] ?? null;
}

export async function settingById(db: Db, id: string): Promise<SsoSettingRow | null> {
  const rows = await db.select().from(orgSsoSettings).where(eq(orgSsoSettings.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The SSO setting that holds an e-mail address to single sign-on, if any. */
export async function enforcedSettingForEmail(db: Db, email: string): Promise<SsoSettingRow | null> {
  const row = await settingByDomain(db, emailDomain(email));
  return row && isEnforced(row) ? row : null;
}

async function assertDomainFree(db: Db, domain: string, exceptId?: string): Promise<void> {
  const other = await settingByDomain(db, domain);
  if (other && other.id !== exceptId) throw ApiError.conflict('error.ssoDomainUsed');
}

export interface SettingInput {
  domain: string;
  clientId: string;
  clientSecret: string;
  enabled: boolean;
}

export async function createSetting(db: Db, clock: Clock, box: SecretBox, orgId: string, userId: string, input: SettingInput): Promise<SsoSettingRow> {
  if (await settingOfOrg(db, orgId)) throw ApiError.conflict('error.ssoExists');
  await assertDomainFree(db, input.domain);
  const now = clock.now();
  const id = randomUUID();
  const rows = await db
    .insert(orgSsoSettings)
    .values({
      id,
      orgId,
      connectionName: connectionNameOf(input.domain),
      domain: input.domain,
      clientId: input.clientId,
      clientSecret: box.seal(input.clientSecret, secretContext(id)),
      enabled: input.enabled,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent create for the same organization or domain won.
  if (!rows[0]) throw ApiError.conflict('error.ssoDomainUsed');
  return rows[0];
}

/** Changes a setting; a new domain, client ID or secret clears the verified flag (the test sign-in is redone). */
export async function updateSetting(db: Db, clock: Clock, box: SecretBox, row: SsoSettingRow, input: SettingInput): Promise<SsoSettingRow> {
  await assertDomainFree(db, input.domain, row.id);
  // An empty secret keeps the saved one; a given one is compared in plain text (each sealing differs). One this
  // key cannot open (the key was replaced) counts as changed, so the owner can save it again.
  const saved = (() => {
    try {
      return clientSecretOf(box, row);
    } catch (error) {
      if (error instanceof SecretUnreadableError) return null;
      throw error;
    }
  })();
  const secretChanged = input.clientSecret !== '' && input.clientSecret !== saved;
  const credentialsChanged = input.domain !== row.domain || input.clientId !== row.clientId || secretChanged;
  const rows = await db
    .update(orgSsoSettings)
    .set({
      domain: input.domain,
      connectionName: connectionNameOf(input.domain),
      clientId: input.clientId,
      ...(secretChanged ? { clientSecret: box.seal(input.clientSecret, secretContext(row.id)) } : {}),
      enabled: input.enabled,
      ...(credentialsChanged ? { verified: false, verifiedAt: null } : {}),
      updatedAt: clock.now(),
    })
    .where(eq(orgSsoSettings.id, row.id))
    .returning();
  if (!rows[0]) throw ApiError.notFound();
  return rows[0];
}

export async function markVerified(db: Db, clock: Clock, id: string): Promise<void> {
  const now = clock.now();
  await db.update(orgSsoSettings).set({ verified: true, verifiedAt: now }).where(eq(orgSsoSettings.id, id));
}

export async function deleteSetting(db: Db, id: string): Promise<void> {
  await db.delete(orgSsoSettings).where(eq(orgSsoSettings.id, id));
}
