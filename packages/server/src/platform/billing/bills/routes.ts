import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { Privilege, externalReceiptQuerySchema, ok, receiptPageQuerySchema } from '@tscloud/contracts';
import type { AppDeps } from '../../../deps';
import { ApiError } from '../../../http/api-error';
import { parseWith } from '../../../http/validate';
import { organizations } from '../../../store/schema';
import { orgOf } from '../../access';
import { billPdf } from './bill-pdf';
import { billDetail, receiptPage } from './bill-queries';

const QUERY = { access: 'org', privileges: { allOf: [Privilege.BILLING_CREDIT_QUERY] } } as const;

/** The bills' calls of platform-shell.md §7 (docs/billing.md "Bills"), on the caller's organization. */
export const billsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  app.get('/api/billing/payment/summary/receipt-page', { config: { policy: QUERY } }, async (request) => {
    const q = parseWith(receiptPageQuerySchema, request.query);
    return ok(await receiptPage(db, orgOf(request).orgId, q));
  });

  app.get('/api/billing/payment/summary/external-receipt', { config: { policy: QUERY } }, async (request, reply) => {
    const q = parseWith(externalReceiptQuerySchema, request.query);
    const { orgId } = orgOf(request);
    const bill = await billDetail(db, orgId, q.id);
    if (!bill) throw ApiError.notFound();
    if (q.format === 'json') return ok(bill);
    const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
    const pdf = await billPdf(bill, org?.name ?? orgId);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="bill-${bill.month}.pdf"`).send(pdf);
  });
};
