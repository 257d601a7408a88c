import type { PlanLimits, PricePlan } from '@tscloud/contracts';
import { edition as buildEdition, formatPrice, type Edition, type Language } from '../../config/edition';

/**
 * What a plan card shows (§3 Price plan, §9 price display): the hourly price with two decimals, as currency or, on a
 * marketplace, as units; and the plan's limits, each as a label key with its value (null: unlimited).
 */
export function hourlyPrice(plan: Pick<PricePlan, 'basicChargeHourPrice'>, language: Language, variant: Edition = buildEdition): string {
  return formatPrice(plan.basicChargeHourPrice, variant, language);
}

export type LimitKey = 'cores' | 'memoryGb' | 'storageGb' | 'egressGb' | 'databases' | 'stables' | 'topics' | 'streams' | 'vgroupsPerDatabase' | 'instancesPerOrg';
export const SHOWN_LIMITS: readonly LimitKey[] = ['cores', 'memoryGb', 'storageGb', 'egressGb', 'databases', 'stables', 'topics', 'streams', 'vgroupsPerDatabase', 'instancesPerOrg'];

export interface LimitLine {
  key: LimitKey;
  /** null: unlimited. */
  value: number | null;
  /** A second statement of the same limit that the spec leaves unreconciled (free plan storage: 5 GB and 20 GB). */
  otherReading?: number;
}

export function limitLines(limits: PlanLimits): LimitLine[] {
  return SHOWN_LIMITS.map((key) =>
    key === 'storageGb' && limits.storageGbOtherReading !== undefined ? { key, value: limits[key], otherReading: limits.storageGbOtherReading } : { key, value: limits[key] },
  );
}

/** The free plan has no IP allow-list, backup, replication or VPC (§1). */
export function isFreePlan(level: number): boolean {
  return level === 0;
}
