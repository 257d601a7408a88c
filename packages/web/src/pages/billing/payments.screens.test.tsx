import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALL_PRIVILEGES, Privilege } from '@tscloud/contracts';
import { closeDialog } from '../../components/dialogs/dialogManager';
import { renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import { changeLanguage } from '../../i18n';
import { DECLINED_CARD, TEST_CARD, callsTo, resetState, settlePayment, startBillingServer, state } from '../../testing/billingServer';
import { forgetBillingWarnings } from './billingWarning';
import BillingOverviewPage from './BillingOverviewPage';
import BillingSettingPage from './BillingSettingPage';

/**
 * The payment screens (issue 17) against a server answering as ours and the sandbox provider do: the card dialog
 * sending the card to the provider's tokenisation endpoint and only the token to our API, with its rules shown before
 * sending; payment e-mails with the §5 rule; the recharge prompt (§5 amount, payment page in a new window, confirm
 * re-reading the payment and the balance); the §4 payment-failure box; the billing warning dialog. Both languages.
 */
vi.setConfig({ testTimeout: 240_000 });

const server = await startBillingServer();
useScreenTest(server, {
  reset: () => {
    closeDialog();
    forgetBillingWarnings();
  },
});
beforeEach(() => resetState());
afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('en');
});

const wait = { timeout: 30_000 };
const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/**
 * Waits for the open dialog to have this title. By its title, not by role and name: antd's ids are one fixed value in
 * tests, so a dialog's aria-labelledby can point at another element of the page.
 */
const dialogTitled = (title: string) => waitFor(() => expect(screen.getByRole('dialog').querySelector('.ant-modal-title')?.textContent).toBe(title), wait);
const press = (name: string | RegExp) => fireEvent.click(within(dialog()).getByRole('button', { name }));
/** Every call to our API (not the provider): none may carry a card number or a CVC. */
const apiBodies = () => server.requests.filter((r) => r.url.startsWith('/api/')).map((r) => `${r.url} ${r.body}`).join('\n');
const figure = (id: string) => screen.getByTestId(`billing-${id}`).querySelector('.ant-statistic-content')?.textContent;

async function typeCard(number: string) {
  type('Card number', number);
  type('Expiry month', '12');
  type('Expiry year', '2030');
  type('Security code (CVC)', '9183');
}

