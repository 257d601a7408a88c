import { isEmptyValue, resolveTimeValue, type ParamValue, type TaskValues } from '@tscloud/contracts';

/** Reading a task's flat form values (TaskValues) the way every source needs them. */
export function text(values: TaskValues, name: string, fallback = ''): string {
  const value = values[name];
  return isEmptyValue(value) ? fallback : String(value).trim();
}

export function integer(values: TaskValues, name: string, fallback: number): number {
  const value = values[name];
  const n = isEmptyValue(value) ? fallback : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

export function flag(values: TaskValues, name: string, fallback: boolean): boolean {
  const value = values[name];
  if (isEmptyValue(value)) return fallback;
  return value === true || String(value).toLowerCase() === 'true' || value === 1;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration param: a number in the definition's unit, or text with its own unit ('10s', '1h', '2d'). */
export function durationMs(value: ParamValue | undefined, unit: Unit, fallback: number): number {
  if (isEmptyValue(value)) return fallback * UNIT_MS[unit];
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(String(value).trim());
  if (!match) throw new Error(`'${String(value)}' is not a duration`);
  return Number(match[1]) * UNIT_MS[match[2] ?? unit];
}

type Unit = 'ms' | 's' | 'm' | 'h' | 'd';

/** A duration param of the form: its value, in the unit chosen beside it (`{name}_unit`) or the definition's unit. */
export function durationParam(values: TaskValues, name: string, unit: Unit, fallback: number): number {
  const chosen = text(values, `${name}_unit`);
  return durationMs(values[name], chosen in UNIT_MS ? (chosen as Unit) : unit, fallback);
}

/** A time param (epoch ms, ISO text, or relative such as -10d) in epoch ms; null when empty. */
export function timeMs(values: TaskValues, name: string, now: number): number | null {
  const value = values[name];
  if (isEmptyValue(value)) return null;
  const ms = resolveTimeValue(value, now);
  if (ms === null) throw new Error(`${name}: '${String(value)}' is not a time`);
  return ms;
}

/** Waits `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
