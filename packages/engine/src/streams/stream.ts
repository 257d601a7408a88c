import { quoteName, quoteText } from '@tscloud/contracts/sql';
import type { ResultSet } from '../format/result';
import { parse, type SelectStatement } from '../sql';
import type { RowsDeletedEvent, RowsWrittenEvent } from '../storage/write-events';
import { timestampAt } from '../storage/table-writer';
import { nowIn, UNITS_PER_SECOND } from '../format/time-parse';
import type { StreamRecord } from './model';
import { fillBounds, staleInZone, zoneRows, type Extents } from './fill';
import { childName, groupId, insertSql, type OutputRow } from './output';
import { boundedQuery, HIDDEN_FIXED, type StreamPlan } from './plan';
import { closing, expiryBound, firstStart, lastStart, NO_LOWER, windowEnd, type ComputedWindow } from './windows';

/**
 * One stream at run time: which source rows are not yet reflected in the output (per unit: a table when the stream
 * partitions by tbname or reads one table, else the whole source), which computed windows are waiting to close, and
 * for SESSION/STATE/EVENT/COUNT the windows each partition has (their starts bound what a change can affect).
 *
 * Upkeep is incremental: a write only marks the time range it touched; a pass recomputes just the windows that
 * range can affect with one bounded query of the source (INTERVAL: the windows overlapping it; the other kinds:
 * from the start of the window holding the oldest new row), then upserts those windows' rows. See
 * docs/engine-streams.md.
 */

/** What the stream needs from the engine: run its query and its writes as the stream's owner. */
export interface StreamHost {
  query(record: StreamRecord, q: SelectStatement): Promise<ResultSet>;
  exec(record: StreamRecord, sql: string): Promise<void>;
  /** child table name of a table id in the source database (perTable super-table streams) */
  tableName(db: string, tid: number): string | undefined;
  tableId(db: string, name: string): number | undefined;
}

interface WindowEntry {
  start: bigint;
  end: bigint;
  /** timestamp of its output row */
  outTs: bigint;
  child: string;
  emitted: boolean;
}

interface Unit {
  dirtyLo?: bigint;
  dirtyHi?: bigint;
  /** earliest start of a computed window not yet written (WINDOW_CLOSE / MAX_DELAY) */
  pendingFrom?: bigint;
  /** watermark clock value at which a pending window may close */
  closeAt?: bigint;
  /** wall time (ms) of the oldest change not yet written (MAX_DELAY) */
  since?: number;
  /** partition key → its windows by start (not for INTERVAL) */
  windows: Map<string, WindowEntry[]>;
  /**
   * INTERVAL after a source DELETE: output rows with ts in [cleanLo, cleanHi) that the next recompute of the unit
   * does not produce belong to windows left empty and are deleted (the other kinds compare their window lists).
   */
  cleanLo?: bigint;
  cleanHi?: bigint;
  /** INTERVAL: output child tables this unit has written since start (where a DELETE may leave stale rows) */
  children: Set<string>;
}


