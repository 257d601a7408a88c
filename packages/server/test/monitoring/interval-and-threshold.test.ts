import { describe, expect, it } from 'vitest';
import { MONITOR_MAX_POINTS, MONITOR_QUICK_RANGES_MS, parseMonitorInterval } from '@tscloud/contracts';
import { ApiError } from '../../src/http/api-error';
import { chooseInterval } from '../../src/region/monitoring/interval';
import { ThresholdTracker } from '../../src/region/monitoring/threshold';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('bucket width of a range', () => {
  it('keeps every quick range under the point budget with round widths', () => {
    const widths = Object.fromEntries(Object.entries(MONITOR_QUICK_RANGES_MS).map(([name, span]) => [name, chooseInterval(0, span)]));
    expect(widths).toEqual({ hour: MIN, day: 5 * MIN, week: 30 * MIN, month: 2 * HOUR, quarter: 6 * HOUR });
    for (const [name, span] of Object.entries(MONITOR_QUICK_RANGES_MS)) expect(span / widths[name], name).toBeLessThanOrEqual(MONITOR_MAX_POINTS);
  });

  it('gives a short custom range one-minute buckets and a long one the widest step', () => {
    expect(chooseInterval(1_000, 1_000 + 5 * MIN)).toBe(MIN);
    expect(chooseInterval(0, 365 * 24 * HOUR)).toBe(24 * HOUR);
  });

  it('honours an explicit interval, and refuses one under 10 s or one giving too many points', () => {
    expect(chooseInterval(0, HOUR, '10s')).toBe(10_000);
    expect(chooseInterval(0, 7 * 24 * HOUR, '1d')).toBe(24 * HOUR);
    expect(chooseInterval(0, HOUR, '120')).toBe(120_000);
    expect(() => chooseInterval(0, HOUR, '5s')).toThrow(ApiError);
    expect(() => chooseInterval(0, 90 * 24 * HOUR, '10s')).toThrow(ApiError);
    expect(() => chooseInterval(0, HOUR, 'soon')).toThrow(ApiError);
    expect(parseMonitorInterval('3h')).toBe(3 * HOUR);
    expect(parseMonitorInterval('1w')).toBeNull();
  });
});

describe('a threshold', () => {
  it('fires after the configured number of consecutive samples over it, once while it persists', () => {
    const t = new ThresholdTracker(3);
    expect([true, true, false, true, true].map((v) => t.observe(v))).toEqual([null, null, null, null, null]);
    expect(t.observe(true)).toBe('fire');
    expect([true, true, true].map((v) => t.observe(v))).toEqual([null, null, null]);
    expect(t.firing).toBe(true);
  });

  it('re-arms only after as many samples back under it, then fires again on a new crossing', () => {
    const t = new ThresholdTracker(2);
    t.observe(true);
    expect(t.observe(true)).toBe('fire');
    // One dip does not re-arm: a value hovering around the limit alerts once.
    expect([false, true, false].map((v) => t.observe(v))).toEqual([null, null, null]);
    expect(t.observe(false)).toBe('clear');
    expect(t.observe(true)).toBeNull();
    expect(t.observe(true)).toBe('fire');
  });

  it('ignores missing readings and starts from a remembered firing state', () => {
    const t = new ThresholdTracker(1, true);
    expect(t.observe(null)).toBeNull();
    expect(t.observe(true)).toBeNull();
    expect(t.observe(false)).toBe('clear');
  });
});
