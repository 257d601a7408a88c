import { describe, expect, it } from 'vitest';
import { formatTimestamp, isTimeZone, savedTimeZone, saveTimeZone, TIME_ZONE_KEY, timeZoneChoices, timestampNs, zoneOffset } from './timeZone';

describe('result time zone', () => {
  it('formats ms, µs and ns timestamps in the zone with every digit of the text', () => {
    expect(formatTimestamp('2023-11-14T22:13:20.123Z', 'UTC')).toBe('2023-11-14 22:13:20.123');
    expect(formatTimestamp('2023-11-14T22:13:20.123456Z', 'Asia/Shanghai')).toBe('2023-11-15 06:13:20.123456');
    expect(formatTimestamp('2023-11-14T22:13:20.123456789Z', 'America/New_York')).toBe('2023-11-14 17:13:20.123456789');
    // summer time in New York: 4 hours behind
    expect(formatTimestamp('2024-07-01T00:00:00.000000001Z', 'America/New_York')).toBe('2024-06-30 20:00:00.000000001');
    // a text with an offset, and one without fraction
    expect(formatTimestamp('2024-01-01T08:00:00+08:00', 'UTC')).toBe('2024-01-01 00:00:00.000');
    // epoch milliseconds as a number
    expect(formatTimestamp(1700000000123, 'UTC')).toBe('2023-11-14 22:13:20.123');
    expect(formatTimestamp('not a time', 'UTC')).toBeNull();
    expect(formatTimestamp(null, 'UTC')).toBeNull();
  });

  it('reads timestamps as exact nanoseconds', () => {
    expect(timestampNs('2023-11-14T22:13:20.123456789Z')).toBe(1700000000123456789n);
    expect(timestampNs('2023-11-14T22:13:20.1Z')).toBe(1700000000100000000n);
    expect(timestampNs('1969-12-31T23:59:59.999999999Z')).toBe(-1n);
    expect(timestampNs('x')).toBeNull();
  });

  it('remembers a valid zone and falls back to the edition zone otherwise', () => {
    window.localStorage.clear();
    expect(savedTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    saveTimeZone('Europe/Berlin');
    expect(JSON.parse(window.localStorage.getItem(TIME_ZONE_KEY)!)).toBe('Europe/Berlin');
    expect(savedTimeZone('UTC')).toBe('Europe/Berlin');
    saveTimeZone('Mars/Olympus');
    expect(savedTimeZone('UTC')).toBe('Europe/Berlin');
    window.localStorage.setItem(TIME_ZONE_KEY, JSON.stringify('Mars/Olympus'));
    expect(savedTimeZone('UTC')).toBe('UTC');
    window.localStorage.setItem(TIME_ZONE_KEY, '{broken');
    expect(savedTimeZone('UTC')).toBe('UTC');
    window.localStorage.clear();
  });

  it('offers UTC, Shanghai and the IANA zones, and names a zone with its offset', () => {
    const choices = timeZoneChoices();
    expect(choices.slice(0, 1)).toEqual(['UTC']);
    expect(choices).toContain('Asia/Shanghai');
    expect(choices).toContain('Europe/Berlin');
    expect(new Set(choices).size).toBe(choices.length);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('')).toBe(false);
    expect(zoneOffset('Asia/Kolkata', Date.UTC(2024, 0, 1))).toBe('UTC+05:30');
  });
});
