import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  ApiCode,
  CARD_DATA_FIELDS,
  Privilege,
  type PrivilegeName,
  ok,
  paymentEmailCreateSchema,
  paymentMethodCreateSchema,
  paymentMethodUpdateSchema,
  paymentRetrySchema,
  rechargeInitQuerySchema,
  type PaymentEmail,
  type PaymentProviderInfo,
  type RechargeSession,
} from '@tscloud/contracts';
import type { AppDeps } from '../../../deps';
import { ApiError } from '../../../http/api-error';
import { offsetOf, pageOf, pageQuerySchema, slicePage } from '../../../http/paging';
import { parseWith } from '../../../http/validate';
import { isUniqueViolation } from '../../../store/unique-violation';
import { billingPaymentEmails, billingPayments } from '../../../store/schema';
import { authOf } from '../../auth/guard-plugin';
import { orgOf } from '../../access';
import { billingAccountOf } from '../../../region';
import { toMicros } from '../money';
import { addCard, cardsOf, toInfo, updateCard } from './payment-methods';
import { defaultCard, chargeCardOnFile, startRecharge, toRecord } from './payment-service';
import type { PaymentProvider } from './provider';

const QUERY = { access: 'org', privileges: { allOf: [Privilege.BILLING_CREDIT_QUERY] } } as const;
const write = (privilege: PrivilegeName, operation: string) =>
  ({ access: 'org', write: true, privileges: { allOf: [privilege] }, activity: { type: 'billing', operation } }) as const;
const CREATE = Privilege.BILLING_PAYMENT_CREATE;
const UPDATE = Privilege.BILLING_PAYMENT_UPDATE;

/** A body naming any card-data field is refused before anything else: card numbers and CVCs go to the provider only. */
function refuseCardData(body: unknown): void {
  if (body && typeof body === 'object' && CARD_DATA_FIELDS.some((field) => field in body)) throw ApiError.badRequest('billing.cardDataRefused');
}

/**
 * The payment calls of §7 (docs/billing.md "Payments"), on the caller's organization (Account-Id). Reading needs
 * billing:credit:query; adding a card, recharging and retrying pay into the account (billing:payment:create);
 * changing the card and the payment e-mails needs billing:payment:update (§6).
 */
