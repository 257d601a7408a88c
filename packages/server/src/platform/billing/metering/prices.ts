import { ADDITIONAL_STORAGE } from '@tscloud/contracts';
import { planOf, pricePlans } from '../../../region';
import { toMicros } from '../money';

/**
 * What an instance's usage costs, in micros of the edition's currency, from the plan catalogue
 * (region/catalog/plans.ts and contracts' addons.ts): the plan's hourly price as the price-plan list shows it (HA
 * doubles it), storage at the additional storage's price per GB and hour, egress per GB. The free plan's storage and
 * traffic are within its limits (§1) and cost nothing; ingress is free. The spec shows no prices (docs/billing.md).
 */
export const EGRESS_PRICE_PER_GB = 0.09;

export interface UsageRates {
  planHourMicros: number;
  storageGbHourMicros: number;
  egressGbMicros: number;
  ingressGbMicros: number;
}

export function ratesOf(planLevel: number, ha: 0 | 1): UsageRates {
  const paid = planLevel > 0;
  const listed = pricePlans(ha).find((p) => p.level === planLevel);
  return {
    planHourMicros: toMicros(listed?.basicChargeHourPrice ?? planOf(planLevel)?.hourPrice ?? 0),
    storageGbHourMicros: paid ? toMicros(ADDITIONAL_STORAGE.pricePerGbHour) : 0,
    egressGbMicros: paid ? toMicros(EGRESS_PRICE_PER_GB) : 0,
    ingressGbMicros: 0,
  };
}
