import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { closeDialog } from '../../components/dialogs/dialogManager';
import { renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import { changeLanguage } from '../../i18n';
import { callsTo, resetState, startBillingServer } from '../../testing/billingServer';
import AccountDetailPage from './AccountDetailPage';

/**
 * The monthly bills on the account detail page (docs/billing.md "Screens"), against the scripted billing server: the
 * list with §4's status tags in both languages, a bill's lines in its dialog, the PDF downloaded from the list and the
 * dialog with the organization's headers (fetched, then saved).
 */
vi.setConfig({ testTimeout: 240_000 });

const server = await startBillingServer();
useScreenTest(server, { reset: () => closeDialog() });
beforeEach(() => resetState());
afterEach(async () => changeLanguage('en'));

const wait = { timeout: 30_000 };
const billsCard = () => screen.getByTestId('billing-bills');
const cells = (month: string) => [...within(billsCard()).getByText(month).closest('tr')!.querySelectorAll('td')].map((c) => c.textContent);

describe('monthly bills', () => {
  it('lists the bills with their statuses, in both languages', async () => {
    signIn();
    renderScreen(<AccountDetailPage />, { dialogs: true });
    await waitFor(() => expect(within(billsCard()).getByText('$8.92')).toBeTruthy(), wait);
    expect(callsTo(server, '/api/billing/payment/summary/receipt-page')[0]).toMatchObject({ current_page: '1', page_size: '10' });
    expect(cells('2026-10')).toEqual(expect.arrayContaining(['$8.92', 'Succeeded']));
    expect(cells('2026-09')).toEqual(expect.arrayContaining(['$4.00', 'Failed']));
    expect(cells('2026-08')).toEqual(expect.arrayContaining(['$0.00', 'Not needed']));
    // Issuing (the card being charged): no issue time yet.
    expect(cells('2026-07')).toEqual(expect.arrayContaining(['$1.50', 'Issuing', '-']));

    await act(async () => changeLanguage('zh'));
    await waitFor(() => expect(within(billsCard()).getByText('账单')).toBeTruthy(), wait);
    expect(cells('2026-10')).toEqual(expect.arrayContaining(['US$8.92', '已支付']));
    expect(cells('2026-09')).toContain('支付失败');
    expect(cells('2026-08')).toContain('无需支付');
    expect(cells('2026-07')).toContain('出账中');
  });

  it('opens a bill with its lines and downloads its PDF', async () => {
    const createObjectURL = vi.fn(() => 'blob:bill');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    signIn();
    renderScreen(<AccountDetailPage />, { dialogs: true });
    await waitFor(() => expect(within(billsCard()).getByText('2026-10')).toBeTruthy(), wait);
    fireEvent.click(within(within(billsCard()).getByText('2026-10').closest('tr')!).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', {}, wait);
    await waitFor(() => expect(within(dialog).getByText('Bill for 2026-10')).toBeTruthy(), wait);
    await waitFor(() => expect(within(dialog).getByText('Standard with HA')).toBeTruthy(), wait);
    expect(callsTo(server, '/api/billing/payment/summary/external-receipt')[0]).toEqual({ id: 'org1_2026-10' });
    expect(within(dialog).getByText('34.50 h')).toBeTruthy();
    expect(within(dialog).getByText('$8.63')).toBeTruthy();
    expect(within(dialog).getByText('3.20 GB')).toBeTruthy();
    expect(within(dialog).getByText('$12.08')).toBeTruthy();
    // The credits: a coupon of 20.00.
    const coupon = within(dialog).getByText('Coupon').closest('tr')!;
    expect([...coupon.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['Coupon', '1', '+$20.00']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads).toEqual(['bill-2026-10.pdf']), wait);
    expect(callsTo(server, '/api/billing/payment/summary/external-receipt').at(-1)).toEqual({ id: 'org1_2026-10', format: 'pdf' });
    expect(createObjectURL).toHaveBeenCalled();
    closeDialog();

    fireEvent.click(within(within(billsCard()).getByText('2026-09').closest('tr')!).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads).toEqual(['bill-2026-10.pdf', 'bill-2026-09.pdf']), wait);
  });
});
