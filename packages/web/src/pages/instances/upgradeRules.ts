import {
  NO_ADD_ONS,
  Privilege,
  addOnsProblem,
  additionalMetricsFor,
  creditCheckPasses,
  isUpwardPlanChange,
  sameAddOns,
  satisfies,
  type AddOnProblem,
  type AdditionalMetric,
  type BillingOverview,
  type InstanceAddOns,
  type PricePlan,
} from '@tscloud/contracts';
import type { Marketplace } from '../../config/edition';

/**
 * The plan-upgrade rules of platform-shell.md §5 and §6 as pure functions (tested in upgradeRules.test.ts): when the
 * Upgrade action is offered, and what confirming the plan dialog leads to.
 */

/**
 * §6 billing:instance:upgrade: "upgrade link shown; hidden for marketplace or Aliyun-hosted organizations". Also off
 * in a read-only organization and for a deleted instance. On a marketplace deployment every organization is a
 * marketplace one, yet §2 titles the dialog 'Plan' there: so the rule hides the action for organizations hosted by a
 * marketplace or Aliyun on a deployment of our own (their plan is bought there), and a marketplace deployment offers
 * it (as 'Plan'; the marketplace meters the charge, so the credit check passes).
 */
export function upgradeOffered(
  instance: { cluster_status: string; privileges: readonly string[] },
  context: { readOnly: boolean; orgMarketplaceType: string | null | undefined; deploymentMarketplace: Marketplace },
): boolean {
  if (context.readOnly || instance.cluster_status === 'Deleted') return false;
  if (context.orgMarketplaceType && context.deploymentMarketplace === 'none') return false;
  return satisfies([...instance.privileges], { allOf: [Privilege.BILLING_INSTANCE_UPGRADE] });
}

/** §6 billing:credit:query is required to upgrade: without it an alert says so instead of the dialog. */
export function mayQueryCredit(privileges: readonly string[]): boolean {
  return satisfies([...privileges], { allOf: [Privilege.BILLING_CREDIT_QUERY] });
}

export type UpgradeStep =
  /** Nothing changed: the dialog closes. */
  | { kind: 'unchanged' }
  /** A lower plan (or HA turned off): not offered. */
  | { kind: 'notUpward' }
  /** The add-ons break a rule (contracts addons.ts); the server refuses them the same way. */
  | { kind: 'addOnProblem'; problem: AddOnProblem }
  /** Only storage or connectors changed: confirmation, then "add metrics" (no credit check). */
  | { kind: 'confirmMetrics'; metrics: AdditionalMetric[] }
  /** The credit check failed: the billing warning dialog. */
  | { kind: 'insufficientCredit'; hourlyCharge: number; balance: number }
  /** Ask for confirmation, then upgrade. */
  | { kind: 'confirm'; plan: PricePlan; metrics: AdditionalMetric[] };

/** A plan choice: level, HA and add-ons (none when left out). */
export interface PlanChoice {
  level: number;
  ha: number;
  addons?: InstanceAddOns;
}

/**
 * What confirming the dialog does (§5): nothing changed → close; only storage or connectors changed → confirmation,
 * then add metrics; plan or HA changed → the credit check (passes on a marketplace deployment or with a card on file,
 * else the balance must cover the plan's basic hourly charge) → the confirmation. Storage is sent as the difference
 * from the current value, except on an HA change (full values). `plans` is the price-plan list for the chosen HA (its
 * prices include HA).
 */
export function upgradeStep(
  current: PlanChoice,
  chosen: PlanChoice,
  plans: readonly PricePlan[],
  billing: BillingOverview,
  deploymentMarketplace: Marketplace,
): UpgradeStep {
  const currentAddOns = current.addons ?? NO_ADD_ONS;
  const chosenAddOns = chosen.addons ?? currentAddOns;
  const planChanged = chosen.level !== current.level || chosen.ha !== current.ha;
  if (!planChanged && sameAddOns(currentAddOns, chosenAddOns)) return { kind: 'unchanged' };
  const plan = plans.find((p) => p.level === chosen.level);
  if (!plan || (planChanged && !isUpwardPlanChange(current, chosen))) return { kind: 'notUpward' };
  const problem = addOnsProblem(currentAddOns, chosenAddOns, plan);
  if (problem) return { kind: 'addOnProblem', problem };
  const metrics = additionalMetricsFor(currentAddOns, chosenAddOns, chosen.ha !== current.ha);
  if (!planChanged) return { kind: 'confirmMetrics', metrics };
  if (!billingCovers(billing, deploymentMarketplace, plan.basicChargeHourPrice)) return { kind: 'insufficientCredit', hourlyCharge: plan.basicChargeHourPrice, balance: billing.balance };
  return { kind: 'confirm', plan, metrics };
}

/** The add-ons an instance has (§3 additional storage and connectors). */
export function addOnsOfInstance(instance: { additional_storage: { storage: number }; additional_connector: ReadonlyArray<{ name: string }> }): InstanceAddOns {
  return { storageGb: instance.additional_storage.storage, connectors: instance.additional_connector.map((c) => c.name).sort() };
}

/**
 * The §5 credit check on the billing overview: a marketplace deployment or organization, or a card on file, passes;
 * else the balance must cover the hourly charge. The plan upgrade and the create form both ask it before sending.
 */
export function billingCovers(billing: BillingOverview, deploymentMarketplace: Marketplace, hourlyCharge: number): boolean {
  return creditCheckPasses({ marketplace: deploymentMarketplace !== 'none' || billing.marketplace, creditCard: billing.credit_card, balance: billing.balance }, hourlyCharge);
}
