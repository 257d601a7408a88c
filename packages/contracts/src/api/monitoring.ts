import { z } from 'zod';
import type { InstanceStatusValue } from './instances';

/**
 * Monitoring (data-explorer.md §2 quick ranges, §7 Monitoring, §9): series read from the platform's metrics
 * database. Every call names the instance with app_id; ranges are epoch ms. docs/monitoring.md has the design.
 */

/** §2 quick ranges: last hour, day, 7 days, 30 days (2592e6 ms), 90 days. */
export const MONITOR_QUICK_RANGES_MS = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 2_592_000_000,
  quarter: 90 * 86_400_000,
} as const;

/** Charts stay under this many points: the server widens the bucket until the range fits. */
export const MONITOR_MAX_POINTS = 500;
/** An explicit interval may give at most this many points (more is refused rather than silently widened). */
export const MONITOR_MAX_POINTS_EXPLICIT = 2_000;
/** The narrowest bucket: one sample every 10–15 s, so a smaller bucket would hold no value most of the time. */
export const MONITOR_MIN_INTERVAL_MS = 10_000;
/** The widest range asked at once (the metrics are kept a little longer than the widest quick range). */
export const MONITOR_MAX_RANGE_MS = 366 * 86_400_000;

/** The metrics of the range calls. */
export const MonitorMetric = ['cpu', 'mem', 'disk-used', 'qps-insert', 'qps-query', 'ingress', 'egress'] as const;
export type MonitorMetricValue = (typeof MonitorMetric)[number];

/**
 * What a series' values are: percent of the plan's CPU (plan_percent: 100 is every core of the plan, the unit the CPU
 * alerts use too), bytes, rows per second.
 */
export type MonitorUnit = 'plan_percent' | 'bytes' | 'per_second';

/**
 * CPU as a percentage of the plan (issue 14: the dashboard and the alerts read one unit) from a sample in percent of
 * one core (how the process is measured); null stays null.
 */
export function cpuPercentOfPlan(percentOfOneCore: number | null, cores: number): number | null {
  if (percentOfOneCore === null || !(cores > 0)) return null;
  return Math.round((percentOfOneCore / cores) * 100) / 100;
}

const durationPattern = /^(\d+)(s|m|h|d)$/;
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** An interval as `30s`, `1m`, `6h`, `1d`, or a number of seconds. */
export function parseMonitorInterval(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  const match = durationPattern.exec(text);
  return match ? Number(match[1]) * UNIT_MS[match[2]] : null;
}

const epochMs = z.coerce.number({ message: 'validation.formFormat' }).int({ message: 'validation.formFormat' }).min(0, { message: 'validation.formFormat' });

/** GET …/monitor/{metric}/range, /monitor/qps-insert, /monitor/qps-query. */
export const monitorRangeQuerySchema = z
  .object({
    app_id: z.string({ message: 'validation.required' }).min(1, { message: 'validation.required' }),
    start: epochMs,
    end: epochMs,
    interval: z
      .string()
      .refine((v) => (parseMonitorInterval(v) ?? 0) >= MONITOR_MIN_INTERVAL_MS, { message: 'validation.monitorInterval' })
      .optional(),
    container_id: z.string().optional(),
  })
  .refine((q) => q.end > q.start, { message: 'validation.timeRange', path: ['end'] })
  .refine((q) => q.end - q.start <= MONITOR_MAX_RANGE_MS, { message: 'validation.timeRange', path: ['start'] });
export type MonitorRangeQuery = z.input<typeof monitorRangeQuerySchema>;

/** GET …/monitor/user-cluster (the client waits up to MONITOR_CLUSTER_INFO_TIMEOUT_MS). */
export const monitorClusterQuerySchema = z.object({
  app_id: z.string({ message: 'validation.required' }).min(1, { message: 'validation.required' }),
  container_id: z.string().optional(),
});

/** One chart: [bucket start (epoch ms), value] pairs, buckets without samples left out. */
export interface MonitorSeries {
  app_id: string;
  status: InstanceStatusValue;
  metric: MonitorMetricValue;
  unit: MonitorUnit;
  start: number;
  end: number;
  interval_ms: number;
  /** The plan's ceiling in the same unit (100 % of the plan's CPU, memory bytes, storage bytes), when there is one. */
  limit: number | null;
  points: Array<[number, number]>;
}

/** GET …/monitor/user-cluster: the instance now. Live figures are null when the instance is not running. */
export interface MonitorClusterInfo {
  app_id: string;
  status: InstanceStatusValue;
  version: string | null;
  uptime_ms: number | null;
  databases: number | null;
  stables: number | null;
  tables: number | null;
  /** The last sample (CPU in percent of the plan, bytes), with its time. */
  cpu: number | null;
  mem_bytes: number | null;
  disk_bytes: number | null;
  sampled_at: number | null;
  cores: number;
  mem_limit_bytes: number;
  storage_limit_bytes: number;
}
