import type { PaymentOverview } from '@tscloud/contracts';
import { edition as buildEdition, type Edition } from '../../config/edition';

/**
 * Whether the organization sees the marketplace variant ("Metering", units, no payment screens, §1): on a
 * marketplace deployment, or when the server says the organization is marketplace-billed (registered through a
 * marketplace or flagged by an operator) — then it is billed in units even here.
 */
export function isMetering(overview: Pick<PaymentOverview, 'marketplace' | 'currency'> | undefined, variant: Edition = buildEdition): boolean {
  return variant.billingArea === 'metering' || overview?.marketplace === true || overview?.currency === 'UNIT';
}
