import { describe, expect, it } from 'vitest';
import { resolveEdition } from '../../config/edition';
import { pickedDays, toPickerDay } from '../../config/format';
import { QUICK_RANGES, isFutureDay, resolveRange } from './range';

const now = Date.UTC(2026, 5, 15, 20, 0, 0);
const china = resolveEdition('china');
const international = resolveEdition('international');
const DAY = 86_400_000;

describe('dashboard ranges', () => {
  it('quick ranges: hour, day, 7 days, 30 days (2592e6 ms) and 90 days, ending now', () => {
    expect(QUICK_RANGES).toEqual(['hour', 'day', 'week', 'month', 'quarter']);
    expect(resolveRange({ quick: 'hour' }, now)).toEqual({ start: now - 3_600_000, end: now });
    expect(resolveRange({ quick: 'month' }, now)).toEqual({ start: now - 2_592e6, end: now });
    expect(resolveRange({ quick: 'quarter' }, now).start).toBe(now - 90 * DAY);
  });

  it("picked days are the edition zone's whole days, never ending after now", () => {
    // 2026-06-15 20:00 UTC is already 2026-06-16 04:00 in Shanghai.
    expect(pickedDays(toPickerDay(now - 2 * DAY, international), toPickerDay(now, international), international)).toEqual([Date.UTC(2026, 5, 13), Date.UTC(2026, 5, 16) - 1]);
    expect(pickedDays(toPickerDay(now, china), toPickerDay(now, china), china)).toEqual([Date.UTC(2026, 5, 15, 16), Date.UTC(2026, 5, 16, 16) - 1]);
    const range = resolveRange({ days: pickedDays(toPickerDay(now - 2 * DAY, international), toPickerDay(now, international), international) }, now);
    expect(range).toEqual({ start: Date.UTC(2026, 5, 13), end: now });
  });

  it("days after the edition zone's today are refused", () => {
    expect(isFutureDay(toPickerDay(now + 2 * DAY, international), now, international)).toBe(true);
    expect(isFutureDay(toPickerDay(now, international), now, international)).toBe(false);
    // The 16th is today in Shanghai, tomorrow in UTC.
    const sixteenth = toPickerDay(now, china);
    expect(isFutureDay(sixteenth, now, china)).toBe(false);
    expect(isFutureDay(sixteenth, now, international)).toBe(true);
  });
});
