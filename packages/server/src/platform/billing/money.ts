import type { BillingCurrency } from '@tscloud/contracts';
import type { ServerConfig } from '../../config';

/**
 * Billing counts in micros (millionths of the edition's currency or unit): an hour of storage or traffic costs far
 * less than a cent, and whole numbers add up exactly (docs/billing.md "Amounts").
 */
export const MICROS_PER_UNIT = 1_000_000;

export function toMicros(amount: number): number {
  return Math.round(amount * MICROS_PER_UNIT);
}

/** An amount as the calls return it: a number of currency units (display rounds to two decimals, §9). */
export function fromMicros(micros: number): number {
  return micros / MICROS_PER_UNIT;
}

/** a / b rounded half up, for non-negative whole numbers beyond 2^53 (byte-milliseconds of storage). */
export function roundDiv(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (2n * b);
}

/** USD in the international edition, CNY in the China edition, units on a marketplace (platform-shell.md §1). */
export function currencyOf(config: Pick<ServerConfig, 'edition' | 'marketplace'>): BillingCurrency {
  if (config.marketplace !== 'none') return 'UNIT';
  return config.edition === 'china' ? 'CNY' : 'USD';
}

const HOUR_MS = 3_600_000;

/** The edition's time zone (§9: Asia/Shanghai, UTC+8 without daylight saving, or UTC) as an offset from UTC. */
export function zoneOffsetMs(config: Pick<ServerConfig, 'edition'>): number {
  return config.edition === 'china' ? 8 * HOUR_MS : 0;
}

/** The day (YYYY-MM-DD) an instant falls on in the edition's time zone. */
export function dayOf(at: number, offsetMs: number): string {
  return new Date(at + offsetMs).toISOString().slice(0, 10);
}

/** The first instant of a day (YYYY-MM-DD) in the edition's time zone. */
export function dayStart(day: string, offsetMs: number): number {
  return Date.parse(`${day}T00:00:00Z`) - offsetMs;
}

/** The first day of the month an instant falls in, and of the month before, in the edition's time zone. */
export function monthDays(at: number, offsetMs: number): { monthFirst: string; previousFirst: string; nextFirst: string } {
  const local = new Date(at + offsetMs);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const first = (year: number, month: number) => new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  return { monthFirst: first(y, m), previousFirst: first(y, m - 1), nextFirst: first(y, m + 1) };
}
