import { describe, expect, it } from 'vitest';
import { RESTART_BACKOFF, nextRestartDelay } from '../../src/region/instances/lifecycle';

describe('restart backoff of a failed engine', () => {
  it('waits 1 s first, doubles after each short run up to 60 s, and starts over after a minute of uptime', () => {
    const waits: number[] = [];
    let previous: number | null = null;
    for (let i = 0; i < 9; i++) {
      previous = nextRestartDelay(RESTART_BACKOFF, previous, 5_000);
      waits.push(previous);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(nextRestartDelay(RESTART_BACKOFF, 60_000, 59_999)).toBe(60_000);
    expect(nextRestartDelay(RESTART_BACKOFF, 60_000, 60_000)).toBe(1_000);
  });
});
