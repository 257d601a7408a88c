import { z } from 'zod';
import type { MessageKey } from '../messages';

/**
 * Instance add-ons (platform-shell.md §3 "Additional metric", §5 plan upgrade, §6 "Additional storage must be a multiple
 * of a step within a minimum and maximum given by parameters"): extra storage on top of the plan's, and connectors.
 * One set of rules for the web's plan dialog and the server's upgrade and add-metrics calls.
 */

export const MetricType = { STORAGE: 'STORAGE', ADDITIONAL_CONNECTOR: 'ADDITIONAL_CONNECTOR' } as const;

/** The §6 parameters of additional storage, in GB, and its price per GB and hour (the spec shows none; ours). */
export const ADDITIONAL_STORAGE = { stepGb: 50, minGb: 0, maxGb: 2000, pricePerGbHour: 0.0002 } as const;

export const additionalMetricSchema = z.discriminatedUnion('metric_type', [
  z.object({ metric_type: z.literal(MetricType.STORAGE), value: z.number().int({ message: 'validation.formFormat' }) }),
  z.object({ metric_type: z.literal(MetricType.ADDITIONAL_CONNECTOR), value: z.string().min(1, { message: 'validation.required' }).max(64) }),
]);
export const additionalMetricsSchema = z.array(additionalMetricSchema).max(32);
export type AdditionalMetric = z.infer<typeof additionalMetricSchema>;

/** What an instance has beyond its plan. */
export interface InstanceAddOns {
  /** Additional storage in GB (0: the plan's only). */
  storageGb: number;
  /** Connector names, sorted. */
  connectors: string[];
}

export const NO_ADD_ONS: InstanceAddOns = { storageGb: 0, connectors: [] };

/**
 * The additional_metrics to send for a change of add-ons (§5): storage as the difference from the current value and
 * only the connectors added; with `full` (HA changes) the full storage value and every connector.
 */
export function additionalMetricsFor(current: InstanceAddOns, chosen: InstanceAddOns, full: boolean): AdditionalMetric[] {
  const metrics: AdditionalMetric[] = [];
  const storage = full ? chosen.storageGb : chosen.storageGb - current.storageGb;
  if (full || storage !== 0) metrics.push({ metric_type: MetricType.STORAGE, value: storage });
  for (const name of chosen.connectors) {
    if (full || !current.connectors.includes(name)) metrics.push({ metric_type: MetricType.ADDITIONAL_CONNECTOR, value: name });
  }
  return metrics;
}

/** The add-ons after additional_metrics: the inverse of additionalMetricsFor. */
export function applyAdditionalMetrics(current: InstanceAddOns, metrics: readonly AdditionalMetric[], full: boolean): InstanceAddOns {
  let storageGb = full ? 0 : current.storageGb;
  const connectors = new Set(full ? [] : current.connectors);
  for (const metric of metrics) {
    if (metric.metric_type === MetricType.STORAGE) storageGb += metric.value;
    else connectors.add(metric.value);
  }
  return { storageGb, connectors: [...connectors].sort() };
}

export function sameAddOns(a: InstanceAddOns, b: InstanceAddOns): boolean {
  return a.storageGb === b.storageGb && a.connectors.length === b.connectors.length && a.connectors.every((c) => b.connectors.includes(c));
}

/** Whether a total of additional storage is allowed (§6): a multiple of the step, within the minimum and maximum. */
export function storageAllowed(totalGb: number): boolean {
  const { stepGb, minGb, maxGb } = ADDITIONAL_STORAGE;
  return Number.isInteger(totalGb) && totalGb >= minGb && totalGb <= maxGb && totalGb % stepGb === 0;
}

export interface AddOnProblem {
  key: MessageKey;
  args: Array<string | number>;
}

/**
 * Why a change of add-ons is refused, or null: add-ons are only added (like plans, only upgraded); additional storage
 * needs a plan that supports it (paid plans) and follows storageAllowed; each connector must be one the plan offers.
 */
export function addOnsProblem(
  current: InstanceAddOns,
  next: InstanceAddOns,
  plan: { level: number; additionalConnector: ReadonlyArray<{ name: string; support: boolean }> },
): AddOnProblem | null {
  if (next.storageGb < current.storageGb || current.connectors.some((c) => !next.connectors.includes(c))) {
    return { key: 'error.addOnNotUpward', args: [] };
  }
  if (next.storageGb > 0 && !storageSupported(plan.level)) return { key: 'error.storageUnsupported', args: [] };
  if (!storageAllowed(next.storageGb)) {
    const { stepGb, minGb, maxGb } = ADDITIONAL_STORAGE;
    return { key: 'error.storageStep', args: [stepGb, minGb, maxGb] };
  }
  const unsupported = next.connectors.find((name) => !plan.additionalConnector.some((c) => c.name === name && c.support));
  if (unsupported) return { key: 'error.connectorUnsupported', args: [unsupported] };
  return null;
}

/** Additional storage is offered on paid plans (§3 additional storage `support`). */
export function storageSupported(planLevel: number): boolean {
  return planLevel > 0;
}
