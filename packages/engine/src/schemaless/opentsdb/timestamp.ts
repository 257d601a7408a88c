/**
 * OpenTSDB timestamps carry no precision: TDengine reads it from the digit count (10 seconds, 13 milliseconds,
 * 16 microseconds, 19 nanoseconds); 0 means now. Returns nanoseconds, null for now, undefined when unreadable.
 */
export function openTsdbTimestamp(digits: string): bigint | null | undefined {
  if (!/^\d+$/.test(digits)) return undefined;
  if (/^0+$/.test(digits)) return null;
  const unit = { 10: 1_000_000_000n, 13: 1_000_000n, 16: 1_000n, 19: 1n }[digits.length];
  return unit === undefined ? undefined : BigInt(digits) * unit;
}

/** A JSON timestamp `{ "value": n, "type": "s" | "ms" | "us" | "ns" }` → nanoseconds. */
export const JSON_TS_UNITS: Record<string, bigint> = { s: 1_000_000_000n, ms: 1_000_000n, us: 1_000n, ns: 1n };
