import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ACTIVITY_TYPE, SignInOperation } from '@tscloud/contracts';
import { activity as enActivity } from '../../../web/src/i18n/en/activity';
import { activity as zhActivity } from '../../../web/src/i18n/zh/activity';
import { createTestApp, type TestApp } from '../support/app';
import { activityTypeOf } from '../../src/platform/activity';

/**
 * Issue 14 item 10: the log screen shows every type and operation the server records by a name in both languages.
 * Walks every route the server registers, so a new recorded operation without names fails here.
 */
describe('activity types and operations have names in both languages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('names every recorded type and operation, the sign-in events included', () => {
    const recorded = new Map<string, string>();
    for (const r of t.app.routeTable) {
      const p = r.policy;
      if (!(p.activity || (p.write && (p.access === 'org' || p.access === 'instance')))) continue;
      // What the recorder writes (recorder-plugin.ts): the policy's names, else the path's segment and the route.
      recorded.set(p.activity?.operation ?? `${r.method} ${r.url}`, p.activity?.type ?? activityTypeOf(r.url));
    }
    for (const operation of Object.values(SignInOperation)) recorded.set(operation, SIGN_IN_ACTIVITY_TYPE);
    // Written directly by the single sign-on callback when the owner's test sign-in verifies a setting.
    recorded.set('verify SSO setting', 'organization');
    expect(recorded.size).toBeGreaterThan(60);

    const missing: string[] = [];
    for (const [operation, type] of recorded) {
      for (const key of [`activity.operation.${operation}`, `activity.type.${type}`]) {
        if (!(key in enActivity) || !(key in zhActivity)) missing.push(key);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
