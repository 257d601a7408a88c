import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps';
import { billingPaymentEmails, organizations, users } from '../../../store/schema';
import { fromMicros, currencyOf } from '../money';

/**
 * The arrears e-mails (docs/billing.md "Arrears"): to the organization's payment e-mails, else its owner. Each says
 * what happened, what happens next and when, and how to stop it (add a card, recharge, redeem a coupon).
 */
export type ArrearsNotice = 'due' | 'suspended' | 'clearing' | 'cleared' | 'resumed';

export async function recipients(deps: AppDeps, orgId: string): Promise<{ orgName: string; to: string[] }> {
  const { db } = deps.store;
  const [org] = await db.select({ name: organizations.name, ownerEmail: users.email }).from(organizations).leftJoin(users, eq(users.id, organizations.ownerId)).where(eq(organizations.id, orgId));
  const emails = (await db.select({ email: billingPaymentEmails.email }).from(billingPaymentEmails).where(eq(billingPaymentEmails.orgId, orgId))).map((r) => r.email);
  return { orgName: org?.name ?? orgId, to: emails.length > 0 ? emails : org?.ownerEmail ? [org.ownerEmail] : [] };
}

function day(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

export async function mailArrears(
  deps: AppDeps,
  log: (message: string, error: unknown) => void,
  orgId: string,
  notice: ArrearsNotice,
  facts: { balanceMicros: number; dueAt: number; clearAt: number },
): Promise<void> {
  const { orgName, to } = await recipients(deps, orgId);
  const balance = `${fromMicros(facts.balanceMicros).toFixed(2)} ${currencyOf(deps.config)}`;
  const billing = `${deps.config.publicUrl}/billing`;
  const texts: Record<ArrearsNotice, { subject: string; lines: string[] }> = {
    due: {
      subject: `Payment due for ${orgName}`,
      lines: [`The balance of ${orgName} is ${balance}.`, `Please pay by ${day(facts.dueAt)} (add a card, recharge or redeem a coupon): unpaid, its instances stop on that day.`],
    },
    suspended: {
      subject: `Instances of ${orgName} stopped for insufficient funds`,
      lines: [`The balance of ${orgName} is ${balance} and was not paid by ${day(facts.dueAt)}, so its instances were stopped.`, `Their data is kept until ${day(facts.clearAt)}; pay before then and they start again.`],
    },
    clearing: {
      subject: `Data of ${orgName} will be cleared on ${day(facts.clearAt)}`,
      lines: [`The balance of ${orgName} is still ${balance}.`, `Unless it is paid, the stopped instances and their data are deleted on ${day(facts.clearAt)}.`],
    },
    cleared: {
      subject: `Data of ${orgName} cleared`,
      lines: [`The balance of ${orgName} stayed at ${balance} for more than a month, so its instances and their data were deleted.`],
    },
    resumed: {
      subject: `Instances of ${orgName} started again`,
      lines: [`Thank you: the balance of ${orgName} is ${balance}. The instances stopped for insufficient funds are starting again.`],
    },
  };
  const text = [...texts[notice].lines, '', `Billing: ${billing}`].join('\n');
  for (const address of to) {
    try {
      await deps.mailer.send({ to: address, subject: texts[notice].subject, text });
    } catch (error) {
      log(`arrears mail (${notice}) to ${address} could not be sent`, error);
    }
  }
}