function addCardOnFile(number: string) {
  const token = `tok_onfile${number.slice(-4)}`;
  state.tokens.set(token, { brand: 'visa', last4: number.slice(-4), expMonth: 12, expYear: 2030, declines: number === DECLINED_CARD });
  state.card = { id: 'card1', brand: 'visa', cardNumber: `**** **** **** ${number.slice(-4)}`, cardExpMonth: 12, cardExpYear: 2030, cvcCode: '***', cardOwnerName: 'Ada Owner', addressLine: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', isDefault: true };
  state.overview = { ...state.overview, credit_card: true };
}

describe('card on file', () => {
  it('adds a card through the provider: rules before sending, the provider\'s refusal kept with what was typed, our API gets only the token', async () => {
    signIn();
    renderScreen(<BillingSettingPage />, { dialogs: true });
    await screen.findByTestId('no-card', {}, wait);
    fireEvent.click(screen.getByRole('button', { name: /Add card/ }));
    await dialogTitled('Credit Card Info');

    // Nothing typed: every card rule and the owner's show, and nothing is sent.
    press('Save card');
    await within(dialog()).findByText('Enter the card number: 12 to 19 digits', {}, wait);
    expect(within(dialog()).getByText('Enter the expiry month: 1 to 12')).toBeTruthy();
    expect(within(dialog()).getByText('Enter the security code: 3 or 4 digits')).toBeTruthy();
    type('Expiry year', '2020');
    press('Save card');
    await within(dialog()).findByText('The card has expired', {}, wait);
    expect(callsTo(server, '/sandbox-pay/v1/tokens', 'POST')).toHaveLength(0);

    // A number the provider refuses: its reason shows, the dialog keeps what was typed.
    await typeCard('4242 4242 4242 4241');
    type('Name on card', 'Ada Owner');
    type('City', 'Springfield');
    press('Save card');
    await waitFor(() => expect(within(dialog()).getByTestId('card-refused').textContent).toBe('The payment provider refused the card number'), wait);
    expect(field('Card number').value).toBe('4242 4242 4242 4241');
    expect(callsTo(server, '/api/billing/PaymentMethod/create', 'POST')).toHaveLength(0);

    type('Card number', '4242 4242 4242 4242');
    press('Save card');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    const tokenCall = server.requests.find((r) => r.url === '/sandbox-pay/v1/tokens' && r.body.includes(TEST_CARD))!;
    expect(JSON.parse(tokenCall.body)).toEqual({ number: TEST_CARD, exp_month: 12, exp_year: 2030, cvc: '9183' });
    // The provider gets no session, CSRF token or organization of ours.
    expect(tokenCall.headers['x-csrf-token']).toBeUndefined();
    expect(tokenCall.headers['account-id']).toBeUndefined();
    const create = server.requests.find((r) => r.url === '/api/billing/PaymentMethod/create')!;
    expect(JSON.parse(create.body)).toEqual({ token: expect.stringMatching(/^tok_/), cardOwnerName: 'Ada Owner', addressLine: '', city: 'Springfield', state: '', postalCode: '' });
    expect(apiBodies()).not.toMatch(/4242 ?4242|9183/);

    const onFile = await screen.findByTestId('card-on-file', {}, wait);
    await waitFor(() => expect(onFile.textContent).toContain('Visa **** **** **** 4242'), wait);
    expect(onFile.textContent).toContain('12/2030');
    expect(onFile.textContent).toContain('Ada Owner');

    await act(async () => changeLanguage('zh'));
    await waitFor(() => expect(screen.getByText('有效期')).toBeTruthy(), wait);
    expect(screen.getByRole('button', { name: /更新信用卡/ })).toBeTruthy();
    expect(screen.getByText('支付设置')).toBeTruthy();
  });

  it('updates the owner and address of the card on file without a new card; lists every card', async () => {
    addCardOnFile(TEST_CARD);
    state.otherCards = [{ ...state.card!, id: 'card0', cardNumber: '**** **** **** 4444', brand: 'mastercard', isDefault: false }];
    signIn();
    renderScreen(<BillingSettingPage />, { dialogs: true });
    await waitFor(() => expect(screen.getByText('Mastercard **** **** **** 4444')).toBeTruthy(), wait);
    fireEvent.click(screen.getByRole('button', { name: /Update card/ }));
    await dialogTitled('Credit Card Info');
    expect(within(dialog()).getByText(/to keep the card \*\*\*\* \*\*\*\* \*\*\*\* 4242/)).toBeTruthy();
    expect(field('Name on card').value).toBe('Ada Owner');
    type('City', 'Shelbyville');
    press('Save card');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    expect(callsTo(server, '/sandbox-pay/v1/tokens', 'POST')).toHaveLength(0);
    expect(JSON.parse(server.requests.find((r) => r.url === '/api/billing/PaymentMethod/update')!.body)).toEqual({ id: 'card1', cardOwnerName: 'Ada Owner', addressLine: '1 Main St', city: 'Shelbyville', state: 'IL', postalCode: '62701' });
    await waitFor(() => expect(screen.getByTestId('card-on-file').textContent).toContain('1 Main St, Shelbyville, IL, 62701'), wait);
  });

  it('offers no card change without the privilege', async () => {
    signIn({ privileges: ALL_PRIVILEGES.filter((p) => p !== Privilege.BILLING_PAYMENT_CREATE && p !== Privilege.BILLING_PAYMENT_UPDATE) });
    renderScreen(<BillingSettingPage />, { dialogs: true });
    await screen.findByTestId('no-card', {}, wait);
    expect(screen.queryByRole('button', { name: /Add card/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Recharge/ })).toBeNull();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });
});

describe('payment e-mails', () => {
  it('checks the §5 e-mail rule before sending, shows a refusal with the address kept, adds and removes', async () => {
    signIn();
    renderScreen(<BillingSettingPage />, { dialogs: true });
    const email = (await screen.findByLabelText('E-mail', {}, wait)) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'Not An Email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Please enter a valid email address', {}, wait);
    expect(callsTo(server, '/api/billing/UserBillAccount/email', 'POST')).toHaveLength(0);

    fireEvent.change(email, { target: { value: 'billing@acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('billing@acme.example', {}, wait);
    await waitFor(() => expect(email.value).toBe(''), wait);

    fireEvent.change(email, { target: { value: 'billing@acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByTestId('email-refused').textContent).toBe('This payment e-mail is already listed'), wait);
    expect(email.value).toBe('billing@acme.example');

    fireEvent.click(screen.getByRole('button', { name: 'Remove billing@acme.example' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }, wait));
    await screen.findByText('No payment e-mail: receipts go to whoever paid', {}, wait);

    await act(async () => changeLanguage('zh'));
    await screen.findByText('没有付款邮箱：收据将发送给付款人', {}, wait);
    fireEvent.change(email, { target: { value: 'x@' } });
    fireEvent.click(screen.getByRole('button', { name: '添 加' }));
    await screen.findByText('请输入有效的邮箱地址', {}, wait);
  });
});

describe('recharge', () => {
  async function openRecharge() {
    signIn();
    renderScreen(<BillingOverviewPage />, { dialogs: true });
    await waitFor(() => expect(figure('balance')).toBe('$12.50'), wait);
    fireEvent.click(screen.getByRole('button', { name: /Recharge/ }));
    await dialogTitled('Recharge');
  }

  it('checks the §5 amount, opens the payment page in a new window, and confirms by re-reading the payment and the balance', async () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    await openRecharge();
    for (const value of ['', '0', '12.345', '-5', '100000.01']) {
      type('Amount (USD)', value);
      press('Go to payment');
      await within(dialog()).findByText('The amount is a number above 0 with at most two decimals, up to 100000', {}, wait);
    }
    expect(callsTo(server, '/api/billing/recharge/init')).toHaveLength(0);

    type('Amount (USD)', '25.50');
    press('Go to payment');
    await within(dialog()).findByText('Pay $25.50 in the payment window that opened. When you are done, confirm here.', {}, wait);
    expect(callsTo(server, '/api/billing/recharge/init')).toEqual([{ value: '25.50' }]);
    const [payment] = state.payments;
    expect(opened).toHaveBeenCalledWith(`${server.origin}/sandbox-pay/cs_${payment.id}`, '_blank');

    // Confirmed before paying: the payment is still waiting, the prompt says so and stays.
    press('I have paid');
    await waitFor(() => expect(within(dialog()).getByTestId('recharge-pending').textContent).toContain('(Waiting)'), wait);
    settlePayment(payment.id, 'paid');
    press('I have paid');
    await screen.findByText('Recharge received: $25.50. Your balance is now $38.00.', {}, wait);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(figure('balance')).toBe('$38.00'), wait);
    expect(callsTo(server, `/api/billing/payment/record/${payment.id}`)).toHaveLength(2);
  });

  it('in Chinese: the amount rule shows in the prompt before sending', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    await act(async () => changeLanguage('zh'));
    signIn();
    renderScreen(<BillingOverviewPage />, { dialogs: true });
    fireEvent.click(await screen.findByRole('button', { name: /充\s?值/ }, wait));
    await screen.findByRole('dialog', {}, wait);
    type('金额 (USD)', '1.234');
    press('前往支付');
    await within(dialog()).findByText('金额须大于 0，最多两位小数，不超过 100000', {}, wait);
  });

  it('a declined payment opens the §4 failure box: a retry on the same card fails with the §8 message, update card opens the card dialog', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    addCardOnFile(DECLINED_CARD);
    await openRecharge();
    type('Amount (USD)', '10');
    press('Go to payment');
    await within(dialog()).findByRole('button', { name: 'I have paid' }, wait);
    settlePayment(state.payments[0].id, 'failed');
    press('I have paid');
    await dialogTitled('Payment failed');
    expect(within(dialog()).getByTestId('payment-failed').textContent).toBe('Payment failed, please update your credit card (service stops if unpaid by the due date)');

    press('Retry payment');
    await waitFor(() => expect(within(dialog()).getByTestId('retry-refused').textContent).toBe('Payment failed, please update your credit card (service stops if unpaid by the due date)'), wait);
    expect(JSON.parse(server.requests.find((r) => r.url === '/api/billing/payment/retry')!.body)).toEqual({ id: state.payments[1].id });

    press('Update card');
    await dialogTitled('Credit Card Info');
    await typeCard(TEST_CARD);
    press('Save card');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    expect(JSON.parse(server.requests.find((r) => r.url === '/api/billing/PaymentMethod/update')!.body)).toMatchObject({ id: 'card1', token: expect.stringMatching(/^tok_/) });
  });

  it('the setting page shows a failed newest payment; retrying on a good card pays', async () => {
    addCardOnFile(TEST_CARD);
    state.payments = [{ id: 'pay_failed', kind: 'recharge', amount: 5, currency: 'USD', status: 'failed', failure_message: null, failure_code: 'card_declined', transaction_no: null, created_at: Date.now(), updated_at: Date.now() }];
    signIn();
    renderScreen(<BillingSettingPage />, { dialogs: true });
    const notice = await screen.findByTestId('payment-failed-notice', {}, wait);
    expect(notice.textContent).toContain('Payment failed, please update your credit card');
    fireEvent.click(within(notice).getByRole('button', { name: 'Retry or update card' }));
    await dialogTitled('Payment failed');
    press('Retry payment');
    await screen.findByText('The payment went through', {}, wait);
    await waitFor(() => expect(screen.queryByTestId('payment-failed-notice')).toBeNull(), wait);
    expect(screen.getAllByText('Paid').length).toBeGreaterThan(0);
  });
});

describe('billing warning dialog', () => {
  it('warns of arrears once per organization, offering a recharge and a card, in both languages', async () => {
    resetState({ balance: -1.25, in_arrears: true });
    signIn();
    renderScreen(<BillingOverviewPage />, { dialogs: true });
    const warning = await screen.findByTestId('billing-warning', {}, wait);
    expect(warning.textContent).toContain('Your balance is -$1.25: the account is in arrears.');
    await dialogTitled('Billing warning');
    expect(within(dialog()).getByRole('button', { name: 'Add card' })).toBeTruthy();
    await act(async () => changeLanguage('zh'));
    await waitFor(() => expect(screen.getByTestId('billing-warning').textContent).toContain('账户已欠费'), wait);
    press(/充\s?值/);
    await dialogTitled('充值');
  });

  it('warns of a balance lasting under seven days without a card', async () => {
    resetState({ balance: 3, last_day_cost: 1 });
    signIn();
    renderScreen(<BillingOverviewPage />, { dialogs: true });
    await waitFor(() => expect(screen.getByTestId('billing-warning').textContent).toContain('Your balance of $3.00 lasts less than 7 days'), wait);
  });
});
