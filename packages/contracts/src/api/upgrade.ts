import { z } from 'zod';
import { additionalMetricsSchema, type InstanceAddOns } from './addons';

/**
 * Plan upgrade (platform-shell.md §5, §7 "Upgrade cluster"): POST /region/{regionId}/app/upgrade with
 * app_id, cluster_id, price_plan_id, additional_metrics and high_availability; "Add metrics" (only storage or
 * connectors changed): POST /region/{regionId}/app/metrics with app_id and additional_metrics. The add-on rules are in
 * ./addons.ts.
 */
export const instanceUpgradeSchema = z.object({
  app_id: z.string().min(1, { message: 'validation.required' }),
  /** The instance's cluster name (§3 td_cluster_id); when sent it must be the instance's. */
  cluster_id: z.string().optional(),
  /** A price plan id of GET /billing/PricePlan/list/instance. */
  price_plan_id: z.coerce.string().min(1, { message: 'validation.required' }),
  high_availability: z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => (v === true || v === 1 ? 1 : 0)).optional().default(0),
  /** Storage as the difference from the current value, or the full values when HA changes (§5). */
  additional_metrics: additionalMetricsSchema.optional().default([]),
});
export type InstanceUpgradeRequest = z.input<typeof instanceUpgradeSchema>;

/** POST /region/{regionId}/app/metrics (§5 "add metrics only"): storage as a difference, connectors to add. */
export const addMetricsSchema = z.object({
  app_id: z.string().min(1, { message: 'validation.required' }),
  additional_metrics: additionalMetricsSchema.refine((m) => m.length > 0, { message: 'validation.required' }),
});
export type AddMetricsRequest = z.input<typeof addMetricsSchema>;

/** The answer of a successful upgrade or add-metrics call: the instance's plan and add-ons. */
export interface InstanceUpgradeResult {
  id: string;
  price_plan_level: number;
  ha: 0 | 1;
  addons: InstanceAddOns;
}

/** GET /billing/payment/summary/overview: what the credit check needs (balance is -1 when it could not be read). */
export interface BillingOverview {
  balance: number;
  credit_card: boolean;
  marketplace: boolean;
}

/** The inputs of the §5 credit check. */
export interface CreditCheckInput {
  /** A marketplace deployment or a marketplace-billed organization. */
  marketplace: boolean;
  /** A credit card is on file. */
  creditCard: boolean;
  /** The credit balance. */
  balance: number;
}

/**
 * §5 "Credit check for upgrade: passes on a marketplace deployment or when a credit card is on file; otherwise the
 * credit balance must be at least the plan's basic hourly charge". One rule for the server's refusal and the web's
 * warning dialog.
 */
export function creditCheckPasses(input: CreditCheckInput, basicChargeHourPrice: number): boolean {
  if (input.marketplace || input.creditCard) return true;
  return input.balance >= 0 && input.balance >= basicChargeHourPrice;
}

/** Whether moving from one plan to another is an upgrade: a higher level, or the same level with HA turned on. */
export function isUpwardPlanChange(from: { level: number; ha: number }, to: { level: number; ha: number }): boolean {
  if (to.level !== from.level) return to.level > from.level && to.ha >= from.ha;
  return to.ha > from.ha;
}
