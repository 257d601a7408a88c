import type { ServerResponse } from 'node:http';
import {
  CARD_DATA_FIELDS,
  COUPON_CODE_PATTERN,
  DEFAULT_CHANGELOG_TYPES,
  languageFrom,
  paymentEmailCreateSchema,
  rechargeAmountSchema,
  translate,
  type BalanceChange,
  type BalanceDay,
  type BillDetail,
  type PaymentEmail,
  type PaymentMethodInfo,
  type PaymentOverview,
  type PaymentRecord,
  type UsageDay,
  type UsageRecord,
} from '@tscloud/contracts';
import { formatDate } from '../config/format';
import { sendJson, startTestServer, type RecordedRequest } from './httpServer';
import { isMenusCall, ok } from './screenHarness';

/**
 * The billing calls' test server: answers as ours does (docs/billing.md "Calls": contracts' shapes, the §7 default
 * changelog types, a refusal as the envelope with the message in the caller's language). A coupon credits the
 * balance once. Payments as docs/billing.md "Payments" says: the sandbox's tokenisation endpoint (outside /api, its
 * own answers), cards kept as tokens, recharges settled by `settlePayment` (what the hosted page and its webhook do),
 * retries charging the card on file, payment e-mails. Test-only helper.
 */
export const GOOD_COUPON = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const USED_COUPON = 'USED0000000000000000000000000000';

export const state = {
  overview: null as unknown as PaymentOverview,
  usage: [] as UsageDay[],
  cdrs: {} as Record<string, UsageRecord[]>,
  ledger: [] as BalanceChange[],
  days: [] as BalanceDay[],
  card: null as PaymentMethodInfo | null,
  otherCards: [] as PaymentMethodInfo[],
  /** The sandbox's tokens: what each card does when charged, and its display fields. */
  tokens: new Map<string, { brand: string; last4: string; expMonth: number; expYear: number; declines: boolean }>(),
  payments: [] as PaymentRecord[],
  emails: [] as PaymentEmail[],
  bills: [] as BillDetail[],
};

/** The test cards the sandbox knows (docs/billing.md "Test cards"); any other number is refused as invalid. */
export const TEST_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

export function resetState(over: Partial<PaymentOverview> = {}): void {
  state.overview = { currency: 'USD', balance: 12.5, month_cost: 3.75, month_forecast: 9.3, last_day_cost: 0.25, last_month_cost: 20.1, credit_card: false, marketplace: false, in_arrears: false, ...over };
  const currency = state.overview.currency;
  state.usage = [
    { id: 'd2', instance_id: 'i1', instance_name: 'prod', day: '2026-11-02', currency, plan_hours: 24, storage_gb_hours: 48.5, bytes_in: 1_048_576, bytes_out: 3_221_225_472, amount: 6.29 },
    { id: 'd1', instance_id: 'i1', instance_name: 'prod', day: '2026-11-01', currency, plan_hours: 10.5, storage_gb_hours: 20, bytes_in: 2048, bytes_out: 0, amount: 2.63 },
  ];
  state.cdrs = {
    d2: [
      {
        id: 'c1', instance_id: 'i1', instance_name: 'prod', hour_start: Date.UTC(2026, 10, 2, 5), currency, plan_hours: 1, storage_gb_hours: 2, bytes_in: 1024, bytes_out: 0, amount: 0.5004,
        items: [
          { kind: 'plan', plan_level: 1, ha: 1, quantity: 1, unit_price: 0.5, amount: 0.5 },
          { kind: 'storage', plan_level: 1, ha: 1, quantity: 2, unit_price: 0.0002, amount: 0.0004 },
        ],
      },
    ],
  };
  state.ledger = [
    { transaction_no: 'TX000000000002', type: 2, old_balance: 2.5, change: 10, new_balance: 12.5, reference: 'OLDCOUPON', note: null, created_at: Date.UTC(2026, 10, 2, 9) },
    { transaction_no: 'TX000000000001', type: 5, old_balance: 0, change: 2.5, new_balance: 2.5, reference: null, note: 'opening credit', created_at: Date.UTC(2026, 10, 1, 8) },
  ];
  state.card = null;
  state.otherCards = [];
  state.tokens.clear();
  state.payments = [];
  state.emails = [];
  state.bills = [
    {
      id: 'org1_2026-10', month: '2026-10', currency, amount: 8.92, status: 3, issued_at: Date.UTC(2026, 10, 1, 0, 5), created_at: Date.UTC(2026, 10, 1, 0, 4),
      opening_balance: 1, credits: 20, closing_balance: 12.08, payment_id: null,
      charge_lines: [
        { instance_id: 'i1', instance_name: 'prod', kind: 'plan', plan_level: 1, ha: 1, quantity: 34.5, amount: 8.63 },
        { instance_id: 'i1', instance_name: 'prod', kind: 'egress', plan_level: 1, ha: 1, quantity: 3.2, amount: 0.29 },
      ],
      credit_lines: [{ type: 2, count: 1, amount: 20 }],
    },
    { id: 'org1_2026-09', month: '2026-09', currency, amount: 4, status: 4, issued_at: Date.UTC(2026, 9, 1, 0, 5), created_at: Date.UTC(2026, 9, 1, 0, 4), opening_balance: 3, credits: 0, closing_balance: -1, payment_id: null, charge_lines: [], credit_lines: [] },
    { id: 'org1_2026-08', month: '2026-08', currency, amount: 0, status: 5, issued_at: Date.UTC(2026, 8, 1, 0, 5), created_at: Date.UTC(2026, 8, 1, 0, 4), opening_balance: 3, credits: 0, closing_balance: 3, payment_id: null, charge_lines: [], credit_lines: [] },
    { id: 'org1_2026-07', month: '2026-07', currency, amount: 1.5, status: 2, issued_at: null, created_at: Date.UTC(2026, 7, 1, 0, 4), opening_balance: 0, credits: 0, closing_balance: -1.5, payment_id: 'pay_1', charge_lines: [], credit_lines: [] },
  ];
  state.days = [
    { day: '2026-11-02', type: 2, count: 1, change: 10, closing_balance: 12.5 },
    { day: '2026-11-01', type: 5, count: 1, change: 2.5, closing_balance: 2.5 },
  ];
}

