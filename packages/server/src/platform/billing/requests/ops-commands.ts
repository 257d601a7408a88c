import type { AppDeps } from '../../../deps';
import type { Command, Print } from '../../../ops/commands';
import { fromMicros } from '../money';
import { approveRefund, issueInvoice, pendingRequests, rejectInvoice, rejectRefund } from './requests';
import { mailRequest } from './request-mails';

const logTo = (print: Print) => (message: string, error: unknown) => print(`${message}: ${error instanceof Error ? error.message : String(error)}`);
const money = (micros: number) => fromMicros(micros).toFixed(2);

async function listPending(deps: AppDeps, print: Print): Promise<void> {
  const { invoices, refunds } = await pendingRequests(deps.store.db);
  if (invoices.length + refunds.length === 0) return print('(no pending requests)');
  for (const r of invoices) print(`invoice ${r.id}  org ${r.orgId}  ${money(r.amountMicros)}  ${r.companyId} / ${r.bank} ${r.bankAccount} / ${r.address} / ${r.phone}`);
  for (const r of refunds) print(`refund  ${r.id}  org ${r.orgId}  ${money(r.amountMicros)}  to ${r.accountName}: ${r.reason} — ${r.description}`);
}

/**
 * `npm run ops -- invoice …` and `refund …`: the operators process the invoice and refund requests (docs/billing.md
 * "Invoices and refunds") within 2 working days (§9); each outcome is mailed to the organization.
 */
export const BILLING_REQUEST_COMMANDS: Record<string, Command> = {
  'billing requests': {
    usage: 'billing requests',
    help: 'list the pending invoice and refund requests, oldest first',
    run: async (deps, _args, print) => listPending(deps, print),
  },
  'invoice issue': {
    usage: 'invoice issue <request id> <invoice number>',
    help: 'issue a pending invoice request under an invoice number (mails the organization)',
    run: async (deps, [id, invoiceNo], print) => {
      const row = await issueInvoice(deps.store.db, deps.clock.now(), id ?? '', invoiceNo ?? '');
      await mailRequest(deps, logTo(print), row.orgId, row.amountMicros, { kind: 'invoice', event: 'issued', invoiceNo: row.invoiceNo ?? '' });
      print(`invoice ${row.id}: issued, number ${row.invoiceNo}`);
    },
  },
  'invoice reject': {
    usage: 'invoice reject <request id> <reason…>',
    help: 'reject a pending invoice request with a reason (mails the organization)',
    run: async (deps, [id, ...words], print) => {
      const row = await rejectInvoice(deps.store.db, deps.clock.now(), id ?? '', words.join(' '));
      await mailRequest(deps, logTo(print), row.orgId, row.amountMicros, { kind: 'invoice', event: 'rejected', reason: row.rejectReason ?? '' });
      print(`invoice ${row.id}: rejected`);
    },
  },
  'refund approve': {
    usage: 'refund approve <request id>',
    help: 'approve a pending refund: posts a refund (ledger type 4) that lowers the balance (mails the organization)',
    run: async (deps, [id], print) => {
      const row = await approveRefund(deps.store.db, deps.clock.now(), id ?? '');
      await mailRequest(deps, logTo(print), row.orgId, row.amountMicros, { kind: 'refund', event: 'refunded', transactionNo: row.transactionNo ?? '' });
      print(`refund ${row.id}: refunded ${money(row.amountMicros)}, transaction ${row.transactionNo}`);
    },
  },
  'refund reject': {
    usage: 'refund reject <request id> <reason…>',
    help: 'reject a pending refund request with a reason (mails the organization)',
    run: async (deps, [id, ...words], print) => {
      const row = await rejectRefund(deps.store.db, deps.clock.now(), id ?? '', words.join(' '));
      await mailRequest(deps, logTo(print), row.orgId, row.amountMicros, { kind: 'refund', event: 'rejected', reason: row.rejectReason ?? '' });
      print(`refund ${row.id}: rejected`);
    },
  },
};
