import type { UsageItem } from '@tscloud/contracts';
import type { UsageSample } from '../../../region';
import { fromMicros, roundDiv } from '../money';
import { ratesOf } from './prices';

export const HOUR_MS = 3_600_000;
const GB = 2 ** 30;

/** One instance's measured use of one hour, by plan and HA choice, priced. */
export interface HourUsage {
  planMs: number;
  storageByteMs: bigint;
  bytesIn: number;
  bytesOut: number;
  amountMicros: number;
  items: UsageItem[];
}

interface Part {
  planLevel: number;
  ha: 0 | 1;
  ms: number;
  byteMs: bigint;
  bytesIn: number;
  bytesOut: number;
}

/**
 * An instance-hour from the sampler's samples (docs/billing.md "Metering"). A sample covers the span (at − spanMs,
 * at] at the plan it records: the part of the span inside the hour counts as running time at that plan, and storage
 * as the sample's disk bytes over that time, so a plan changed mid-hour is billed by the minutes of each plan. Traffic
 * counters are whole numbers: a sample's bytes go to the hour its reading was taken in. A suspended or stopped
 * instance is not sampled, so its hours hold nothing; a first sample after a start (no span) is only a baseline.
 * Samples without a plan (taken before the sampler recorded it) are left out. Null when nothing was used.
 */
export function hourUsage(hourStart: number, samples: readonly UsageSample[]): HourUsage | null {
  const hourEnd = hourStart + HOUR_MS;
  const parts = new Map<string, Part>();
  for (const s of samples) {
    if (s.planLevel === null || s.ha === null) continue;
    const key = `${s.planLevel}/${s.ha}`;
    const part = parts.get(key) ?? { planLevel: s.planLevel, ha: s.ha, ms: 0, byteMs: 0n, bytesIn: 0, bytesOut: 0 };
    if (s.spanMs !== null && s.spanMs > 0) {
      const ms = Math.max(0, Math.min(s.at, hourEnd) - Math.max(s.at - s.spanMs, hourStart));
      part.ms += ms;
      part.byteMs += BigInt(Math.round(s.diskBytes ?? 0)) * BigInt(ms);
    }
    if (s.at >= hourStart && s.at < hourEnd) {
      part.bytesIn += s.ingress ?? 0;
      part.bytesOut += s.egress ?? 0;
    }
    parts.set(key, part);
  }
  const used = [...parts.values()].filter((p) => p.ms > 0 || p.bytesIn > 0 || p.bytesOut > 0);
  if (used.length === 0) return null;

  const items: UsageItem[] = [];
  let amountMicros = 0;
  const add = (part: Part, kind: UsageItem['kind'], quantity: number, unitMicros: number, micros: number) => {
    items.push({ kind, plan_level: part.planLevel, ha: part.ha, quantity, unit_price: fromMicros(unitMicros), amount: fromMicros(micros) });
    amountMicros += micros;
  };
  for (const part of used.sort((a, b) => a.planLevel - b.planLevel || a.ha - b.ha)) {
    const rates = ratesOf(part.planLevel, part.ha);
    if (part.ms > 0) {
      add(part, 'plan', part.ms / HOUR_MS, rates.planHourMicros, Math.round((part.ms * rates.planHourMicros) / HOUR_MS));
      const storageMicros = Number(roundDiv(part.byteMs * BigInt(rates.storageGbHourMicros), BigInt(GB) * BigInt(HOUR_MS)));
      add(part, 'storage', Number(part.byteMs) / GB / HOUR_MS, rates.storageGbHourMicros, storageMicros);
    }
    if (part.bytesIn > 0) add(part, 'ingress', part.bytesIn / GB, rates.ingressGbMicros, Number(roundDiv(BigInt(part.bytesIn) * BigInt(rates.ingressGbMicros), BigInt(GB))));
    if (part.bytesOut > 0) add(part, 'egress', part.bytesOut / GB, rates.egressGbMicros, Number(roundDiv(BigInt(part.bytesOut) * BigInt(rates.egressGbMicros), BigInt(GB))));
  }
  return {
    planMs: used.reduce((sum, p) => sum + p.ms, 0),
    storageByteMs: used.reduce((sum, p) => sum + p.byteMs, 0n),
    bytesIn: used.reduce((sum, p) => sum + p.bytesIn, 0),
    bytesOut: used.reduce((sum, p) => sum + p.bytesOut, 0),
    amountMicros,
    items,
  };
}
