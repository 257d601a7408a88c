import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALL_PRIVILEGES, Privilege } from '@tscloud/contracts';
import { closeDialog } from '../../components/dialogs/dialogManager';
import { renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import { changeLanguage } from '../../i18n';
import { echarts } from '../explorer/console/results/echarts';
import { monthToDate } from './billingFormat';
import { GOOD_COUPON, USED_COUPON, callsTo, resetState, startBillingServer, state } from '../../testing/billingServer';
import BillingOverviewPage from './BillingOverviewPage';
import UsagePage from './UsagePage';
import AccountDetailPage from './AccountDetailPage';

/**
 * The billing screens (issue 17) against a server answering the billing calls as ours does: the overview in both
 * languages with the arrears notice, the coupon prompt (the §5 rule checked before sending, the §8 refusal shown with
 * the code kept, a redemption refreshing the balance), usage as chart, table and an instance-day's hours, and the
 * balance change log with the §7 default types, by entries and by day.
 */
vi.setConfig({ testTimeout: 240_000 });

const server = await startBillingServer();
useScreenTest(server, {
  beforeAll: () => echarts.setPlatformAPI({ measureText: (text: string) => ({ width: text.length * 7 }) }),
  reset: () => closeDialog(),
});
beforeEach(() => resetState());
// A test that fails in Chinese leaves the next one in English.
afterEach(async () => changeLanguage('en'));

const wait = { timeout: 30_000 };
const headers = () => [...document.querySelectorAll('th')].map((th) => th.textContent);
const figure = (id: string) => screen.getByTestId(`billing-${id}`).querySelector('.ant-statistic-content')?.textContent;

describe('billing overview', () => {
  it('shows balance, month cost, forecast and last month in the currency, in both languages', async () => {
    signIn();
    renderScreen(<BillingOverviewPage />, { dialogs: true });
    await waitFor(() => expect(figure('balance')).toBe('$12.50'), wait);
    expect(figure('monthCost')).toBe('$3.75');
    expect(figure('forecast')).toBe('$9.30');
    expect(figure('lastMonth')).toBe('$20.10');
    expect(screen.getByText('Billing')).toBeTruthy();
    expect(screen.queryByTestId('billing-arrears')).toBeNull();

    await act(async () => changeLanguage('zh'));
    await waitFor(() => expect(screen.getByText('余额')).toBeTruthy(), wait);
    expect(figure('balance')).toBe('US$12.50');
    expect(screen.getByText('本月预估')).toBeTruthy();
    expect(screen.getByRole('button', { name: /兑换优惠券/ })).toBeTruthy();
    await act(async () => changeLanguage('en'));
  });

  it('shows the arrears notice and a negative balance', async () => {
    resetState({ balance: -1.25, in_arrears: true });
    signIn();
    renderScreen(<BillingOverviewPage />, { dialogs: true });
    await waitFor(() => expect(screen.getByTestId('billing-arrears').textContent).toContain('Your account is in arrears'), wait);
    expect(figure('balance')).toBe('-$1.25');
  });

  it('hides the coupon prompt without billing:payment:create', async () => {
    signIn({ privileges: ALL_PRIVILEGES.filter((p) => p !== Privilege.BILLING_PAYMENT_CREATE) });
    renderScreen(<BillingOverviewPage />, { dialogs: true });
    await waitFor(() => expect(figure('balance')).toBe('$12.50'), wait);
    expect(screen.queryByRole('button', { name: /Redeem coupon/ })).toBeNull();
  });
});

describe('coupon prompt', () => {
  const codeField = () => screen.getByLabelText('Coupon code') as HTMLInputElement;
  const confirm = () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Redeem' }));
  const redeemCalls = () => callsTo(server, '/api/billing/coupon/redeem', 'POST');

  async function openPrompt() {
    signIn();
    renderScreen(<BillingOverviewPage />, { dialogs: true });
    fireEvent.click(await screen.findByRole('button', { name: /Redeem coupon/ }, wait));
    await screen.findByRole('dialog', {}, wait);
  }

  it('checks the §5 format before sending: empty and malformed codes are refused on the spot', async () => {
    await openPrompt();
    // Empty is allowed while typing, refused on confirm.
    expect(screen.queryByText('The coupon code is 32 uppercase letters and digits')).toBeNull();
    confirm();
    await screen.findByText('The coupon code is 32 uppercase letters and digits', {}, wait);
    fireEvent.change(codeField(), { target: { value: GOOD_COUPON.toLowerCase() } });
    confirm();
    await screen.findByText('The coupon code is 32 uppercase letters and digits', {}, wait);
    fireEvent.change(codeField(), { target: { value: GOOD_COUPON.slice(0, 31) } });
    confirm();
    await screen.findByText('The coupon code is 32 uppercase letters and digits', {}, wait);
    expect(redeemCalls()).toHaveLength(0);
  });

  it('shows the server\'s refusal and keeps the code typed', async () => {
    await openPrompt();
    fireEvent.change(codeField(), { target: { value: USED_COUPON } });
    confirm();
    await waitFor(() => expect(screen.getByTestId('coupon-refused').textContent).toContain('Failed to redeem the coupon!'), wait);
    expect(redeemCalls()).toEqual([{ code: USED_COUPON }]);
    expect(codeField().value).toBe(USED_COUPON);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('redeems a valid code, closes and refreshes the balance', async () => {
    await openPrompt();
    await waitFor(() => expect(figure('balance')).toBe('$12.50'), wait);
    fireEvent.change(codeField(), { target: { value: GOOD_COUPON } });
    confirm();
    await waitFor(() => expect(figure('balance')).toBe('$62.50'), wait);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(redeemCalls()).toEqual([{ code: GOOD_COUPON }]);
  });
});

describe('usage', () => {
  it('draws the days and pages the instance-days, in both languages', async () => {
    // The rows fall in the page's default range, this month so far (edition zone).
    const { start_day, end_day } = monthToDate(Date.now());
    state.usage[0].day = end_day;
    state.usage[1].day = start_day;
    signIn();
    renderScreen(<UsagePage />, { dialogs: true });
    await waitFor(() => expect(screen.getAllByText('prod').length).toBeGreaterThan(1), wait);
    // The table's first page at the spec's default size 10; the chart asked for every row (fetch-all).
    const pageCalls = callsTo(server, '/api/billing/usage/page');
    expect(pageCalls).toContainEqual({ start_day, end_day, current_page: '1', page_size: '10' });
    expect(pageCalls).toContainEqual({ start_day, end_day, current_page: '1', page_size: '10000' });
    // Plain selectors: role queries over an antd table are slow on a loaded machine.
    const rows = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    await waitFor(() => expect(rows().length).toBe(2), wait);
    expect(rows()[0]).toEqual(expect.arrayContaining(['prod', '24', '48.50', '1.00 MB', '3.00 GB', '$6.29']));
    await waitFor(() => expect(screen.getByTestId('usage-chart').getAttribute('data-days')).toBe(String(new Set([start_day, end_day]).size)), wait);
    expect(screen.getByTestId('usage-chart').querySelector('svg')).toBeTruthy();
    expect(headers()).toContain('Data out');

    await act(async () => changeLanguage('zh'));
    await waitFor(() => expect(headers()).toContain('流出数据'), wait);
    expect(rows()[0]).toEqual(expect.arrayContaining(['US$6.29']));
  });

  it('opens an instance-day\'s hours with their lines', async () => {
    const { start_day, end_day } = monthToDate(Date.now());
    state.usage[0].day = end_day;
    state.usage[1].day = start_day;
    signIn();
    renderScreen(<UsagePage />, { dialogs: true });
    await waitFor(() => expect(screen.getAllByText('$6.29').length).toBeGreaterThan(0), wait);
    fireEvent.click(screen.getAllByText('$6.29')[0]);
    const dialog = await screen.findByRole('dialog', {}, wait);
    await waitFor(() => expect(within(dialog).getByText('$0.50')).toBeTruthy(), wait);
    expect(callsTo(server, '/api/billing/usage/cdr-list/d2')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: /expand/i }));
    await waitFor(() => expect(within(dialog).getByText('Standard with HA')).toBeTruthy(), wait);
    expect(within(dialog).getByText('2 GB-h')).toBeTruthy();
    // A storage price under a cent keeps four decimals.
    expect(within(dialog).getByText('$0.0002')).toBeTruthy();
  });
});

describe('account detail', () => {
  it('lists balance changes with the default types, and by day with a day\'s entries', async () => {
    signIn();
    renderScreen(<AccountDetailPage />, { dialogs: true });
    await waitFor(() => expect(screen.getByText('TX000000000002')).toBeTruthy(), wait);
    expect(callsTo(server, '/api/billing/balance/changelog')[0]).toMatchObject({ type: '1,2,4,5,6', current_page: '1', page_size: '10' });
    const row = screen.getByText('TX000000000002').closest('tr')!;
    expect([...row.querySelectorAll('td')].map((c) => c.textContent)).toEqual(expect.arrayContaining(['Coupon', '$2.50', '+$10.00', '$12.50']));

    await act(async () => changeLanguage('zh'));
    await waitFor(() => expect(headers()).toContain('交易号'), wait);
    expect(within(screen.getByText('TX000000000002').closest('tr')!).getByText('优惠券')).toBeTruthy();
    await act(async () => changeLanguage('en'));

    fireEvent.click(screen.getByRole('tab', { name: 'By day' }));
    const day = await screen.findByRole('button', { name: '2026-11-02' }, wait);
    expect(callsTo(server, '/api/billing/balance/changelog-day-agg')[0]).toMatchObject({ type: '1,2,4,5,6' });
    expect(screen.getByText('Coupon ×1: +$10.00')).toBeTruthy();
    fireEvent.click(day);
    const dialog = await screen.findByRole('dialog', {}, wait);
    await waitFor(() => expect(within(dialog).getByText('TX000000000002')).toBeTruthy(), wait);
    expect(callsTo(server, '/api/billing/balance/changelog-day-detail')[0]).toMatchObject({ day: '2026-11-02', type: '1,2,4,5,6' });
  });
});
