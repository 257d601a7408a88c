import { describe, expect, it } from 'vitest';
import { dayRange, isFutureDay, quickRange } from './timeRange';

const now = new Date(2026, 5, 10, 15, 30).getTime();

describe('activity time range', () => {
  it('quick ranges end now', () => {
    expect(quickRange('hour', now)).toEqual({ from: now - 3_600_000, to: now });
    expect(quickRange('week', now).from).toBe(now - 7 * 86_400_000);
    expect(quickRange('month', now).from).toBe(now - 2_592_000_000);
    expect(quickRange('quarter', now).from).toBe(now - 90 * 86_400_000);
  });
  it('refuses days after today, not today', () => {
    expect(isFutureDay(new Date(2026, 5, 11), now)).toBe(true);
    expect(isFutureDay(new Date(2026, 5, 10, 23), now)).toBe(false);
    expect(isFutureDay(new Date(2026, 0, 1), now)).toBe(false);
  });
  it('a day range covers whole days and stops at now', () => {
    const r = dayRange(new Date(2026, 5, 1, 9), new Date(2026, 5, 10, 1), now);
    expect(r.from).toBe(new Date(2026, 5, 1).getTime());
    expect(r.to).toBe(now);
  });
});