export function paymentRoutes(provider: PaymentProvider): FastifyPluginAsync<AppDeps> {
  return async (app, deps) => {
    const { db } = deps.store;
    const now = () => deps.clock.now();

    const refuseMarketplace = async (orgId: string) => {
      // A marketplace-billed organization pays through its marketplace (§1: no payment screens).
      if ((await billingAccountOf(db, orgId, deps.config.marketplace !== 'none')).marketplace) throw new ApiError(ApiCode.FORBIDDEN, 'billing.marketplacePayments');
    };
    const tokenCard = async (token: string) => {
      const card = await provider.card(token);
      if (!card) throw ApiError.badRequest('validation.formFormat');
      return card;
    };

    // Where the card dialog sends the card: the provider, never this API.
    app.get('/api/billing/payment/provider', { config: { policy: QUERY } }, async () => ok({ provider: provider.name, tokenize_url: provider.tokenizeUrl } satisfies PaymentProviderInfo));

    app.get('/api/billing/PaymentMethod/info', { config: { policy: QUERY } }, async (request) => {
      const card = await defaultCard(db, orgOf(request).orgId);
      return ok(card ? toInfo(card) : null);
    });

    app.get('/api/billing/payment/card/page', { config: { policy: QUERY } }, async (request) => {
      const page = parseWith(pageQuerySchema, request.query);
      return ok(slicePage((await cardsOf(db, orgOf(request).orgId)).map(toInfo), page));
    });

    app.post('/api/billing/PaymentMethod/create', { config: { policy: write(CREATE, 'card add') } }, async (request) => {
      refuseCardData(request.body);
      const input = parseWith(paymentMethodCreateSchema, request.body);
      const { orgId } = orgOf(request);
      await refuseMarketplace(orgId);
      const card = await tokenCard(input.token);
      return ok(toInfo(await addCard(db, now(), orgId, provider.name, input.token, card, input, input.isDefault)));
    });

    app.post('/api/billing/PaymentMethod/update', { config: { policy: write(UPDATE, 'card update') } }, async (request) => {
      refuseCardData(request.body);
      const input = parseWith(paymentMethodUpdateSchema, request.body);
      const card = input.token ? await tokenCard(input.token) : undefined;
      const row = await updateCard(db, now(), orgOf(request).orgId, input.id, { token: input.token, card, owner: input, isDefault: input.isDefault });
      if (!row) throw ApiError.notFound();
      return ok(toInfo(row));
    });

    app.get('/api/billing/recharge/init', { config: { policy: write(CREATE, 'recharge') } }, async (request) => {
      const { value } = parseWith(rechargeInitQuerySchema, request.query);
      const { orgId } = orgOf(request);
      await refuseMarketplace(orgId);
      const { row, payUrl } = await startRecharge(deps, provider, orgId, authOf(request).userId, toMicros(Number(value)));
      const session: RechargeSession = { payment: toRecord(row, request.lang), pay_url: payUrl };
      return ok(session);
    });

    // The §4 "confirm" step and the overview read payments here.
    app.get('/api/billing/payment/record-page', { config: { policy: QUERY } }, async (request) => {
      const page = parseWith(pageQuerySchema, request.query);
      const { orgId } = orgOf(request);
      const rows = await db.select().from(billingPayments).where(eq(billingPayments.orgId, orgId)).orderBy(desc(billingPayments.createdAt), desc(billingPayments.id)).limit(page.page_size).offset(offsetOf(page));
      const [{ total }] = await db.select({ total: count() }).from(billingPayments).where(eq(billingPayments.orgId, orgId));
      return ok(pageOf(rows.map((row) => toRecord(row, request.lang)), total, page));
    });

    app.get<{ Params: { id: string } }>('/api/billing/payment/record/:id', { config: { policy: QUERY } }, async (request) => {
      const [row] = await db.select().from(billingPayments).where(and(eq(billingPayments.orgId, orgOf(request).orgId), eq(billingPayments.id, request.params.id)));
      if (!row) throw ApiError.notFound();
      return ok(toRecord(row, request.lang));
    });

    app.post('/api/billing/payment/retry', { config: { policy: write(CREATE, 'payment retry') } }, async (request) => {
      const { id } = parseWith(paymentRetrySchema, request.body ?? request.query);
      const { orgId } = orgOf(request);
      await refuseMarketplace(orgId);
      const [failed] = await db
        .select()
        .from(billingPayments)
        .where(and(eq(billingPayments.orgId, orgId), eq(billingPayments.status, 'failed'), ...(id ? [eq(billingPayments.id, id)] : [])))
        .orderBy(desc(billingPayments.createdAt))
        .limit(1);
      if (!failed) throw ApiError.notFound();
      const card = await defaultCard(db, orgId);
      if (!card) throw ApiError.badRequest('billing.noCardOnFile');
      const row = await chargeCardOnFile(deps, provider, orgId, authOf(request).userId, failed, card.token);
      if (row.status === 'failed') throw new ApiError(ApiCode.BAD_REQUEST, 'billing.paymentFailed', [], toRecord(row, request.lang));
      return ok(toRecord(row, request.lang));
    });

    app.get('/api/billing/UserBillAccount/email/list', { config: { policy: QUERY } }, async (request) => {
      const rows = await db.select().from(billingPaymentEmails).where(eq(billingPaymentEmails.orgId, orgOf(request).orgId)).orderBy(billingPaymentEmails.createdAt);
      return ok(rows.map((r): PaymentEmail => ({ id: r.id, email: r.email, created_at: r.createdAt })));
    });

    app.post('/api/billing/UserBillAccount/email', { config: { policy: write(UPDATE, 'payment e-mail add') } }, async (request) => {
      const { email } = parseWith(paymentEmailCreateSchema, request.body);
      try {
        const [row] = await db.insert(billingPaymentEmails).values({ id: randomUUID(), orgId: orgOf(request).orgId, email: email.toLowerCase(), createdAt: now() }).returning();
        return ok({ id: row.id, email: row.email, created_at: row.createdAt } satisfies PaymentEmail);
      } catch (error) {
        if (isUniqueViolation(error)) throw ApiError.conflict('billing.paymentEmailExists');
        throw error;
      }
    });

    app.delete<{ Params: { id: string } }>('/api/billing/UserBillAccount/email/remove/:id', { config: { policy: write(UPDATE, 'payment e-mail remove') } }, async (request) => {
      const gone = await db.delete(billingPaymentEmails).where(and(eq(billingPaymentEmails.orgId, orgOf(request).orgId), eq(billingPaymentEmails.id, request.params.id))).returning();
      if (gone.length === 0) throw ApiError.notFound();
      return ok(null);
    });
  };
}
