import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { closeDialog } from '../../components/dialogs/dialogManager';
import { renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import { echarts } from '../explorer/console/results/echarts';
import { monthToDate } from './billingFormat';
import { resetState, startBillingServer, state } from '../../testing/billingServer';
import BillingOverviewPage from './BillingOverviewPage';
import UsagePage from './UsagePage';

/**
 * The billing area on a marketplace deployment (TSCLOUD_MARKETPLACE=aws): "Metering", amounts in units, no balance
 * and no payment screens (§1), even for an owner holding every billing privilege.
 */
vi.mock('../../config/edition', async (original) => {
  const actual = await original<typeof import('../../config/edition')>();
  return { ...actual, edition: actual.resolveEdition('international', 'aws') };
});
vi.setConfig({ testTimeout: 120_000 });

const server = await startBillingServer();
useScreenTest(server, {
  beforeAll: () => echarts.setPlatformAPI({ measureText: (text: string) => ({ width: text.length * 7 }) }),
  reset: () => closeDialog(),
});
beforeEach(() => resetState({ currency: 'UNIT', marketplace: true, balance: 0 }));

const wait = { timeout: 30_000 };

describe('metering (marketplace)', () => {
  it('the overview is Metering, in units, without balance or coupon prompt', async () => {
    signIn({ marketplaceType: 'aws' });
    renderScreen(<BillingOverviewPage />, { dialogs: true });
    await waitFor(() => expect(screen.getByTestId('billing-monthCost').textContent).toContain('3.75'), wait);
    expect(screen.getByText('Metering')).toBeTruthy();
    expect(screen.getByTestId('billing-forecast').textContent).toContain('9.30');
    expect(screen.getByTestId('billing-monthCost').textContent).not.toMatch(/\$|¥/);
    expect(screen.queryByTestId('billing-balance')).toBeNull();
    expect(screen.queryByRole('button', { name: /Redeem coupon/ })).toBeNull();
    expect(screen.getByText('Usage is counted in units; your marketplace bills it.')).toBeTruthy();
  });

  it('usage amounts are units', async () => {
    const { start_day, end_day } = monthToDate(Date.now());
    state.usage[0].day = end_day;
    state.usage[1].day = start_day;
    signIn({ marketplaceType: 'aws' });
    renderScreen(<UsagePage />, { dialogs: true });
    await waitFor(() => expect(screen.getAllByText('6.29').length).toBeGreaterThan(0), wait);
    const row = screen.getAllByText('6.29')[0].closest('tr')!;
    expect(within(row).getByText('prod')).toBeTruthy();
    expect(row.textContent).not.toMatch(/\$|¥/);
  });
});