type MessageKey = Parameters<typeof translate>[0];

function refuse(req: RecordedRequest, res: ServerResponse, code: number, key: MessageKey, data: unknown = null) {
  sendJson(res, { code, message: translate(key, languageFrom(req.headers['accept-language'])), data });
}

const page = <T>(list: T[], q: URLSearchParams) => {
  const size = Number(q.get('page_size') ?? 10);
  const current = Number(q.get('current_page') ?? 1);
  return { list: list.slice((current - 1) * size, current * size), total: list.length, current_page: current, page_size: size };
};

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_${String(++sequence).padStart(8, '0')}`;

function payment(amount: number, kind: PaymentRecord['kind'], status: PaymentRecord['status']): PaymentRecord {
  return { id: nextId('pay'), kind, amount, currency: state.overview.currency, status, failure_message: null, failure_code: null, transaction_no: null, created_at: Date.now(), updated_at: Date.now() };
}

/** What the hosted page and the provider's webhook do: the payment is paid (the balance credited once) or declined. */
export function settlePayment(id: string, outcome: 'paid' | 'failed'): void {
  const found = state.payments.find((p) => p.id === id);
  if (!found || found.status === 'paid' || found.status === 'failed') return;
  if (outcome === 'failed') return void Object.assign(found, { status: 'failed', failure_code: 'card_declined', failure_message: translate('billing.paymentFailed', 'en') });
  const old = state.overview.balance;
  const transaction_no = nextId('TX');
  state.overview = { ...state.overview, balance: old + found.amount, in_arrears: old + found.amount < 0 };
  Object.assign(found, { status: 'paid', transaction_no });
}

function body(req: RecordedRequest): Record<string, unknown> {
  return req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
}

function cardInfo(id: string, token: string, fields: Record<string, unknown>): PaymentMethodInfo {
  const card = state.tokens.get(token)!;
  const text = (name: string) => String(fields[name] ?? '');
  return {
    id, brand: card.brand, cardNumber: `**** **** **** ${card.last4}`, cardExpMonth: card.expMonth, cardExpYear: card.expYear, cvcCode: '***',
    cardOwnerName: text('cardOwnerName'), addressLine: text('addressLine'), city: text('city'), state: text('state'), postalCode: text('postalCode'), isDefault: true,
  };
}

/** The payment calls; false when the path is none of them. */
function answerPayments(req: RecordedRequest, res: ServerResponse, path: string, q: URLSearchParams): boolean {
  const reply = (data: unknown) => (sendJson(res, ok(data)), true);
  const no = (code: number, key: MessageKey, data?: unknown) => (refuse(req, res, code, key, data), true);
  if (path === '/api/billing/payment/provider') return reply({ provider: 'sandbox', tokenize_url: `http://${req.headers.host}/sandbox-pay/v1/tokens` });
  if (path === '/sandbox-pay/v1/tokens' && req.method === 'POST') {
    const card = body(req) as { number?: string; exp_month?: number; exp_year?: number; cvc?: string };
    const number = String(card.number ?? '');
    if (number !== TEST_CARD && number !== DECLINED_CARD) return (sendJson(res, { error: 'invalid_number' }, 402), true);
    const token = nextId('tok');
    state.tokens.set(token, { brand: 'visa', last4: number.slice(-4), expMonth: Number(card.exp_month), expYear: Number(card.exp_year), declines: number === DECLINED_CARD });
    return (sendJson(res, { token, ...state.tokens.get(token) }), true);
  }
  if (path === '/api/billing/PaymentMethod/info') return reply(state.card);
  if (path === '/api/billing/payment/card/page') return reply(page(state.card ? [state.card, ...state.otherCards] : state.otherCards, q));
  if ((path === '/api/billing/PaymentMethod/create' || path === '/api/billing/PaymentMethod/update') && req.method === 'POST') {
    const fields = body(req);
    if (CARD_DATA_FIELDS.some((f) => f in fields)) return no(400, 'billing.cardDataRefused');
    const token = fields.token as string | undefined;
    if (token !== undefined && !state.tokens.has(token)) return no(400, 'validation.formFormat');
    if (path.endsWith('/create')) {
      if (!token) return no(400, 'validation.formFormat');
      state.card = cardInfo(nextId('card'), token, fields);
    } else {
      if (!state.card || fields.id !== state.card.id) return no(404, 'error.notFound');
      const tokenOf = token ?? [...state.tokens].find(([, c]) => `**** **** **** ${c.last4}` === state.card!.cardNumber)![0];
      state.card = cardInfo(state.card.id, tokenOf, fields);
    }
    state.overview = { ...state.overview, credit_card: true };
    return reply(state.card);
  }
  if (path === '/api/billing/recharge/init') {
    const value = rechargeAmountSchema.safeParse(q.get('value') ?? '');
    if (!value.success) return no(400, 'billing.rechargeAmount');
    const started = payment(Number(value.data), 'recharge', 'waiting');
    state.payments.unshift(started);
    return reply({ payment: started, pay_url: `http://${req.headers.host}/sandbox-pay/cs_${started.id}` });
  }
  if (path === '/api/billing/payment/record-page') return reply(page(state.payments, q));
  const record = /^\/api\/billing\/payment\/record\/([^/]+)$/.exec(path);
  if (record) {
    const found = state.payments.find((p) => p.id === record[1]);
    return found ? reply(found) : no(404, 'error.notFound');
  }
  if (path === '/api/billing/payment/retry' && req.method === 'POST') {
    const failed = state.payments.find((p) => p.id === body(req).id && p.status === 'failed');
    if (!failed) return no(404, 'error.notFound');
    if (!state.card) return no(400, 'billing.noCardOnFile');
    const retried = payment(failed.amount, 'retry', 'processing');
    state.payments.unshift(retried);
    const declines = [...state.tokens.values()].find((c) => `**** **** **** ${c.last4}` === state.card!.cardNumber)?.declines;
    settlePayment(retried.id, declines ? 'failed' : 'paid');
    return declines ? no(400, 'billing.paymentFailed', retried) : reply(retried);
  }
  if (path === '/api/billing/UserBillAccount/email/list') return reply(state.emails);
  if (path === '/api/billing/UserBillAccount/email' && req.method === 'POST') {
    const parsed = paymentEmailCreateSchema.safeParse(body(req));
    if (!parsed.success) return no(400, 'validation.email');
    if (state.emails.some((e) => e.email === parsed.data.email)) return no(409, 'billing.paymentEmailExists');
    const added = { id: nextId('mail'), email: parsed.data.email, created_at: Date.now() };
    state.emails.push(added);
    return reply(added);
  }
  const removed = /^\/api\/billing\/UserBillAccount\/email\/remove\/([^/]+)$/.exec(path);
  if (removed && req.method === 'DELETE') {
    state.emails = state.emails.filter((e) => e.id !== removed[1]);
    return reply(null);
  }
  return false;
}

