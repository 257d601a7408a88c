import { describe, expect, it } from 'vitest';
import { QUICK_RANGES, isFutureDay, resolveRange } from './range';

const now = Date.UTC(2026, 5, 15, 12, 0, 0);

describe('dashboard ranges', () => {
  it('quick ranges: hour, day, 7 days, 30 days (2592e6 ms) and 90 days, ending now', () => {
    expect(QUICK_RANGES).toEqual(['hour', 'day', 'week', 'month', 'quarter']);
    expect(resolveRange({ quick: 'hour' }, now)).toEqual({ start: now - 3_600_000, end: now });
    expect(resolveRange({ quick: 'month' }, now)).toEqual({ start: now - 2_592e6, end: now });
    expect(resolveRange({ quick: 'quarter' }, now).start).toBe(now - 90 * 86_400_000);
  });

  it('picked days never end after now, and future days are refused', () => {
    const today = new Date(now);
    const range = resolveRange({ days: [new Date(now - 2 * 86_400_000), today] }, now);
    expect(range.end).toBe(now);
    expect(range.start).toBeLessThan(now - 2 * 86_400_000 + 1);
    expect(isFutureDay(new Date(now + 2 * 86_400_000), now)).toBe(true);
    expect(isFutureDay(today, now)).toBe(false);
  });
});