/** A result row's partition key: its PARTITION BY values (from `at`) as JSON. */
function partitionKey(row: unknown[], partitions: number, at = HIDDEN_FIXED): string {
  return JSON.stringify(row.slice(at, at + partitions), (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

export class Stream {
  readonly units = new Map<number, Unit>();
  /** recompute every unit from this ts (FILL_HISTORY, restart); null = from the beginning */
  full: bigint | null | undefined;
  maxTs: bigint | undefined;
  error?: string;
  initializing = false;
  running = false;

  constructor(
    readonly record: StreamRecord,
    readonly plan: StreamPlan,
    readonly tagSources: ('group' | number)[],
  ) {
    this.maxTs = record.maxTs !== undefined ? BigInt(record.maxTs) : undefined;
    for (const [key, names] of Object.entries(record.outputs ?? {})) for (const n of names) this.unit(Number(key)).children.add(n);
  }

  /** What `StreamRecord.outputs` keeps (INTERVAL; undefined when the output names derive from the table names). */
  outputs(): Record<string, string[]> | undefined {
    const plan = this.plan;
    if (plan.window !== 'interval' || (plan.perTable && plan.source.kind === 'stable' && !plan.hasSubtable && plan.partitions === 1)) return undefined;
    const out: Record<string, string[]> = {};
    for (const [key, u] of this.units) if (u.children.size) out[key] = [...u.children];
    return out;
  }

  /**
   * The event clock a window closes against: the newest row seen minus the watermark; with FORCE_WINDOW_CLOSE the
   * system clock (in the database precision) minus the watermark.
   */
  private threshold(now = Date.now()): bigint | undefined {
    if (this.plan.trigger === 'FORCE_WINDOW_CLOSE') return nowIn(this.plan.precision, now) - this.plan.watermark;
    return this.maxTs === undefined ? undefined : this.maxTs - this.plan.watermark;
  }

  /** Whether windows are written only once closed (INTERVAL with WINDOW_CLOSE or FORCE_WINDOW_CLOSE). */
  private closesWholeWindows(): boolean {
    return (this.plan.trigger === 'WINDOW_CLOSE' || this.plan.trigger === 'FORCE_WINDOW_CLOSE') && this.plan.window === 'interval';
  }

  /** FORCE_WINDOW_CLOSE: the wall time (ms) at which the system clock closes a window ending at `at`, into `nextDue`. */
  private wakeAt(at: bigint, nextDue?: { at: number }): void {
    if (this.plan.trigger !== 'FORCE_WINDOW_CLOSE' || !nextDue) return;
    const perMs = UNITS_PER_SECOND[this.plan.precision] / 1000n;
    const ms = Number((at + this.plan.watermark + perMs - 1n) / perMs);
    if (ms < nextDue.at) nextDue.at = ms;
  }

  private unit(key: number): Unit {
    let u = this.units.get(key);
    if (!u) this.units.set(key, (u = { windows: new Map(), children: new Set() }));
    return u;
  }

  /** Records the rows of a committed write (called under the writer's lock: bookkeeping only). */
  onRows(event: RowsWrittenEvent): boolean {
    const plan = this.plan;
    if (event.db !== plan.db) return false;
    const src = plan.source;
    let touched = false;
    for (const d of event.data) {
      if (src.kind === 'normal' ? d.stableId !== undefined || d.table.name !== `ntb_${src.tid}_data` : d.stableId !== src.stableId) continue;
      for (const part of d.tables) {
        if (part.ts.length === 0 || (src.kind !== 'stable' && part.tid !== src.tid)) continue;
        const n = part.ts.length;
        let from = 0;
        const threshold = this.threshold();
        if (plan.ignoreExpired && threshold !== undefined && timestampAt(part, 0) < threshold + 1n) {
          const bound = expiryBound(plan, threshold);
          while (from < n && timestampAt(part, from) < bound) from++;
        }
        const top = timestampAt(part, n - 1);
        if (this.maxTs === undefined || top > this.maxTs) this.maxTs = top;
        if (from >= n) continue;
        const u = this.unit(plan.perTable && src.kind === 'stable' ? part.tid : 0);
        const lo = timestampAt(part, from);
        if (u.dirtyLo === undefined || lo < u.dirtyLo) u.dirtyLo = lo;
        if (u.dirtyHi === undefined || top > u.dirtyHi) u.dirtyHi = top;
        u.since ??= Date.now();
        touched = true;
      }
    }
    return touched;
  }

  /**
   * Records a DELETE in the source (facts §3.2; TDengine recomputes the windows a delete touches): the touched range
   * becomes dirty like written rows, widened so that the recompute covers every window whose result can change.
   * KEEP expiry is not taken (TDengine drops expired files without telling its streams; docs/engine-streams.md).
   */
  onDelete(event: RowsDeletedEvent): boolean {
    const plan = this.plan;
    const src = plan.source;
    if (event.reason !== 'delete' || event.db !== plan.db) return false;
    if (src.kind === 'normal' ? event.stableId !== undefined || event.table !== `ntb_${src.tid}_data` : event.stableId !== src.stableId) return false;
    let keys: number[];
    if (src.kind === 'child') {
      if (event.tids && !event.tids.includes(src.tid)) return false;
      keys = [0];
    } else {
      keys = src.kind === 'stable' && plan.perTable ? (event.tids ?? [...this.units.keys()]) : [0];
    }
    for (const key of keys) {
      const u = this.unit(key);
      let lo: bigint;
      let hi: bigint;
      if (plan.window === 'interval') {
        // rows of the touched windows lie in [first, last] (a window's row ts is within [_wstart, _wend]); the pass
        // recomputes from firstStart(lo) to lastStart(hi) + interval: every window that could own a row there
        const first = firstStart(plan, event.fromTs);
        const last = windowEnd(plan, lastStart(plan, event.toTs));
        lo = first - 1n;
        hi = last;
        if (u.cleanLo === undefined || first < u.cleanLo) u.cleanLo = first;
        if (u.cleanHi === undefined || last + 1n > u.cleanHi) u.cleanHi = last + 1n;
      } else {
        // STATE: removing the rows of a state can merge the windows around it, so start one window earlier
        lo = plan.window === 'state' ? this.lowerBound(u, event.fromTs) - 1n : event.fromTs;
        hi = event.toTs;
      }
      if (u.dirtyLo === undefined || lo < u.dirtyLo) u.dirtyLo = lo;
      if (u.dirtyHi === undefined || hi > u.dirtyHi) u.dirtyHi = hi;
      u.since ??= Date.now();
    }
    return keys.length > 0;
  }

  /** Whether a pass has something to do now; `nextDue` gets the wall time of a MAX_DELAY deadline. */
  hasWork(now: number, nextDue?: { at: number }): boolean {
    if (this.full !== undefined) return true;
    const threshold = this.threshold(now);
    let work = false;
    for (const u of this.units.values()) {
      if (u.dirtyLo !== undefined) {
        if (!this.closesWholeWindows()) return true;
        // INTERVAL + WINDOW_CLOSE: nothing to write until the oldest touched window closes
        const at = windowEnd(this.plan, firstStart(this.plan, u.pendingFrom !== undefined && u.pendingFrom < u.dirtyLo ? u.pendingFrom : u.dirtyLo));
        if (threshold !== undefined && threshold >= at) return true;
        this.wakeAt(at, nextDue);
        continue;
      }
      if (u.pendingFrom === undefined) continue;
      if (u.closeAt !== undefined && threshold !== undefined && threshold >= u.closeAt) work = true;
      else if (u.closeAt !== undefined) this.wakeAt(u.closeAt, nextDue);
      if (this.plan.trigger === 'MAX_DELAY' && u.since !== undefined) {
        const due = u.since + this.plan.maxDelayMs;
        if (due <= now) work = true;
        else if (nextDue && due < nextDue.at) nextDue.at = due;
      }
    }
    if (this.plan.trigger === 'MAX_DELAY' && nextDue) {
      for (const u of this.units.values()) {
        if (u.dirtyLo !== undefined && u.since !== undefined) nextDue.at = Math.min(nextDue.at, u.since + this.plan.maxDelayMs);
      }
    }
    return work;
  }

  /** The earliest source ts whose windows may still change in the output (restart point). */
  pendingFrom(): bigint | undefined {
    let low: bigint | undefined;
    const take = (v: bigint | undefined): void => {
      if (v !== undefined && (low === undefined || v < low)) low = v;
    };
    for (const u of this.units.values()) {
      take(u.pendingFrom);
      if (u.dirtyLo !== undefined) take(this.plan.window === 'interval' ? firstStart(this.plan, u.dirtyLo) : u.dirtyLo);
    }
    if (this.full !== undefined) take(this.full ?? NO_LOWER);
    return low;
  }

  /** Lower bound of the recompute for a unit: a window boundary at or before `t`, or NO_LOWER. */
  private lowerBound(u: Unit, t: bigint): bigint {
    const plan = this.plan;
    if (plan.window === 'interval') return firstStart(plan, t);
    if (u.windows.size === 0 && plan.window === 'event') return NO_LOWER;
    if (plan.window === 'count' && !plan.perTable && plan.partitions > 0) return NO_LOWER;
    let lo = t;
    for (const list of u.windows.values()) {
      // the last window starting at or before t; with overlapping (sliding COUNT) windows the earliest holding t
      let k = list.length - 1;
      while (k >= 0 && list[k].start > t) k--;
      while (k > 0 && list[k - 1].end >= t) k--;
      if (k >= 0 && list[k].start < lo) lo = list[k].start;
    }
    return lo;
  }

  /** One pass: recompute what is dirty or due, write the windows the trigger lets out. */
  async pass(host: StreamHost, now: number): Promise<void> {
    const plan = this.plan;
    const threshold = this.threshold(now);
    let full = this.full;
    this.full = undefined;
    // unit key → [lo, hi) of the recompute (hi undefined: to the newest row)
    const ranges = new Map<number, { lo: bigint; hi?: bigint; emitAll: boolean }>();
    // unit key → clean-up span of deletes, taken with the dirty ranges (a delete during the pass is the next one's)
    const cleans = new Map<number, { lo: bigint; hi: bigint }>();
    const takeClean = (key: number, u: Unit): void => {
      if (u.cleanLo === undefined) return;
      cleans.set(key, { lo: u.cleanLo, hi: u.cleanHi! });
      u.cleanLo = u.cleanHi = undefined;
    };
    const maxDelayDue = (u: Unit): boolean => plan.trigger === 'MAX_DELAY' && u.since !== undefined && u.since + plan.maxDelayMs <= now;
    if (full === undefined) {
      for (const [key, u] of this.units) {
        let lo: bigint | undefined;
        let hi: bigint | undefined;
        if (u.dirtyLo !== undefined) {
          lo = this.lowerBound(u, u.dirtyLo);
          if (plan.window === 'interval') hi = windowEnd(plan, lastStart(plan, u.dirtyHi!));
        }
        const due = u.pendingFrom !== undefined && ((u.closeAt !== undefined && threshold !== undefined && threshold >= u.closeAt) || maxDelayDue(u));
        if (u.pendingFrom !== undefined && (lo !== undefined || due)) {
          if (lo === undefined || u.pendingFrom < lo) lo = u.pendingFrom;
          hi = undefined;
        }
        if (lo === undefined) continue;
        if (this.closesWholeWindows() && !due) {
          // nothing can be written before the first touched window closes: defer (no query)
          if (threshold === undefined || threshold < windowEnd(plan, lo)) {
            u.pendingFrom = lo;
            u.closeAt = windowEnd(plan, lo);
            u.dirtyLo = u.dirtyHi = undefined;
            continue;
          }
        }
        ranges.set(key, { lo, hi, emitAll: plan.trigger === 'AT_ONCE' || maxDelayDue(u) });
        u.dirtyLo = u.dirtyHi = undefined;
        takeClean(key, u);
      }
      if (ranges.size === 0) return;
    } else {
      // everything from `full` on is recomputed; it starts low enough to cover what is dirty (a write or delete
      // older than the restart point that arrived before this pass)
      for (const u of this.units.values()) {
        if (u.dirtyLo !== undefined && full !== null) {
          const lo = this.lowerBound(u, u.dirtyLo);
          if (lo < full) full = lo === NO_LOWER ? null : lo;
        }
      }
      for (const [key, u] of this.units) {
        u.dirtyLo = u.dirtyHi = undefined;
        takeClean(key, u);
      }
    }
    try {
      await this.recompute(host, ranges, full, threshold, cleans);
    } catch (error) {
      for (const [key, c] of cleans) {
        const u = this.unit(key);
        if (u.cleanLo === undefined || c.lo < u.cleanLo) u.cleanLo = c.lo;
        if (u.cleanHi === undefined || c.hi > u.cleanHi) u.cleanHi = c.hi;
      }
      // nothing is lost: the next pass recomputes every unit from the lowest bound of this one
      let low = full === undefined ? undefined : (full ?? NO_LOWER);
      for (const r of ranges.values()) if (low === undefined || r.lo < low) low = r.lo;
      if (low !== undefined && (this.full === undefined || (this.full !== null && low < this.full))) this.full = low === NO_LOWER ? null : low;
      throw error;
    }
  }

  private async recompute(
    host: StreamHost,
    ranges: Map<number, { lo: bigint; hi?: bigint; emitAll: boolean }>,
    full: bigint | null | undefined,
    threshold: bigint | undefined,
    cleans: Map<number, { lo: bigint; hi: bigint }>,
  ): Promise<void> {
    const plan = this.plan;
    const tbnameIndex = plan.perTable && plan.source.kind === 'stable' ? this.tbnamePartition() : -1;
    const all = full === undefined ? undefined : { lo: full ?? NO_LOWER };
    const fill = plan.fill
      ? await fillBounds(
          {
            plan,
            query: (q) => host.query(this.record, q),
            condition: (r, a) => this.condition(host, r, a, tbnameIndex),
            unitOf: (values) => (tbnameIndex < 0 ? 0 : host.tableId(plan.db, String(values[tbnameIndex]))),
            keyOf: (values) => partitionKey(values, values.length, 0),
          },
          ranges,
          all,
        )
      : undefined;
    const cond = fill ? fill.cond : this.condition(host, ranges, all, tbnameIndex);
    const result = cond === null ? { rows: [] } : await host.query(this.record, boundedQuery(plan, cond));
    const rowsByUnit = new Map<number, unknown[][]>();
    for (const row of result.rows) {
      let key = 0;
      if (tbnameIndex >= 0) {
        const tid = host.tableId(plan.db, String(row[HIDDEN_FIXED + tbnameIndex]));
        if (tid === undefined) continue;
        key = tid;
      }
      const range: { lo: bigint; hi?: bigint } | undefined = full === undefined ? ranges.get(key) : { lo: full ?? NO_LOWER };
      if (!range) continue;
      const ws = BigInt(row[0] as number | bigint);
      // with FILL the partitions' zones bound the rows (below)
      if (!fill && ws < range.lo) continue;
      if (!fill && range.hi !== undefined && windowEnd(plan, ws) > range.hi) continue;
      const list = rowsByUnit.get(key);
      if (list) list.push(row);
      else rowsByUnit.set(key, [row]);
    }
    if (fill) {
      for (const [key, rows] of rowsByUnit) rowsByUnit.set(key, zoneRows(plan, rows, fill.extents.get(key), (row) => partitionKey(row, plan.partitions)));
    }
    if (full !== undefined) {
      for (const key of rowsByUnit.keys()) ranges.set(key, { lo: full ?? NO_LOWER, emitAll: plan.trigger === 'AT_ONCE' });
      for (const key of this.units.keys()) if (!ranges.has(key)) ranges.set(key, { lo: full ?? NO_LOWER, emitAll: plan.trigger === 'AT_ONCE' });
    }
    const writes: OutputRow[] = [];
    const deletes: { child: string; ts: bigint }[] = [];
    for (const [key, range] of ranges) {
      const u = this.unit(key);
      const rows = rowsByUnit.get(key) ?? [];
      this.settle(u, range, rows, threshold, writes, deletes);
      const clean = cleans.get(key);
      if (clean) deletes.push(...(await this.staleRows(host, key, u, clean, rows, fill && { extents: fill.extents.get(key), range: fill.ranges.get(key) })));
    }
    // one DELETE per output table and batch of timestamps: equalities joined by OR, as DELETE takes no `ts IN (…)`
    const byChild = new Map<string, bigint[]>();
    for (const d of deletes) byChild.set(d.child, [...(byChild.get(d.child) ?? []), d.ts]);
    for (const [child, list] of byChild) {
      for (let i = 0; i < list.length; i += 200) {
        const times = list.slice(i, i + 200).map((ts) => `_c0 = ${ts}`).join(' OR ');
        await host.exec(this.record, `DELETE FROM ${quoteName(plan.target.db)}.${quoteName(child)} WHERE ${times}`);
      }
    }
    for (let i = 0; i < writes.length; i += 5000) await host.exec(this.record, insertSql(plan, writes.slice(i, i + 5000)));
  }

  /**
   * INTERVAL after a DELETE: output rows of the unit in the clean-up span that the recompute did not produce (their
   * windows are empty now). The recompute covered every window that can own a row in that range (onDelete).
   */
  private async staleRows(
    host: StreamHost,
    key: number,
    u: Unit,
    clean: { lo: bigint; hi: bigint },
    rows: unknown[][],
    fill?: { extents?: Map<string, Extents>; range?: { lo: bigint; hi: bigint } },
  ): Promise<{ child: string; ts: bigint }[]> {
    const plan = this.plan;
    const p = plan.partitions;
    const kept = new Set<string>();
    const partitionOf = new Map<string, string>();
    for (const row of rows) {
      const child = this.childOf(row);
      kept.add(`${child}\n${BigInt(row[plan.hidden] as bigint)}`);
      partitionOf.set(child, partitionKey(row, p));
    }
    // FILL: a partition's stale rows may lie anywhere between its neighbour windows (fill.ts)
    let lo = clean.lo;
    let hi = clean.hi;
    if (fill?.range) {
      if (fill.range.lo < lo) lo = fill.range.lo;
      if (fill.range.hi > hi) hi = fill.range.hi;
    }
    // the unit's output tables: those it wrote, and the default name of PARTITION BY tbname
    const children = new Set(u.children);
    const perSourceTable = plan.perTable && plan.source.kind === 'stable';
    const tbname = perSourceTable ? host.tableName(plan.db, key) : undefined;
    if (perSourceTable && !plan.hasSubtable && p === 1 && tbname !== undefined) children.add(childName(this.record.name, JSON.stringify([tbname])));
    if (children.size === 0 && perSourceTable) return [];
    // a whole-source stream that has not written since it was restored from a file without `outputs`: all of the target
    const names = children.size ? ` AND tbname IN (${[...children].map((name) => quoteText(name)).join(',')})` : '';
    const target = `${quoteName(plan.target.db)}.${quoteName(plan.target.stable)}`;
    const r = await host.query(this.record, parse(`SELECT tbname, _c0 FROM ${target} WHERE _c0 >= ${lo} AND _c0 < ${hi}${names}`) as SelectStatement);
    const stale: { child: string; ts: bigint }[] = [];
    for (const [c, ts] of r.rows) {
      const child = String(c);
      const t = BigInt(ts as bigint);
      if (kept.has(`${child}\n${t}`)) continue;
      if (fill && !staleInZone(fill.extents?.get(partitionOf.get(child) ?? ''), t, { lo, hi })) continue;
      stale.push({ child, ts: t });
    }
    return stale;
  }

  /** The output child table of a result row (SUBTABLE value or the name derived from the partition key). */
  private childOf(row: unknown[]): string {
    const p = this.plan.partitions;
    return this.plan.hasSubtable ? String(row[HIDDEN_FIXED + p]) : childName(this.record.name, partitionKey(row, p));
  }

  /** Index of the tbname item among the PARTITION BY items. */
  private tbnamePartition(): number {
    return (this.plan.base.partitionBy ?? []).findIndex((p) => p.expr.type === 'column' && !p.expr.table && p.expr.name.name === 'tbname');
  }

  /** The time bounds of a query: per unit (`ranges`), or `all` for every unit (a full recompute). */
  private condition(host: StreamHost, ranges: Map<number, { lo: bigint; hi?: bigint }>, all: { lo: bigint; hi?: bigint } | undefined, tbnameIndex: number): string | undefined {
    const parts: string[] = [];
    const history = this.record.historyEnd !== undefined ? `_c0 > ${this.record.historyEnd}` : undefined;
    const bounds = (lo: bigint, hi?: bigint): string[] => [
      ...(lo !== NO_LOWER ? [`_c0 >= ${lo}`] : []),
      ...(hi !== undefined ? [`_c0 < ${hi}`] : []),
    ];
    if (all) {
      parts.push(...bounds(all.lo, all.hi));
    } else if (tbnameIndex < 0) {
      const r = ranges.get(0)!;
      parts.push(...bounds(r.lo, r.hi));
    } else {
      // group the tables by identical range: `(tbname IN (..) AND _c0 >= lo AND _c0 < hi) OR ...`
      const groups = new Map<string, { b: string[]; names: string[] }>();
      for (const [tid, r] of ranges) {
        const name = host.tableName(this.plan.db, tid);
        if (name === undefined) continue;
        const b = bounds(r.lo, r.hi);
        const k = b.join(' AND ');
        const g = groups.get(k);
        if (g) g.names.push(name);
        else groups.set(k, { b, names: [name] });
      }
      const ors = [...groups.values()].map((g) => [`tbname IN (${g.names.map((name) => quoteText(name)).join(',')})`, ...g.b].join(' AND '));
      parts.push(ors.length === 1 ? ors[0] : `(${ors.map((o) => `(${o})`).join(' OR ')})`);
    }
    if (history) parts.push(history);
    return parts.length ? parts.join(' AND ') : undefined;
  }

  /** Applies a unit's recomputed windows: picks the rows to write, stale rows to delete, what stays pending. */
  private settle(u: Unit, range: { lo: bigint; hi?: bigint; emitAll: boolean }, rows: unknown[][], threshold: bigint | undefined, writes: OutputRow[], deletes: { child: string; ts: bigint }[]): void {
    const plan = this.plan;
    const p = plan.partitions;
    // rows come ordered per partition by window start; group them by partition key
    const byKey = new Map<string, unknown[][]>();
    for (const row of rows) {
      const key = partitionKey(row, p);
      const list = byKey.get(key);
      if (list) list.push(row);
      else byKey.set(key, [row]);
    }
    let pendingFrom: bigint | undefined;
    let closeAt: bigint | undefined;
    const newWindows = new Map<string, WindowEntry[]>();
    for (const [key, list] of byKey) {
      list.sort((a, b) => (BigInt(a[0] as bigint) < BigInt(b[0] as bigint) ? -1 : 1));
      const old = new Map((u.windows.get(key) ?? []).map((w) => [w.start, w]));
      const entries: WindowEntry[] = [];
      list.forEach((row, i) => {
        const w: ComputedWindow = { start: BigInt(row[0] as bigint), end: BigInt(row[1] as bigint), rows: Number(row[2]), last: i === list.length - 1 && range.hi === undefined };
        const c = closing(plan, w, threshold);
        // TRUE_FOR: a window too short has no row (one it had, before a late row split it, is deleted)
        const short = plan.trueFor !== undefined && w.end - w.start < plan.trueFor;
        const emit = !short && (range.emitAll || c.closed);
        const values = row.slice(plan.hidden);
        const child = plan.hasSubtable ? String(row[HIDDEN_FIXED + p]) : childName(this.record.name, key);
        if (plan.window === 'interval') u.children.add(child);
        const prev = old.get(w.start);
        if (short && prev?.emitted) deletes.push({ child, ts: BigInt(values[0] as bigint) });
        if (emit) {
          const tags = this.tagSources.map((s) => (s === 'group' ? groupId(key) : row[HIDDEN_FIXED + s]));
          writes.push({ child, tags, values });
        }
        if (!c.closed) {
          if (pendingFrom === undefined || w.start < pendingFrom) pendingFrom = w.start;
          if (c.at !== undefined && (closeAt === undefined || c.at < closeAt)) closeAt = c.at;
        }
        entries.push({ start: w.start, end: w.end, outTs: BigInt(values[0] as bigint), child, emitted: !short && (emit || (prev?.emitted ?? false)) });
      });
      newWindows.set(key, entries);
    }
    if (plan.window !== 'interval') {
      // windows of the recomputed range that no longer exist (merged sessions, split states) lose their rows
      const keys = new Set([...u.windows.keys(), ...newWindows.keys()]);
      for (const key of keys) {
        const kept = (u.windows.get(key) ?? []).filter((w) => w.start < range.lo);
        const fresh = newWindows.get(key) ?? [];
        const freshTs = new Set(fresh.map((w) => `${w.child}\n${w.outTs}`));
        for (const w of u.windows.get(key) ?? []) {
          if (w.start >= range.lo && w.emitted && !freshTs.has(`${w.child}\n${w.outTs}`)) deletes.push({ child: w.child, ts: w.outTs });
        }
        const merged = [...kept, ...fresh];
        if (merged.length) u.windows.set(key, merged);
        else u.windows.delete(key);
      }
    }
    u.pendingFrom = pendingFrom;
    u.closeAt = closeAt;
    u.since = pendingFrom !== undefined && !range.emitAll ? u.since : undefined;
    if (u.dirtyLo !== undefined) u.since ??= Date.now();
  }
}
