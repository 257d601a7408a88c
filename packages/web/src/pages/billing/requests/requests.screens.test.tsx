import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerResponse } from 'node:http';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ALL_PRIVILEGES,
  Privilege,
  invoiceRequestSchema,
  languageFrom,
  refundRequestSchema,
  translate,
  type InvoiceAmount,
  type InvoiceRequestRecord,
  type MessageKey,
  type RefundAmount,
  type RefundRequestRecord,
} from '@tscloud/contracts';
import { closeDialog } from '../../../components/dialogs/dialogManager';
import { renderScreen, signIn, useScreenTest, isMenusCall, ok } from '../../../testing/screenHarness';
import { sendJson, startTestServer, type RecordedRequest } from '../../../testing/httpServer';
import { changeLanguage } from '../../../i18n';
import { useBillingMoney } from '../useBillingMoney';
import { BillingRequestsPanel } from './BillingRequestsPanel';

/**
 * Invoices and refunds (issue 17, §3, §5, §7) against a server answering as ours does (docs/billing.md "Invoices and
 * refunds"): the amounts, the two forms with the §5 rules and the allowed amount shown before sending, the server's
 * refusal shown with what was typed kept, the lists with status, invoice number and transaction. Both languages.
 */
vi.setConfig({ testTimeout: 240_000 });

const state = {
  invoice: null as unknown as InvoiceAmount,
  refund: null as unknown as RefundAmount,
  invoices: [] as InvoiceRequestRecord[],
  refunds: [] as RefundRequestRecord[],
};

function resetState() {
  state.invoice = { total: 100, invoiced: 40, pending: 0, invoicable: 60 };
  state.refund = { balance: 80, pending: 0, refundable: 55.5 };
  state.invoices = [{ id: 'inv1', status: 'issued', apply_amount: 40, company_id: 'TAX-1', address: 'a', phone: 'p', bank: 'b', bank_account: 'ba', invoice_no: 'INV-0001', reject_reason: null, created_at: Date.UTC(2026, 10, 2), processed_at: Date.UTC(2026, 10, 3) }];
  state.refunds = [{ id: 'ref1', status: 'rejected', amount: 10, reason: 'r', description: 'd'.repeat(20), account_name: 'Ann', transaction_no: null, reject_reason: 'Card payment pending', created_at: Date.UTC(2026, 10, 2), processed_at: Date.UTC(2026, 10, 3) }];
}

function refuse(req: RecordedRequest, res: ServerResponse, key: MessageKey, field: string) {
  sendJson(res, { code: 400, message: translate(key, languageFrom(req.headers['accept-language'])), data: { field } });
}

/** The requests' calls as the server answers them: the contracts' rules, then the amount allowed at that moment. */
function answer(req: RecordedRequest, res: ServerResponse) {
  const path = new URL(req.url, 'http://x').pathname;
  const page = <T,>(list: T[]) => ok({ list, total: list.length, current_page: 1, page_size: 10 });
  if (isMenusCall(path)) return sendJson(res, ok({}));
  if (path === '/api/billing/account/invoice-amount/o1') return sendJson(res, ok(state.invoice));
  if (path === '/api/billing/account/refund-amount/o1') return sendJson(res, ok(state.refund));
  if (path === '/api/billing/account/invoice/list') return sendJson(res, page(state.invoices));
  if (path === '/api/billing/account/refund/list') return sendJson(res, page(state.refunds));
  if (path === '/api/billing/account/invoice' && req.method === 'POST') {
    const parsed = invoiceRequestSchema.safeParse(JSON.parse(req.body));
    if (!parsed.success) return refuse(req, res, parsed.error.issues[0].message as MessageKey, String(parsed.error.issues[0].path[0]));
    if (parsed.data.apply_amount > state.invoice.invoicable) return refuse(req, res, 'billingRequests.invoiceOverInvoicable', 'apply_amount');
    const row: InvoiceRequestRecord = { id: `inv${state.invoices.length + 1}`, status: 'pending', ...parsed.data, invoice_no: null, reject_reason: null, created_at: Date.now(), processed_at: null };
    state.invoices.unshift(row);
    state.invoice = { ...state.invoice, pending: state.invoice.pending + row.apply_amount, invoicable: state.invoice.invoicable - row.apply_amount };
    return sendJson(res, ok(row));
  }
  if (path === '/api/billing/account/refund' && req.method === 'POST') {
    const parsed = refundRequestSchema.safeParse(JSON.parse(req.body));
    if (!parsed.success) return refuse(req, res, parsed.error.issues[0].message as MessageKey, String(parsed.error.issues[0].path[0]));
    if (parsed.data.amount > state.refund.refundable) return refuse(req, res, 'billingRequests.refundOverRefundable', 'amount');
    const row: RefundRequestRecord = { id: `ref${state.refunds.length + 1}`, status: 'pending', ...parsed.data, transaction_no: null, reject_reason: null, created_at: Date.now(), processed_at: null };
    state.refunds.unshift(row);
    state.refund = { ...state.refund, pending: state.refund.pending + row.amount, refundable: state.refund.refundable - row.amount };
    return sendJson(res, ok(row));
  }
  sendJson(res, { code: 404, message: 'not found', data: null });
}

const server = await startTestServer(answer);
useScreenTest(server, { reset: () => closeDialog() });
beforeEach(() => resetState());
afterEach(async () => changeLanguage('en'));

