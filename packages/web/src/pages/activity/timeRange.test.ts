import { describe, expect, it } from 'vitest';
import { resolveEdition } from '../../config/edition';
import { toPickerDay } from '../../config/format';
import { dayRange, isFutureDay, quickRange } from './timeRange';

const now = Date.UTC(2026, 5, 10, 15, 30);
const international = resolveEdition('international');
const china = resolveEdition('china');
const DAY = 86_400_000;

describe('activity time range', () => {
  it('quick ranges end now', () => {
    expect(quickRange('hour', now)).toEqual({ from: now - 3_600_000, to: now });
    expect(quickRange('week', now).from).toBe(now - 7 * DAY);
    expect(quickRange('month', now).from).toBe(now - 2_592_000_000);
    expect(quickRange('quarter', now).from).toBe(now - 90 * DAY);
  });
  it("refuses days after the edition zone's today, not today", () => {
    expect(isFutureDay(toPickerDay(now + DAY, international), now, international)).toBe(true);
    expect(isFutureDay(toPickerDay(now, international), now, international)).toBe(false);
    expect(isFutureDay(toPickerDay(Date.UTC(2026, 0, 1), international), now, international)).toBe(false);
    // At 16:30 UTC on the 10th it is already 00:30 on the 11th in Shanghai: the 11th is today there, the 12th not yet.
    const later = now + 3_600_000;
    const eleventh = toPickerDay(Date.UTC(2026, 5, 11, 2), china);
    expect(eleventh.format('YYYY-MM-DD')).toBe('2026-06-11');
    expect(isFutureDay(eleventh, later, china)).toBe(false);
    expect(isFutureDay(eleventh.add(1, 'day'), later, china)).toBe(true);
    expect(isFutureDay(toPickerDay(Date.UTC(2026, 5, 11, 2), international), later, international)).toBe(true);
  });
  it("a day range covers the edition zone's whole days and stops at now", () => {
    expect(dayRange(toPickerDay(Date.UTC(2026, 5, 1, 9), international), toPickerDay(now, international), now, international)).toEqual({ from: Date.UTC(2026, 5, 1), to: now });
    // In the China edition the 1st of June starts at 16:00 UTC on the 31st of May.
    expect(dayRange(toPickerDay(Date.UTC(2026, 5, 1, 9), china), toPickerDay(Date.UTC(2026, 5, 2, 9), china), now, china)).toEqual({
      from: Date.UTC(2026, 4, 31, 16),
      to: Date.UTC(2026, 5, 2, 16) - 1,
    });
  });
});
