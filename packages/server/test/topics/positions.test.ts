import { describe, expect, it } from 'vitest';
import { logOffsetOf, positionOf, subscriptionOffset, timestampMs } from '../../src/region/topics/positions';

/** ins_subscriptions.offset texts as the consumers view maps them (the engine's texts, docs/engine-tmq.md). */
describe('topic positions', () => {
  it('maps log offsets, row and schema snapshot positions, and NULL', () => {
    expect(positionOf('log:42', 'ms')).toBe(42);
    expect(positionOf(null, 'ms')).toBeNull();
    expect(positionOf('garbage', 'ms')).toBeNull();
    expect(positionOf('snapshot:5', 'ms')).toEqual({ text: 'snapshot:5', log: 5, phase: 'rows', table: null, super_table: false, ts: null, time: null });
    // A table name may hold ':' (back-quoted names): everything after the ts is the table.
    expect(positionOf('snapshot:5:1700000000123456:a:b', 'us')).toEqual({
      text: 'snapshot:5:1700000000123456:a:b', log: 5, phase: 'rows', table: 'a:b', super_table: false, ts: '1700000000123456', time: 1_700_000_000_123,
    });
    expect(positionOf('snapshot:7:meta:', 'ms')).toMatchObject({ phase: 'schema', table: null, log: 7 });
    expect(positionOf('snapshot:7:meta:0:meters', 'ms')).toMatchObject({ phase: 'schema', table: 'meters', super_table: true });
    expect(positionOf('snapshot:7:meta:1:d1', 'ms')).toMatchObject({ phase: 'schema', table: 'd1', super_table: false });
    expect(logOffsetOf(positionOf('snapshot:7:meta:1:d1', 'ms'))).toBe(7);
    expect(logOffsetOf(3)).toBe(3);
    expect(logOffsetOf(null)).toBeNull();
  });

  it('turns a row timestamp of any precision into ms, flooring times before 1970', () => {
    expect(timestampMs('1700000000123', 'ms')).toBe(1_700_000_000_123);
    expect(timestampMs('1700000000123999999', 'ns')).toBe(1_700_000_000_123);
    expect(timestampMs('-1500', 'us')).toBe(-2);
    expect(timestampMs('x', 'ms')).toBeNull();
  });

  it("reads TDengine 3.3.7's offsets too: a WAL position and the WAL end it was taken at", () => {
    // as a real TDengine 3.3.7.5's ins_subscriptions answered (docs/clusters.md "Topics over the WebSocket")
    expect(subscriptionOffset('wal:9/9', 'ms')).toEqual({ committed: 9, end: 9 });
    expect(subscriptionOffset('earliest/11', 'ms')).toEqual({ committed: null, end: 11 });
    expect(subscriptionOffset('latest/0', 'ms')).toEqual({ committed: null, end: 0 });
    expect(subscriptionOffset('log:42', 'ms')).toEqual({ committed: 42, end: null });
    expect(subscriptionOffset('snapshot:5', 'ms')).toEqual({ committed: positionOf('snapshot:5', 'ms'), end: null });
    expect(subscriptionOffset(null, 'ms')).toEqual({ committed: null, end: null });
  });
});