function answer(req: RecordedRequest, res: ServerResponse) {
  const url = new URL(req.url, 'http://x');
  const path = url.pathname;
  const q = url.searchParams;
  if (isMenusCall(path)) return sendJson(res, ok({}));
  if (path === '/api/billing/payment/overview') return sendJson(res, ok(state.overview));
  if (answerPayments(req, res, path, q)) return;
  if (path === '/api/billing/coupon/redeem' && req.method === 'POST') {
    const code = q.get('code') ?? '';
    if (!COUPON_CODE_PATTERN.test(code)) return refuse(req, res, 400, 'validation.coupon');
    if (state.overview.marketplace) return refuse(req, res, 403, 'billing.couponRedeemFailed');
    if (code !== GOOD_COUPON) return refuse(req, res, 400, 'billing.couponRedeemFailed');
    const old = state.overview.balance;
    state.overview = { ...state.overview, balance: old + 50 };
    state.ledger.unshift({ transaction_no: 'TX000000000003', type: 2, old_balance: old, change: 50, new_balance: old + 50, reference: code, note: null, created_at: Date.now() });
    return sendJson(res, ok({ code, amount: 50, balance: old + 50, transaction_no: 'TX000000000003' }));
  }
  if (path === '/api/billing/payment/summary/receipt-page') {
    const bills = state.bills.map(({ id, month, currency, amount, status, issued_at, created_at }) => ({ id, month, currency, amount, status, issued_at, created_at }));
    return sendJson(res, ok(page(bills, q)));
  }
  if (path === '/api/billing/payment/summary/external-receipt') {
    const bill = state.bills.find((b) => b.id === q.get('id'));
    if (!bill) return refuse(req, res, 404, 'error.notFound');
    if (q.get('format') !== 'pdf') return sendJson(res, ok(bill));
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="bill-${bill.month}.pdf"` });
    return void res.end(`%PDF-1.3 bill ${bill.month}`);
  }
  if (path === '/api/billing/usage/page') {
    const list = state.usage.filter((d) => (!q.get('instance_id') || d.instance_id === q.get('instance_id')) && (!q.get('start_day') || d.day >= q.get('start_day')!) && (!q.get('end_day') || d.day <= q.get('end_day')!));
    return sendJson(res, ok(page(list, q)));
  }
  const cdr = /^\/api\/billing\/usage\/cdr-list\/([^/]+)$/.exec(path);
  if (cdr) return state.cdrs[cdr[1]] ? sendJson(res, ok(state.cdrs[cdr[1]])) : sendJson(res, { code: 404, message: 'Not found', data: null });
  const types = (q.get('type') ?? DEFAULT_CHANGELOG_TYPES.join(',')).split(',').map(Number);
  if (path === '/api/billing/balance/changelog') {
    const list = state.ledger.filter((e) => types.includes(e.type));
    return sendJson(res, ok({ list, total: list.length, current_page: Number(q.get('current_page') ?? 1), page_size: Number(q.get('page_size') ?? 10) }));
  }
  if (path === '/api/billing/balance/changelog-day-agg') return sendJson(res, ok(state.days.filter((d) => types.includes(d.type))));
  if (path === '/api/billing/balance/changelog-day-detail') {
    const day = q.get('day');
    return sendJson(res, ok(state.ledger.filter((e) => types.includes(e.type) && formatDate(e.created_at) === day).reverse()));
  }
  sendJson(res, { code: 404, message: 'Not found', data: null });
}

export const startBillingServer = () => startTestServer(answer);

/** The query parameters of the calls to `path`, oldest first. */
export function callsTo(server: { requests: RecordedRequest[] }, path: string, method = 'GET') {
  return server.requests.filter((r) => r.method === method && new URL(r.url, 'http://x').pathname === path).map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
}