const wait = { timeout: 30_000 };
const dialog = () => screen.getByRole('dialog');
const type = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (within(dialog()).getByLabelText(label) as HTMLInputElement).value;
const press = (name: string | RegExp) => fireEvent.click(within(dialog()).getByRole('button', { name }));
const posts = (path: string) => server.requests.filter((r) => r.method === 'POST' && r.url === path).map((r) => JSON.parse(r.body) as Record<string, unknown>);
const figure = (id: string) => screen.getByTestId(`requests-${id}`).querySelector('.ant-statistic-content')?.textContent;
const rows = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));

function Panel() {
  const { money } = useBillingMoney('USD');
  return <BillingRequestsPanel money={money} />;
}

/** The account detail page's folded panel, opened: nothing is asked for before. */
async function openPanel(title = 'Invoices and refunds') {
  renderScreen(<Panel />, { dialogs: true });
  const header = await screen.findByText(title, {}, wait);
  expect(server.requests.filter((r) => r.url.startsWith('/api/billing/'))).toEqual([]);
  fireEvent.click(header);
}

/** antd spaces a two-character Chinese button label. */
const SUBMIT_ZH = /^提\s?交$/;

describe('invoices and refunds', () => {
  it('shows the amounts and the lists, and asks for an invoice: rules before sending, a refusal keeps what was typed', async () => {
    signIn();
    await openPanel();
    await waitFor(() => expect([figure('total'), figure('invoiced'), figure('invoicable'), figure('refundable')]).toEqual(['$100.00', '$40.00', '$60.00', '$55.50']), wait);
    await waitFor(() => expect(rows('invoice-requests')[0]).toEqual(expect.arrayContaining(['$40.00', 'Issued', 'INV-0001'])), wait);
    await waitFor(() => expect(rows('refund-requests')[0]).toEqual(expect.arrayContaining(['$10.00', 'Rejected', 'Card payment pending'])), wait);

    fireEvent.click(screen.getByRole('button', { name: 'Request invoice' }));
    await within(dialog()).findByText(/Invoicable: \$60\.00\. Requests are processed within 2 working days/, {}, wait);
    press('Submit');
    await within(dialog()).findByText('The amount must be greater than 0', {}, wait);
    expect(within(dialog()).getAllByText('This field is required')).toHaveLength(5);
    type('Apply amount', '60.01');
    for (const [label, value] of [['Company identification', 'TAX-91310000'], ['Address', '1 Harbour Rd'], ['Phone', '+86 21 5555 0100'], ['Bank', 'Bank of Test'], ['Bank account', '6222 0000 1111']]) type(label, value);
    press('Submit');
    await within(dialog()).findByText('The apply amount cannot be more than the invoicable amount', {}, wait);
    expect(posts('/api/billing/account/invoice')).toEqual([]);

    // Meanwhile another member asked for 30: the server refuses 40, the dialog keeps what was typed.
    state.invoice = { ...state.invoice, pending: 30, invoicable: 30 };
    type('Apply amount', '40');
    press('Submit');
    await waitFor(() => expect(screen.getByTestId('request-refused').textContent).toContain('The apply amount cannot be more than the invoicable amount'), wait);
    expect(posts('/api/billing/account/invoice')).toEqual([{ apply_amount: 40, company_id: 'TAX-91310000', address: '1 Harbour Rd', phone: '+86 21 5555 0100', bank: 'Bank of Test', bank_account: '6222 0000 1111' }]);
    expect([valueOf('Apply amount'), valueOf('Company identification')]).toEqual(['40', 'TAX-91310000']);

    type('Apply amount', '25.5');
    press('Submit');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    await waitFor(() => expect(figure('invoicable')).toBe('$4.50'), wait);
    await waitFor(() => expect(rows('invoice-requests')[0]).toEqual(expect.arrayContaining(['$25.50', 'Pending', '—'])), wait);
  });

  it('asks for a refund in Chinese: the 20-character description and the refundable amount checked before sending', async () => {
    signIn();
    await act(async () => changeLanguage('zh'));
    await openPanel('发票与退款');
    await waitFor(() => expect(figure('refundable')).toBe('US$55.50'), wait);
    fireEvent.click(screen.getByRole('button', { name: '申请退款' }));
    await within(dialog()).findByText(/可退款: US\$55\.50/, {}, wait);
    type('退款金额', '0');
    type('退款原因', '项目结束');
    type('描述', '不再使用');
    type('账户名', 'Ann Lee');
    press(SUBMIT_ZH);
    await within(dialog()).findByText('金额必须大于 0', {}, wait);
    expect(within(dialog()).getByText('描述至少 20 个字符')).toBeTruthy();
    type('退款金额', '55.51');
    type('描述', 'The project ended and the workload moved elsewhere.');
    press(SUBMIT_ZH);
    await within(dialog()).findByText('退款金额不能超过可退款金额', {}, wait);
    expect(posts('/api/billing/account/refund')).toEqual([]);

    type('退款金额', '55.5');
    press(SUBMIT_ZH);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    expect(posts('/api/billing/account/refund')).toEqual([{ amount: 55.5, reason: '项目结束', description: 'The project ended and the workload moved elsewhere.', account_name: 'Ann Lee' }]);
    await waitFor(() => expect(rows('refund-requests')[0]).toEqual(expect.arrayContaining(['US$55.50', '处理中'])), wait);
    expect(figure('refundable')).toBe('US$0.00');
  });

  it('offers no request without billing:payment:create', async () => {
    signIn({ privileges: ALL_PRIVILEGES.filter((p) => p !== Privilege.BILLING_PAYMENT_CREATE) });
    await openPanel();
    await waitFor(() => expect(figure('total')).toBe('$100.00'), wait);
    expect(screen.queryByRole('button', { name: 'Request invoice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request refund' })).toBeNull();
  });
});
