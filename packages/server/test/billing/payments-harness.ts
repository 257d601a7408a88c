import { expect } from 'vitest';
import type { PaymentMethodInfo, PaymentRecord, RechargeSession } from '@tscloud/contracts';
import type { TestApp } from '../support/app';
import type { Caller } from '../orgs/helpers';

/** The card dialog's step that goes to the provider, not to our API: the sandbox's tokenisation endpoint. */
export async function tokenize(t: TestApp, number: string, cvc = '9183'): Promise<{ token: string; last4: string; brand: string }> {
  const answer = await t.app.inject({ method: 'POST', url: '/sandbox-pay/v1/tokens', payload: { number, exp_month: 12, exp_year: 2030, cvc } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

export const owner = { cardOwnerName: 'Ada Owner', addressLine: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' };

/** Adds a card through the provider and then our API, as the card dialog does. */
export async function addCard(t: TestApp, caller: Caller, orgId: string, number: string): Promise<PaymentMethodInfo> {
  const { token } = await tokenize(t, number);
  const answer = await caller.call<PaymentMethodInfo>('POST', '/api/billing/PaymentMethod/create', { token, ...owner }, orgId);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

/** The hosted page's path from the recharge's pay_url. */
export const pagePath = (session: RechargeSession) => new URL(session.pay_url).pathname;

export async function openPage(t: TestApp, session: RechargeSession): Promise<string> {
  const answer = await t.app.inject({ method: 'GET', url: pagePath(session) });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/text\/html/);
  return answer.body;
}

/** The customer's act on the hosted page, posted as its HTML form posts it. */
export async function act(t: TestApp, session: RechargeSession, action: string, card: Record<string, string> = {}): Promise<string> {
  const answer = await t.app.inject({
    method: 'POST',
    url: pagePath(session),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action, ...card }).toString(),
  });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

export async function recharge(caller: Caller, orgId: string, value: string): Promise<RechargeSession> {
  const answer = await caller.call<RechargeSession>('GET', `/api/billing/recharge/init?value=${encodeURIComponent(value)}`, undefined, orgId);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

export async function paymentOf(caller: Caller, orgId: string, id: string): Promise<PaymentRecord> {
  const answer = await caller.call<PaymentRecord>('GET', `/api/billing/payment/record/${id}`, undefined, orgId);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

export async function balanceOf(caller: Caller, orgId: string): Promise<number> {
  return (await caller.call<{ balance: number }>('GET', '/api/billing/payment/summary/overview', undefined, orgId)).data.balance;
}
