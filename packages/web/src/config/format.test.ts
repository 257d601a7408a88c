import { describe, expect, it } from 'vitest';
import { resolveEdition } from './edition';
import { compareWithToday, effectiveDiscount, formatAxisTime, formatDate, formatDateTime, fromPickerDay, toPickerDay, formatDateTimeWithZone, formatDiscount, formatSize, listTime } from './format';

const international = resolveEdition('international');
const china = resolveEdition('china');
const t = Date.UTC(2026, 10, 21, 20, 30, 5); // 2026-11-21 20:30:05 UTC

describe('dates', () => {
  it('use the edition time zone', () => {
    expect(formatDateTime(t, international)).toBe('2026-11-21 20:30:05');
    expect(formatDateTime(t, china)).toBe('2026-11-22 04:30:05');
    expect(formatDate(t, china)).toBe('2026-11-22');
    expect(formatDateTimeWithZone(t, international)).toBe('2026-11-21 20:30:05 UTC+00:00');
    expect(formatDateTimeWithZone(t, china)).toBe('2026-11-22 04:30:05 UTC+08:00');
    expect(formatAxisTime(t, international)).toBe('11-21 20:30');
    expect(formatAxisTime(t, china)).toBe('11-22 04:30');
  });
  it("pickers show and take the edition zone's wall-clock time, whatever the browser's zone", () => {
    // The picker's dayjs reads 2026-11-22 04:30:05 in the China edition, 20:30:05 the day before internationally.
    expect(toPickerDay(t, china).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-22 04:30:05');
    expect(toPickerDay(t, international).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-21 20:30:05');
    expect(fromPickerDay(toPickerDay(t, china), china)).toBe(t);
    expect(fromPickerDay(toPickerDay(t, international), international)).toBe(t);
    // A time picked as 2026-11-22 00:00:00 in the China edition is 16:00 UTC the day before.
    expect(fromPickerDay(toPickerDay(t, china).startOf('day'), china)).toBe(Date.UTC(2026, 10, 21, 16, 0, 0));
    // 2026-11-22 is today in Shanghai at t, still tomorrow in UTC.
    expect(compareWithToday(toPickerDay(t, china), t, china)).toBe(0);
    expect(compareWithToday(toPickerDay(t, china), t, international)).toBe(1);
    expect(compareWithToday(toPickerDay(t, international).subtract(1, 'day'), t, international)).toBe(-1);
  });
  it('database list times get +8 h in the China edition only', () => {
    expect(listTime(t, china) - t).toBe(8 * 3_600_000);
    expect(listTime(t, international)).toBe(t);
  });
});

describe('sizes', () => {
  it('step by 1024 with two decimals', () => {
    expect(formatSize(0)).toBe('0.00 B');
    expect(formatSize(512)).toBe('512.00 B');
    expect(formatSize(1536)).toBe('1.50 KB');
    expect(formatSize(5 * 1024 ** 3)).toBe('5.00 GB');
    expect(formatSize(3 * 1024 ** 4)).toBe('3.00 TB');
  });
  it('values under 0.01 show four decimals', () => {
    expect(formatSize(0.005)).toBe('0.0050 B');
  });
});

describe('discounts', () => {
  it('apply only strictly between 0 and 1', () => {
    expect(effectiveDiscount(0.8)).toBe(0.8);
    for (const d of [0, 1, 1.2, -0.5, null, undefined]) expect(effectiveDiscount(d)).toBe(1);
  });
  it('read as "% off" in English and 折 in Chinese', () => {
    expect(formatDiscount(0.8, 'en')).toBe('20% off');
    expect(formatDiscount(0.85, 'zh')).toBe('8.5折');
    expect(formatDiscount(1, 'en')).toBe('');
  });
});
