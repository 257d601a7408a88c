import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type MfaEnrollResponse, type OrgDeleteCheck, type OrgSummary, type Page } from '@tscloud/contracts';
import { provideBillingStanding, provideInstanceDirectory } from '../../src/platform/access';
import { activeAccount, call, expectRefusal, totpCode, type AccountsTestApp, createAccountsApp } from '../accounts/helpers';

/**
 * Issue 14 item 13: deleting an organization checks its precondition (no instance, no arrears) before it asks for
 * the second factor, and still needs that factor for the delete itself; the dialog's check answers the same rule.
 */
describe('organization delete: the precondition before the second factor', () => {
  const STEP_MS = 30_000;
  const HAS_INSTANCES = 'Delete all instances of the organization and clear its arrears first';
  let t: AccountsTestApp;
  let token: string;
  let secret: string;
  let orgId: string;
  let instances = 1;
  let arrears = false;

  const nextCode = () => {
    t.clock.advance(STEP_MS);
    return totpCode(secret, t.clock);
  };
  const inOrg = (headers: Record<string, string> = {}) => ({ token, headers: { 'account-id': orgId, ...headers } });

  beforeAll(async () => {
    t = await createAccountsApp();
    token = await activeAccount(t, 'doomed.owner@example.com');
    const orgs = await call<Page<OrgSummary>>(t, 'GET', '/api/org', { token });
    orgId = orgs.data.list[0].orgId;
    const real = t.app.accessExtensions.instances;
    provideInstanceDirectory(t.app, { ...real, countByOrg: async (id) => (id === orgId ? instances : 0) });
    provideBillingStanding(t.app, { ...t.app.accessExtensions.billing, hasArrears: async (id) => id === orgId && arrears });
    secret = (await call<MfaEnrollResponse>(t, 'POST', '/api/user/mfa/enroll', { token })).data.secret;
    expect((await call(t, 'POST', '/api/user/mfa/confirm', { token, body: { code: nextCode() } })).code).toBe(200);
  });
  afterAll(async () => t.close());

  it('an organization with an instance is refused as such, without asking for a code (no 433)', async () => {
    expectRefusal(await call(t, 'DELETE', `/api/org/remove/${orgId}`, inOrg()), ApiCode.CONFLICT, HAS_INSTANCES);
    const check = await call<OrgDeleteCheck>(t, 'GET', `/api/org/remove/${orgId}/check`, inOrg());
    expect(check.data).toEqual({ deletable: false, reason: 'error.orgHasInstances' });
  });

  it('arrears refuse it the same way', async () => {
    instances = 0;
    arrears = true;
    expectRefusal(await call(t, 'DELETE', `/api/org/remove/${orgId}`, inOrg()), ApiCode.CONFLICT, HAS_INSTANCES);
    expect((await call<OrgDeleteCheck>(t, 'GET', `/api/org/remove/${orgId}/check`, inOrg())).data.deletable).toBe(false);
    arrears = false;
  });

  it('once deletable, the delete still needs the second factor, and goes through with it', async () => {
    expect((await call<OrgDeleteCheck>(t, 'GET', `/api/org/remove/${orgId}/check`, inOrg())).data).toEqual({ deletable: true, reason: null });
    expect((await call(t, 'DELETE', `/api/org/remove/${orgId}`, inOrg())).code).toBe(ApiCode.MFA_REQUIRED);
    expect((await call(t, 'DELETE', `/api/org/remove/${orgId}`, inOrg({ 'mfa-code': nextCode() }))).code).toBe(200);
    const orgs = await call<Page<OrgSummary>>(t, 'GET', '/api/org', { token });
    expect(orgs.data.list.map((o) => o.orgId)).not.toContain(orgId);
  });
});
