import { describe, expect, it } from 'vitest';
import { FREE_PLAN_MAX_ORGANIZATIONS, translate } from '@tscloud/contracts';
import { i18n } from '../../i18n';
import { orgQuotaNotice } from './orgQuotaRule';

describe('the free plan organization rule of the create dialog', () => {
  it('says nothing on a paid plan, the rule below the limit, and refuses at the limit', () => {
    expect(orgQuotaNotice(undefined)).toBeNull();
    expect(orgQuotaNotice({ planLevel: 1, owned: 7, max: null, canCreate: true })).toBeNull();
    expect(orgQuotaNotice({ planLevel: 0, owned: 1, max: FREE_PLAN_MAX_ORGANIZATIONS, canCreate: true })).toEqual({ type: 'info', key: 'org.limit.rule', values: { max: 2, owned: 1 } });
    expect(orgQuotaNotice({ planLevel: 0, owned: 2, max: 2, canCreate: false })).toEqual({ type: 'error', key: 'org.limit.full', values: { max: 2, owned: 2 } });
  });

  it('shows the refusal in the same words as the server, in English and Chinese', () => {
    const notice = orgQuotaNotice({ planLevel: 0, owned: 2, max: 2, canCreate: false })!;
    expect(i18n.t(notice.key, { ...notice.values, lng: 'en' })).toBe(translate('error.orgLimit', 'en', 2));
    expect(i18n.t(notice.key, { ...notice.values, lng: 'zh' })).toBe(translate('error.orgLimit', 'zh', 2));
    expect(i18n.t('org.limit.rule', { max: 2, owned: 1, lng: 'en' })).toBe('On the free plan you may own up to 2 organizations (you own 1).');
  });
});
