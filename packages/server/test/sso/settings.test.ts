import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ActivityEntry, OrgSummary, Page, Role, SsoSetting } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';

const CLIENT_ID = '0f3c8a52-5a1e-4b6e-9f37-2a8f9d7c1e44';
const SECRET = 'very-secret-value~123';

describe('organization SSO settings (/api/org/sso/azure-ad)', () => {
  let t: TestApp;
  let owner: Caller;
  let admin: Caller;
  let stranger: Caller;
  let orgId: string;
  let otherOrg: string;

  /** Invites `member` into `orgId` and grants them the built-in Admin role at organization level. */
  async function joinAsAdmin(member: Caller): Promise<void> {
    await owner.call('POST', '/api/user/invite', { email: member.user.email }, orgId);
    const mail = await t.mailbox.waitFor(member.user.email, /Ssoorg/);
    const token = new URL(mail.text.match(/https?:\/\/\S+accept=\S+/)![0]).searchParams.get('accept')!;
    expect((await member.call('POST', '/uc/api/user/accept', { token })).code).toBe(200);
    const roles = await owner.call<Role[]>('GET', '/api/role', undefined, orgId);
    const adminRole = roles.data.find((r) => r.name === 'Admin')!;
    expect((await owner.call('PUT', '/api/user/roles', { userId: member.user.id, roleId: adminRole.id, resType: 'ORG', expiration: null }, orgId)).code).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t, 'owner@ssoorg.example.com', 'Olivia');
    admin = await signedIn(t, 'admin@ssoorg.example.com', 'Adam');
    stranger = await signedIn(t, 'stranger@elsewhere.example.com', 'Sam');
    orgId = await createOrg(owner, 'Ssoorg');
    otherOrg = await createOrg(stranger, 'Otherorg');
    await joinAsAdmin(admin);
  });
  afterAll(async () => t.close());

  it('has no setting at first: sign-in is public', async () => {
    const res = await owner.call<SsoSetting | null>('GET', '/api/org/sso/azure-ad', undefined, orgId);
    expect(res.code).toBe(200);
    expect(res.data).toBeNull();
  });

  it('refuses an invalid domain, client ID or missing secret with the rule\'s message, in the caller\'s language', async () => {
    const bad = [
      [{ domain: 'not a domain', clientId: CLIENT_ID, clientSecret: SECRET }, 'domain', 'Please enter a valid Azure AD domain (for example contoso.com)'],
      [{ domain: 'contoso', clientId: CLIENT_ID, clientSecret: SECRET }, 'domain', 'Please enter a valid Azure AD domain (for example contoso.com)'],
      [{ domain: 'contoso.com', clientId: 'my-app', clientSecret: SECRET }, 'clientId', 'The client ID is the application ID Azure AD shows: 8-4-4-4-12 hexadecimal digits'],
      [{ domain: 'contoso.com', clientId: CLIENT_ID, clientSecret: '' }, 'clientSecret', 'Please enter the client secret (at most 512 characters)'],
    ] as const;
    for (const [body, field, message] of bad) {
      const res = await owner.call('POST', '/api/org/sso/azure-ad', body, orgId);
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(res.message).toBe(message);
      expect(res.data).toEqual({ field });
    }
    const zh = await owner.call('POST', '/api/org/sso/azure-ad', { domain: 'x', clientId: CLIENT_ID, clientSecret: SECRET }, orgId, { 'accept-language': 'zh-CN' });
    expect(zh.message).toBe('请输入有效的 Azure AD 域名（例如 contoso.com）');
  });

  let created: SsoSetting;

  it('creates the setting for the owner; the answer and every read leave the secret out', async () => {
    const res = await owner.call<SsoSetting>('POST', '/api/org/sso/azure-ad', { domain: 'SSOorg.Example.com', clientId: CLIENT_ID, clientSecret: SECRET, enabled: true }, orgId);
    expect(res.code).toBe(200);
    created = res.data;
    expect(created).toMatchObject({
      orgId,
      identityProvider: 'azure-ad',
      domain: 'ssoorg.example.com',
      connectionName: 'ssoorg-example-com',
      clientId: CLIENT_ID,
      clientSecretSaved: true,
      enabled: true,
      verified: false,
      enforced: false,
      redirectUri: 'http://console.test/auth/authorize',
    });
    expect(JSON.stringify(res)).not.toContain(SECRET);

    const read = await owner.call<SsoSetting>('GET', `/api/org/sso/azure-ad?connection_id=${created.id}`, undefined, orgId);
    expect(read.data).toEqual(created);
    expect(JSON.stringify(read)).not.toContain(SECRET);
    const orgs = await owner.call<Page<OrgSummary>>('GET', '/api/org');
    expect(orgs.data.list.find((o) => o.orgId === orgId)).toMatchObject({ identityProvider: 'azure-ad', connectionName: 'ssoorg-example-com' });
    expect((await stranger.call<Page<OrgSummary>>('GET', '/api/org')).data.list[0]).toMatchObject({ identityProvider: null, connectionName: null });
    // Stored encrypted (AES-256-GCM, docs/sso.md): neither the secret nor its base64 is in the row.
    const stored = JSON.stringify(await t.store.db.execute(sql`SELECT client_secret FROM org_sso_settings`));
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(Buffer.from(SECRET).toString('base64url'));
    expect(stored).toMatch(/enc1:[\w-]{40,}/);
    // The embedded default made its key once under the data directory, readable by the server's user only.
    expect(statSync(join(t.dataDir, 'keys', 'secrets.key')).mode & 0o777).toBe(0o600);
  });

  it('allows one setting per organization and one organization per domain', async () => {
    const again = await owner.call('POST', '/api/org/sso/azure-ad', { domain: 'second.example.com', clientId: CLIENT_ID, clientSecret: SECRET }, orgId);
    expect(again.code).toBe(409);
    expect(again.message).toBe('The organization already has a single sign-on setting');
    const taken = await stranger.call('POST', '/api/org/sso/azure-ad', { domain: 'ssoorg.example.com', clientId: CLIENT_ID, clientSecret: SECRET }, otherOrg);
    expect(taken.code).toBe(409);
    expect(taken.message).toBe('Another organization already uses this domain for single sign-on');
  });

  it('lets an organization admin read it but only the owner change it', async () => {
    const read = await admin.call<SsoSetting>('GET', '/api/org/sso/azure-ad', undefined, orgId);
    expect(read.code).toBe(200);
    expect(read.data.id).toBe(created.id);
    for (const [method, url, body] of [
      ['POST', '/api/org/sso/azure-ad', { domain: 'x.example.com', clientId: CLIENT_ID, clientSecret: SECRET }],
      ['PUT', `/api/org/sso/azure-ad/${created.id}`, { domain: 'ssoorg.example.com', clientId: CLIENT_ID, enabled: false }],
      ['DELETE', `/api/org/sso/azure-ad/${created.id}`, undefined],
      ['POST', `/api/org/sso/azure-ad/${created.id}/verify`, {}],
    ] as const) {
      const res = await admin.call(method, url, body, orgId);
      expect(res.code, `${method} ${url}`).toBe(403);
      expect(res.message).toBe('Only the organization owner can do this');
    }
  });

  it('refuses members of other organizations, whatever id or header they use', async () => {
    expect((await stranger.call('GET', '/api/org/sso/azure-ad', undefined, orgId)).code).toBe(403);
    const own = await stranger.call<SsoSetting | null>('GET', `/api/org/sso/azure-ad?connection_id=${created.id}`, undefined, otherOrg);
    expect(own.code).toBe(404);
    const put = await stranger.call('PUT', `/api/org/sso/azure-ad/${created.id}`, { domain: 'evil.example.com', clientId: CLIENT_ID, clientSecret: 'x' }, otherOrg);
    expect(put.code).toBe(404);
    expect((await stranger.call('DELETE', `/api/org/sso/azure-ad/${created.id}`, undefined, otherOrg)).code).toBe(404);
    const still = await owner.call<SsoSetting>('GET', '/api/org/sso/azure-ad', undefined, orgId);
    expect(still.data.domain).toBe('ssoorg.example.com');
  });

  it('updates keeping the saved secret when none is sent; a changed credential clears the verified flag', async () => {
    await t.store.db.execute(sql`UPDATE org_sso_settings SET verified = true, verified_at = 1 WHERE id = ${created.id}`);
    const same = await owner.call<SsoSetting>('PUT', `/api/org/sso/azure-ad/${created.id}`, { domain: 'ssoorg.example.com', clientId: CLIENT_ID, clientSecret: '', enabled: true }, orgId);
    expect(same.code).toBe(200);
    expect(same.data).toMatchObject({ verified: true, enforced: true, clientSecretSaved: true });
    const changed = await owner.call<SsoSetting>('PUT', `/api/org/sso/azure-ad/${created.id}`, { domain: 'ssoorg.example.com', clientId: CLIENT_ID, clientSecret: 'a-new-secret', enabled: true }, orgId);
    expect(changed.data).toMatchObject({ verified: false, verifiedAt: null, enforced: false });
    const bad = await owner.call('PUT', `/api/org/sso/azure-ad/${created.id}`, { domain: 'ssoorg.example.com', clientId: 'nope', enabled: true }, orgId);
    expect(bad.code).toBe(400);
    expect(bad.message).toBe('The client ID is the application ID Azure AD shows: 8-4-4-4-12 hexadecimal digits');
  });

  it('records the owner\'s changes in the activity log', async () => {
    const log = await owner.call<Page<ActivityEntry>>('GET', '/api/activity?page_size=50', undefined, orgId);
    const operations = log.data.list.map((e) => `${e.operation} ${e.result}`);
    expect(operations).toContain('create SSO setting SUCCESS');
    expect(operations).toContain('update SSO setting SUCCESS');
    expect(operations).toContain('update SSO setting FAILURE');
  });

  it('deletes the setting: sign-in is public again', async () => {
    expect((await owner.call('DELETE', `/api/org/sso/azure-ad/${created.id}`, undefined, orgId)).code).toBe(200);
    expect((await owner.call('GET', '/api/org/sso/azure-ad', undefined, orgId)).data).toBeNull();
    expect((await owner.call('DELETE', `/api/org/sso/azure-ad/${created.id}`, undefined, orgId)).code).toBe(404);
  });
});
