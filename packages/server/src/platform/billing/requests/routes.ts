import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, Privilege, invoiceRequestSchema, ok, refundRequestSchema } from '@tscloud/contracts';
import type { AppDeps } from '../../../deps';
import { ApiError } from '../../../http/api-error';
import { pageQuerySchema } from '../../../http/paging';
import { parseWith } from '../../../http/validate';
import { authOf } from '../../auth/guard-plugin';
import { orgOf } from '../../access';
import { billingAccountOf } from '../../../region';
import { invoiceMicros, refundMicros, toInvoiceAmount, toRefundAmount } from './amounts';
import { AmountExceeded, invoicePage, refundPage, requestInvoice, requestRefund, toInvoiceRecord, toRefundRecord } from './requests';
import { mailRequest } from './request-mails';

const QUERY = { access: 'org', privileges: { allOf: [Privilege.BILLING_CREDIT_QUERY] } } as const;
const write = (operation: string) =>
  ({ access: 'org', write: true, privileges: { allOf: [Privilege.BILLING_PAYMENT_CREATE] }, activity: { type: 'billing', operation } }) as const;

/**
 * Invoice and refund requests (docs/billing.md "Invoices and refunds"): the two amount calls of §7 and our request and
 * list calls, on the caller's organization. Operators process the requests from the command line (ops-commands.ts).
 */
export const billingRequestRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const log = (message: string, error: unknown) => app.log.error({ err: error }, message);

  /** The §7 calls name the organization in the path: only the caller's own; another's is not found, as elsewhere. */
  const ownOrg = (request: Parameters<typeof orgOf>[0], orgId: string) => {
    const own = orgOf(request).orgId;
    if (orgId !== own) throw ApiError.notFound();
    return own;
  };
  const refuseMarketplace = async (orgId: string) => {
    // A marketplace-billed organization pays, and is invoiced and refunded, through its marketplace (§1).
    if ((await billingAccountOf(db, orgId, deps.config.marketplace !== 'none')).marketplace) throw new ApiError(ApiCode.FORBIDDEN, 'billing.marketplacePayments');
  };
  const overAmount = (field: string, key: 'billingRequests.invoiceOverInvoicable' | 'billingRequests.refundOverRefundable') =>
    new ApiError(ApiCode.BAD_REQUEST, key, [], { field });

  app.get<{ Params: { orgId: string } }>('/api/billing/account/invoice-amount/:orgId', { config: { policy: QUERY } }, async (request) =>
    ok(toInvoiceAmount(await invoiceMicros(db, ownOrg(request, request.params.orgId)))),
  );

  app.get<{ Params: { orgId: string } }>('/api/billing/account/refund-amount/:orgId', { config: { policy: QUERY } }, async (request) =>
    ok(toRefundAmount(await refundMicros(db, ownOrg(request, request.params.orgId)))),
  );

  app.get('/api/billing/account/invoice/list', { config: { policy: QUERY } }, async (request) => ok(await invoicePage(db, orgOf(request).orgId, parseWith(pageQuerySchema, request.query))));

  app.get('/api/billing/account/refund/list', { config: { policy: QUERY } }, async (request) => ok(await refundPage(db, orgOf(request).orgId, parseWith(pageQuerySchema, request.query))));

  app.post('/api/billing/account/invoice', { config: { policy: write('invoice request') } }, async (request) => {
    const input = parseWith(invoiceRequestSchema, request.body);
    const { orgId } = orgOf(request);
    await refuseMarketplace(orgId);
    try {
      const row = await requestInvoice(db, deps.clock.now(), orgId, authOf(request).userId, input);
      await mailRequest(deps, log, orgId, row.amountMicros, { kind: 'invoice', event: 'received' });
      return ok(toInvoiceRecord(row));
    } catch (error) {
      if (error instanceof AmountExceeded) throw overAmount('apply_amount', 'billingRequests.invoiceOverInvoicable');
      throw error;
    }
  });

  app.post('/api/billing/account/refund', { config: { policy: write('refund request') } }, async (request) => {
    const input = parseWith(refundRequestSchema, request.body);
    const { orgId } = orgOf(request);
    await refuseMarketplace(orgId);
    try {
      const row = await requestRefund(db, deps.clock.now(), orgId, authOf(request).userId, input);
      await mailRequest(deps, log, orgId, row.amountMicros, { kind: 'refund', event: 'received' });
      return ok(toRefundRecord(row));
    } catch (error) {
      if (error instanceof AmountExceeded) throw overAmount('amount', 'billingRequests.refundOverRefundable');
      throw error;
    }
  });
};
