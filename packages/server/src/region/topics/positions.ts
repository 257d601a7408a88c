import type { TopicPosition } from '@tscloud/contracts';
import { parsePosition } from 'tscloud-engine';

/** Divisor from a database precision to milliseconds. */
const PER_MS: Record<string, bigint> = { ms: 1n, us: 1_000n, ns: 1_000_000n };

/** A row timestamp in the database precision (decimal text) in ms, or null if it is not one. */
export function timestampMs(ts: string, precision: string): number | null {
  if (!/^-?\d+$/.test(ts)) return null;
  const value = BigInt(ts);
  const per = PER_MS[precision] ?? 1n;
  // Floor, not truncation towards zero, so a pre-1970 µs/ns time lands in its own millisecond.
  const floor = value / per - (value % per < 0n ? 1n : 0n);
  return Number(floor);
}

/**
 * ins_subscriptions.offset as the contract's position: `log:<n>` → n; `snapshot:…` → its parts, read by the
 * engine's own parser so both sides agree on the text (docs/engine-tmq.md); NULL or unreadable → null.
 */
export function positionOf(offset: unknown, precision: string): TopicPosition | null {
  if (typeof offset !== 'string') return null;
  const p = parsePosition(offset);
  if (p === undefined) return null;
  if (typeof p === 'number') return p;
  if (p.meta !== undefined) {
    // The key of the last CREATE sent: `0:<super table>` or `1:<table>`, '' before the first.
    const key = /^([01]):(.*)$/s.exec(p.meta);
    return { text: offset, log: p.log, phase: 'schema', table: key ? key[2] : null, super_table: key?.[1] === '0', ts: null, time: null };
  }
  const ts = p.ts ?? null;
  return { text: offset, log: p.log, phase: 'rows', table: p.table ?? null, super_table: false, ts, time: ts === null ? null : timestampMs(ts, precision) };
}

/** Where the group continues in the change log: the committed offset, or after a snapshot its log offset. */
export const logOffsetOf = (position: TopicPosition | null): number | null => (position === null ? null : typeof position === 'number' ? position : position.log);

/**
 * ins_subscriptions.offset of either server: our engine's position text (positionOf), or TDengine 3.3.7's
 * `<position>/<WAL end>` where the position is `wal:<n>` or, before any commit, `earliest`/`latest`/`none`
 * (docs/clusters.md "Topics over the WebSocket"). `end`: the WAL end the record was taken at, when it says one.
 */
export function subscriptionOffset(offset: unknown, precision: string): { committed: TopicPosition | null; end: number | null } {
  const cluster = typeof offset === 'string' ? /^(?:wal:(\d+)|earliest|latest|none)\/(\d+)$/.exec(offset) : null;
  if (cluster) return { committed: cluster[1] === undefined ? null : Number(cluster[1]), end: Number(cluster[2]) };
  return { committed: positionOf(offset, precision), end: null };
}
