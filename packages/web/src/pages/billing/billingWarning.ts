import type { PaymentOverview } from '@tscloud/contracts';
import { edition as buildEdition, type Edition } from '../../config/edition';
import { isMetering } from './billingArea';

/** §9 "maturity tip: due within seven days": a balance that lasts less than this at the current rate is low. */
export const LOW_BALANCE_DAYS = 7;

export type BillingWarning = 'arrears' | 'low';

/**
 * What the billing warning dialog (§2, 400 px) warns of: arrears (§4: instances stop, data is cleared after more
 * than a month), or a low balance — no card on file to pay when it runs out, and less than LOW_BALANCE_DAYS of the
 * last 24 hours' cost left. Never in the marketplace variant, which the marketplace bills.
 */
export function billingWarningOf(overview: PaymentOverview, variant: Edition = buildEdition): BillingWarning | null {
  if (isMetering(overview, variant)) return null;
  if (overview.in_arrears) return 'arrears';
  if (!overview.credit_card && overview.last_day_cost > 0 && overview.balance < overview.last_day_cost * LOW_BALANCE_DAYS) return 'low';
  return null;
}

/** Organizations warned in this page session: the dialog shows once per organization, not on every visit. */
const warned = new Set<string>();

/** True the first time it is asked for an organization (then the dialog is shown), false after. */
export function firstWarningFor(orgId: string): boolean {
  if (warned.has(orgId)) return false;
  warned.add(orgId);
  return true;
}

/** Forgets the warnings shown (screen tests start each case afresh). */
export function forgetBillingWarnings(): void {
  warned.clear();
}
