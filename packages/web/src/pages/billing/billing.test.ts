import { describe, expect, it } from 'vitest';
import { ALL_PRIVILEGES, Privilege, type PaymentOverview, type UsageDay } from '@tscloud/contracts';
import { resolveEdition } from '../../config/edition';
import { visibleRoutes } from '../../routes/visibility';
import { formatAmount, formatChange, formatUnitPrice, inFirstHourOfMonth, monthToDate } from './billingFormat';
import { isMetering } from './billingArea';
import { billingWarningOf } from './billingWarning';
import { groupByDay } from './ChangelogDays';
import { usageChartOption } from './usageChartOption';

const international = resolveEdition('international');
const china = resolveEdition('china');
const aws = resolveEdition('international', 'aws');

describe('money per edition (§9: two decimals, currency unless marketplace)', () => {
  it('USD in the international edition, CNY in the China edition, units for a marketplace-billed organization', () => {
    expect(formatAmount(1234.5, 'USD', 'en', international)).toBe('$1,234.50');
    expect(formatAmount(1234.5, 'CNY', 'zh', china)).toBe('¥1,234.50');
    expect(formatAmount(1234.5, 'CNY', 'en', china)).toBe('CN¥1,234.50');
    expect(formatAmount(1234.567, 'UNIT', 'en', aws)).toBe('1234.57');
    // The server's currency decides: a marketplace-billed organization on a currency deployment sees units.
    expect(formatAmount(3, 'UNIT', 'en', international)).toBe('3.00');
  });

  it('signs changes and keeps four decimals for a unit price under a cent', () => {
    expect(formatChange(10, 'USD', 'en', international)).toBe('+$10.00');
    expect(formatChange(-0.25, 'CNY', 'zh', china)).toBe('-¥0.25');
    expect(formatUnitPrice(0.0002, 'USD', 'en', international)).toBe('$0.0002');
    expect(formatUnitPrice(0.0002, 'UNIT', 'en', aws)).toBe('0.0002');
    expect(formatUnitPrice(0.25, 'USD', 'en', international)).toBe('$0.25');
  });
});

describe('days in the edition zone', () => {
  const instant = Date.UTC(2026, 10, 30, 17, 30); // 2026-12-01 01:30 in Shanghai
  it('this month so far', () => {
    expect(monthToDate(instant, international)).toEqual({ start_day: '2026-11-01', end_day: '2026-11-30' });
    expect(monthToDate(instant, china)).toEqual({ start_day: '2026-12-01', end_day: '2026-12-01' });
  });
  it('the first hour of a month (§9 advice)', () => {
    expect(inFirstHourOfMonth(Date.UTC(2026, 11, 1, 0, 59), international)).toBe(true);
    expect(inFirstHourOfMonth(Date.UTC(2026, 11, 1, 1, 0), international)).toBe(false);
    expect(inFirstHourOfMonth(Date.UTC(2026, 10, 30, 16, 10), china)).toBe(true);
    expect(inFirstHourOfMonth(instant, china)).toBe(false);
  });
});

describe('the marketplace variant', () => {
  it('is Metering on a marketplace deployment or for a marketplace-billed organization', () => {
    expect(isMetering({ marketplace: false, currency: 'USD' }, international)).toBe(false);
    expect(isMetering({ marketplace: true, currency: 'UNIT' }, international)).toBe(true);
    expect(isMetering(undefined, aws)).toBe(true);
  });

  it('has overview and usage only, no payment screens; billing has overview, usage, setting and account detail', () => {
    const paths = (billingArea: 'billing' | 'metering') =>
      visibleRoutes({ orgPrivileges: ALL_PRIVILEGES, instancePrivileges: [], hasInstance: false, orgMenus: {}, instanceMenus: {}, billingArea })
        .filter((r) => r.icon === 'billing' || r.parent === 'billing' || r.parent === 'metering')
        .map((r) => `${r.path} ${r.page}`);
    expect(paths('metering')).toEqual(['/metering billingOverview', '/metering/usage billingUsage']);
    expect(paths('billing')).toEqual(['/billing billingOverview', '/billing/usage billingUsage', '/billing/setting billingSetting', '/billing/accountDetail billingAccountDetail']);
  });

  it('needs billing:credit:query', () => {
    const held = ALL_PRIVILEGES.filter((p) => p !== Privilege.BILLING_CREDIT_QUERY);
    expect(visibleRoutes({ orgPrivileges: held, instancePrivileges: [], hasInstance: false, orgMenus: {}, instanceMenus: {}, billingArea: 'billing' }).some((r) => r.path.startsWith('/billing'))).toBe(false);
  });
});

describe('usage chart', () => {
  const day = (over: Partial<UsageDay>): UsageDay => ({ id: 'x', instance_id: 'i1', instance_name: 'prod', day: '2026-11-01', currency: 'USD', plan_hours: 1, storage_gb_hours: 1, bytes_in: 0, bytes_out: 0, amount: 1, ...over });
  it('stacks instances per day, oldest day first, a missing instance-day as 0', () => {
    const option = usageChartOption([day({ day: '2026-11-02', amount: 2 }), day({ day: '2026-11-01', amount: 1 }), day({ instance_id: 'i2', instance_name: 'test', day: '2026-11-02', amount: 5 })], 'amount', String);
    expect(option.xAxis.data).toEqual(['2026-11-01', '2026-11-02']);
    expect(option.series.map((s) => [s.name, s.stack, s.data])).toEqual([['prod', 'usage', [1, 2]], ['test', 'usage', [0, 5]]]);
  });
});

describe('changelog by day', () => {
  it('one row per day with its types, the change summed to the cent and the closing balance', () => {
    expect(groupByDay([
      { day: '2026-11-02', type: 2, count: 1, change: 10.1, closing_balance: 12.3 },
      { day: '2026-11-02', type: 5, count: 2, change: -0.2, closing_balance: 12.3 },
      { day: '2026-11-01', type: 5, count: 1, change: 2.4, closing_balance: 2.4 },
    ])).toEqual([
      { day: '2026-11-02', types: [expect.objectContaining({ type: 2 }), expect.objectContaining({ type: 5 })], change: 9.9, closing_balance: 12.3 },
      { day: '2026-11-01', types: [expect.objectContaining({ type: 5 })], change: 2.4, closing_balance: 2.4 },
    ]);
  });
});

describe('billing warning', () => {
  const overview = (over: Partial<PaymentOverview>): PaymentOverview => ({ currency: 'USD', balance: 10, month_cost: 0, month_forecast: 0, last_day_cost: 1, last_month_cost: 0, credit_card: false, marketplace: false, in_arrears: false, ...over });
  it('warns of arrears, card or not, and of a balance lasting under seven days of the last 24 hours\' cost without a card', () => {
    expect(billingWarningOf(overview({ balance: -0.01, in_arrears: true, credit_card: true }), international)).toBe('arrears');
    expect(billingWarningOf(overview({ balance: 6.99 }), international)).toBe('low');
    expect(billingWarningOf(overview({ balance: 7 }), international)).toBeNull();
    expect(billingWarningOf(overview({ balance: 1, credit_card: true }), international)).toBeNull();
    // Nothing used in the last 24 hours: nothing runs the balance down.
    expect(billingWarningOf(overview({ balance: 0, last_day_cost: 0 }), international)).toBeNull();
    // The marketplace bills the organization.
    expect(billingWarningOf(overview({ balance: -5, in_arrears: true, marketplace: true, currency: 'UNIT' }), international)).toBeNull();
    expect(billingWarningOf(overview({ balance: -5, in_arrears: true }), aws)).toBeNull();
  });
});
