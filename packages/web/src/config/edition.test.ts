import { describe, expect, it } from 'vitest';
import { formatPrice, resolveEdition } from './edition';

describe('resolveEdition', () => {
  it('defaults to the international build: English, USD, UTC, no offset', () => {
    const e = resolveEdition(undefined, undefined);
    expect(e).toMatchObject({ name: 'international', marketplace: 'none', defaultLanguage: 'en', currency: 'USD', timeZone: 'UTC', listOffsetHours: 0 });
    expect(e.billingArea).toBe('billing');
    expect(e.planDialogTitleKey).toBe('billing.planDialog.pricePlan');
  });

  it('china build: Chinese, CNY, Asia/Shanghai, +8 h list offset, chat group', () => {
    const e = resolveEdition('china', 'none');
    expect(e).toMatchObject({ defaultLanguage: 'zh', currency: 'CNY', timeZone: 'Asia/Shanghai', listOffsetHours: 8 });
    expect(e.communityKey).toBe('common.community.chatGroup');
  });

  it('marketplace builds show units, metering and the "Plan" title', () => {
    for (const m of ['aws', 'AZURE']) {
      const e = resolveEdition('international', m);
      expect(e.showsUnits).toBe(true);
      expect(e.billingArea).toBe('metering');
      expect(e.planDialogTitleKey).toBe('billing.planDialog.plan');
    }
    expect(resolveEdition('international', 'other').marketplace).toBe('none');
  });

  it('formats prices with currency unless on a marketplace', () => {
    expect(formatPrice(12.5, resolveEdition('international'), 'en')).toBe('$12.50');
    expect(formatPrice(12.5, resolveEdition('china'), 'zh')).toBe('¥12.50');
    expect(formatPrice(12.5, resolveEdition('international', 'aws'))).toBe('12.50');
  });
});
