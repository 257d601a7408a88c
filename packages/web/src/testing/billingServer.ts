import type { ServerResponse } from 'node:http';
import { COUPON_CODE_PATTERN, DEFAULT_CHANGELOG_TYPES, languageFrom, translate, type BalanceChange, type BalanceDay, type PaymentOverview, type UsageDay, type UsageRecord } from '@tscloud/contracts';
import { formatDate } from '../config/format';
import { sendJson, startTestServer, type RecordedRequest } from './httpServer';
import { isMenusCall, ok } from './screenHarness';

/**
 * The billing calls' test server: answers as ours does (docs/billing.md "Calls": contracts' shapes, the §7 default
 * changelog types, a refusal as the envelope with the message in the caller's language). A coupon credits the
 * balance once. Test-only helper.
 */
export const GOOD_COUPON = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const USED_COUPON = 'USED0000000000000000000000000000';

export const state = {
  overview: null as unknown as PaymentOverview,
  usage: [] as UsageDay[],
  cdrs: {} as Record<string, UsageRecord[]>,
  ledger: [] as BalanceChange[],
  days: [] as BalanceDay[],
};

export function resetState(over: Partial<PaymentOverview> = {}): void {
  state.overview = { currency: 'USD', balance: 12.5, month_cost: 3.75, month_forecast: 9.3, last_month_cost: 20.1, credit_card: false, marketplace: false, in_arrears: false, ...over };
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
  state.days = [
    { day: '2026-11-02', type: 2, count: 1, change: 10, closing_balance: 12.5 },
    { day: '2026-11-01', type: 5, count: 1, change: 2.5, closing_balance: 2.5 },
  ];
}

function refuse(req: RecordedRequest, res: ServerResponse, code: number, key: 'billing.couponRedeemFailed' | 'validation.coupon') {
  sendJson(res, { code, message: translate(key, languageFrom(req.headers['accept-language'])), data: null });
}

function answer(req: RecordedRequest, res: ServerResponse) {
  const url = new URL(req.url, 'http://x');
  const path = url.pathname;
  const q = url.searchParams;
  if (isMenusCall(path)) return sendJson(res, ok({}));
  if (path === '/api/billing/payment/overview') return sendJson(res, ok(state.overview));
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
  if (path === '/api/billing/usage/page') {
    const list = state.usage.filter((d) => (!q.get('instance_id') || d.instance_id === q.get('instance_id')) && (!q.get('start_day') || d.day >= q.get('start_day')!) && (!q.get('end_day') || d.day <= q.get('end_day')!));
    const size = Number(q.get('page_size') ?? 10);
    const current = Number(q.get('current_page') ?? 1);
    return sendJson(res, ok({ list: list.slice((current - 1) * size, current * size), total: list.length, current_page: current, page_size: size }));
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
