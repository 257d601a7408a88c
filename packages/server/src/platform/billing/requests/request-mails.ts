import { BILLING_REQUEST_WORKING_DAYS } from '@tscloud/contracts';
import type { AppDeps } from '../../../deps';
import { recipients } from '../arrears/arrears-mails';
import { currencyOf, fromMicros } from '../money';

/** What an invoice or refund request mail tells: received, or one of its outcomes. */
export type RequestMail =
  | { kind: 'invoice' | 'refund'; event: 'received' }
  | { kind: 'invoice'; event: 'issued'; invoiceNo: string }
  | { kind: 'refund'; event: 'refunded'; transactionNo: string }
  | { kind: 'invoice' | 'refund'; event: 'rejected'; reason: string };

/**
 * Mails about a request to the organization's payment e-mails, else its owner (as the arrears mails go). A mail that
 * cannot be sent is logged: the request's state is already written.
 */
export async function mailRequest(deps: AppDeps, log: (message: string, error: unknown) => void, orgId: string, amountMicros: number, mail: RequestMail): Promise<void> {
  const { orgName, to } = await recipients(deps, orgId);
  const amount = `${fromMicros(amountMicros).toFixed(2)} ${currencyOf(deps.config)}`;
  const what = mail.kind === 'invoice' ? `invoice request of ${amount}` : `refund request of ${amount}`;
  const texts = {
    received: { subject: `${orgName}: ${what} received`, line: `We received the ${what} of ${orgName}. It is processed within ${BILLING_REQUEST_WORKING_DAYS} working days.` },
    issued: { subject: `${orgName}: invoice issued`, line: `The ${what} of ${orgName} was issued: invoice number ${'invoiceNo' in mail ? mail.invoiceNo : ''}.` },
    refunded: { subject: `${orgName}: refund approved`, line: `The ${what} of ${orgName} was approved: ${amount} was taken from the balance (transaction ${'transactionNo' in mail ? mail.transactionNo : ''}) and is paid back.` },
    rejected: { subject: `${orgName}: ${mail.kind} request rejected`, line: `The ${what} of ${orgName} was rejected: ${'reason' in mail ? mail.reason : ''}` },
  }[mail.event];
  const text = [texts.line, '', `Billing: ${deps.config.publicUrl}/billing`].join('\n');
  for (const address of to) {
    try {
      await deps.mailer.send({ to: address, subject: texts.subject, text });
    } catch (error) {
      log(`${mail.kind} request mail (${mail.event}) to ${address} could not be sent`, error);
    }
  }
}
