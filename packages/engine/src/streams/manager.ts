import { quoteQualified } from '@tscloud/contracts/sql';
import type { Catalog } from '../catalog/catalog';
import { TdCode, TdError } from '../errors';
import { requireDbAdmin, requireRead, requireWrite } from '../exec/access';
import type { ExecContext } from '../exec/context';
import { UNITS_PER_SECOND } from '../format/time-parse';
import { affected, type ResultSet, type StatementResult } from '../format/result';
import { checkLimit, type Limits } from '../limits/limits';
import type { QueryContext } from '../query';
import {
  parse,
  type CreateStreamStatement,
  type DropStreamStatement,
  type PauseStreamStatement,
  type ResumeStreamStatement,
  type SelectStatement,
  type Statement,
} from '../sql';
import type { WriteEvent, WriteEvents } from '../storage/write-events';
import type { StreamRecord, StreamStatus, StreamsFile } from './model';
import { outputShape } from './output';
import { boundedQuery, planStream, unsupported } from './plan';
import { StreamStore } from './store';
import { Stream, type StreamHost } from './stream';

/** What the manager needs from the engine: run a statement as a user with a current database. */
export interface StreamEngine {
  run(statement: Statement, user: string, db: string | undefined, sql: string, tz?: string): Promise<StatementResult>;
  limits(): Limits;
}

/** Writes that arrive within this many ms are folded into one pass (AT_ONCE is "at once" to this granularity). */
const PASS_GAP_MS = 20;
/** A pass whose timer is this late starts from the next write instead. */
const OVERDUE_MS = 200;
/** streams.json is rewritten (watermark clock, restart point) at most this often while streams run. */
const SAVE_EVERY_MS = 1000;

/**
 * The engine's streams (classic syntax, facts §3.2): CREATE/DROP/PAUSE/RESUME, persistence in DIR/streams.json,
 * and the worker that keeps every stream's output up to date off the write path: the write-event listener only
 * records what changed; passes run on a timer, one stream at a time. See docs/engine-streams.md.
 */
export class StreamManager {
  private readonly store: StreamStore;
  private data: StreamsFile;
  private readonly streams = new Map<string, Stream>();
  private timer?: NodeJS.Timeout;
  private timerDue = 0;
  private running = false;
  private closed = false;
  private lastSave = 0;
  private readonly unsubscribe: () => void;
  private readonly names = new Map<string, Map<number, string>>();

  constructor(
    dataDir: string,
    private readonly catalog: Catalog,
    events: WriteEvents,
    private readonly engine: StreamEngine,
  ) {
    this.store = new StreamStore(dataDir);
    this.data = this.store.load();
    for (const record of this.data.streams) {
      try {
        this.streams.set(record.name, this.revive(record));
      } catch (error) {
        console.error(`stream ${record.name} could not be restored`, error);
      }
    }
    this.unsubscribe = events.on((e) => this.onEvent(e));
    if (this.streams.size > 0) this.kick();
  }

  private revive(record: StreamRecord): Stream {
    const stmt = parse(record.sql) as CreateStreamStatement;
    const plan = planStream(this.catalog, stmt, record.currentDb, record.tz);
    const stream = new Stream(record, plan, record.tagSources);
    // restart: INTERVAL windows are absolute, so only the pending tail is recomputed; the other kinds rebuild their
    // window lists from the beginning
    stream.full = plan.window === 'interval' ? (record.pendingFrom !== undefined ? BigInt(record.pendingFrom) : undefined) : null;
    return stream;
  }

  // ---- statements ----

  async create(ctx: ExecContext, stmt: CreateStreamStatement, sql: string): Promise<StatementResult> {
    const name = stmt.name.name;
    if (this.streams.has(name)) {
      if (stmt.ifNotExists) return affected(0);
      throw new TdError(TdCode.STREAM_ALREADY_EXISTS, 'Stream already exists');
    }
    checkLimit(this.engine.limits(), 'maxStreams', this.streams.size);
    const plan = planStream(this.catalog, stmt, ctx.db, ctx.tz);
    requireRead(ctx, plan.db);
    requireWrite(ctx, plan.target.db);
    const record: StreamRecord = {
      name,
      id: this.data.nextId,
      createTime: ctx.nowMs,
      sql,
      currentDb: ctx.db,
      ...(ctx.tz ? { tz: ctx.tz } : {}),
      owner: ctx.user.name,
      paused: false,
      tagSources: [],
    };
    const probe = await this.query(record, boundedQuery(plan, '_c0 < 0 AND _c0 > 0'));
    const target = this.catalog.lookup(plan.target.db, plan.target.stable);
    if (target && target.kind !== 'stable') throw new TdError(TdCode.TABLE_ALREADY_EXISTS, 'Table already exists');
    if (target) requireDbAdmin(ctx, plan.target.db);
    const shape = outputShape(plan, stmt, probe.columns, target?.kind === 'stable' ? { columns: target.stable.columns.length, tags: target.stable.tags.length } : undefined);
    record.tagSources = shape.tagSources;
    if (this.streams.has(name)) throw new TdError(TdCode.STREAM_ALREADY_EXISTS, 'Stream already exists');
    if (shape.createSql) await this.exec(record, shape.createSql);
    const newest = await this.newestTs(record, plan.db, plan.source.name);
    if (!plan.fillHistory && newest !== undefined) record.historyEnd = newest.toString();
    if (newest !== undefined) record.maxTs = newest.toString();
    const stream = new Stream(record, plan, record.tagSources);
    if (plan.fillHistory) {
      stream.full = null;
      stream.initializing = true;
    }
    this.data.nextId++;
    this.data.streams.push(record);
    this.streams.set(name, stream);
    this.save();
    this.kick();
    return affected(0);
  }

  drop(ctx: ExecContext, s: DropStreamStatement): StatementResult {
    const stream = this.find(s.name.name, s.ifExists);
    if (!stream) return affected(0);
    this.checkOwner(ctx, stream);
    this.remove(stream.record.name);
    return affected(0);
  }

  pause(ctx: ExecContext, s: PauseStreamStatement): StatementResult {
    const stream = this.find(s.name.name, s.ifExists);
    if (!stream) return affected(0);
    this.checkOwner(ctx, stream);
    stream.record.paused = true;
    this.save();
    return affected(0);
  }

  resume(ctx: ExecContext, s: ResumeStreamStatement): StatementResult {
    const stream = this.find(s.name.name, s.ifExists);
    if (!stream) return affected(0);
    this.checkOwner(ctx, stream);
    stream.record.paused = false;
    if (s.ignoreUntreated) for (const u of stream.units.values()) u.dirtyLo = u.dirtyHi = undefined;
    this.save();
    this.kick();
    return affected(0);
  }

  private find(name: string, ifExists: boolean): Stream | undefined {
    const stream = this.streams.get(name);
    if (!stream && !ifExists) throw new TdError(TdCode.STREAM_NOT_EXIST, 'Stream not exist');
    return stream;
  }

  private checkOwner(ctx: ExecContext, stream: Stream): void {
    if (ctx.user.superuser || ctx.user.name === stream.record.owner) return;
    requireDbAdmin(ctx, stream.plan.db);
  }

  private remove(name: string): void {
    this.streams.delete(name);
    this.data.streams = this.data.streams.filter((r) => r.name !== name);
    this.save();
  }

  // ---- ins_streams ----

  status(stream: Stream): StreamStatus {
    if (stream.record.paused) return 'paused';
    if (stream.error) return 'failed';
    return stream.initializing ? 'init' : 'ready';
  }

  rows(ctx: QueryContext): unknown[][] {
    const trigger = { AT_ONCE: 'at once', WINDOW_CLOSE: 'window close', MAX_DELAY: 'max delay', FORCE_WINDOW_CLOSE: 'force window close' } as const;
    return [...this.streams.values()]
      .filter((s) => ctx.canSee(s.plan.db))
      .map((s) => {
        const unitsPerMs = UNITS_PER_SECOND[s.plan.precision] / 1000n;
        return [
          s.record.name,
          s.record.createTime,
          String(s.record.id),
          '0',
          s.record.sql,
          this.status(s),
          s.plan.db,
          s.plan.target.db,
          s.plan.target.stable,
          s.plan.watermark / unitsPerMs,
          trigger[s.plan.trigger],
          '0',
          '0',
          '0',
          '0',
        ];
      });
  }

  // ---- upkeep ----

  private onEvent(e: WriteEvent): void {
    if (this.streams.size === 0) return;
    if (e.kind === 'rows') {
      for (const c of e.createdChildren) this.names.get(e.db)?.set(c.tid, c.name);
      let any = false;
      for (const s of this.streams.values()) if (s.onRows(e)) any = true;
      if (any) this.kick();
    } else if (e.kind === 'delete') {
      let any = false;
      for (const s of this.streams.values()) if (s.onDelete(e)) any = true;
      if (any) this.kick();
    } else if (e.kind === 'schema' && e.statement === 'dropDatabase' && e.db) {
      this.names.delete(e.db);
      for (const s of [...this.streams.values()]) if (s.plan.db === e.db || s.plan.target.db === e.db) this.remove(s.record.name);
    } else if (e.kind === 'schema' && (e.statement === 'dropTable' || e.statement === 'dropStable') && e.db) {
      this.names.delete(e.db);
    }
  }

  private kick(delay = PASS_GAP_MS): void {
    if (this.closed || this.running) return;
    if (this.timer) {
      // A process that only writes (no I/O of its own between statements, e.g. a bulk load in process) can starve
      // the event loop's timer phase: start an overdue pass from the write itself (after the listener returns).
      if (Date.now() < this.timerDue + OVERDUE_MS) return;
      clearTimeout(this.timer);
      this.timer = undefined;
      queueMicrotask(() => void this.work());
      return;
    }
    this.timerDue = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.work();
    }, delay);
  }

  private async work(): Promise<void> {
    // One pass at a time: a kick between the overdue path's queued start and that start sets a timer, which may fire
    // during the pass. Dropping that start loses nothing: the running pass looks for work again when it ends.
    if (this.running || this.closed) return;
    this.running = true;
    const due = { at: Infinity };
    let again: boolean;
    try {
      for (const stream of [...this.streams.values()]) {
        if (this.closed) return;
        if (stream.record.paused || !this.streams.has(stream.record.name)) continue;
        if (!stream.hasWork(Date.now(), due)) continue;
        try {
          await stream.pass(this.host, Date.now());
          stream.error = undefined;
          stream.initializing = false;
        } catch (error) {
          stream.error = error instanceof Error ? error.message : String(error);
          console.error(`stream ${stream.record.name}: ${stream.error}`);
        }
      }
      const now = Date.now();
      again = [...this.streams.values()].some((s) => !s.record.paused && !s.error && s.hasWork(now, due));
      if (now - this.lastSave >= SAVE_EVERY_MS) this.save();
    } finally {
      this.running = false;
    }
    if (again) this.kick();
    else if (due.at !== Infinity) this.kick(Math.max(PASS_GAP_MS, due.at - Date.now()));
  }

  /** Resolves when no stream has work left (tests; graceful shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      const now = Date.now();
      const busy = this.running || [...this.streams.values()].some((s) => !s.record.paused && !s.error && s.hasWork(now));
      if (!busy) return;
      if (!this.timer && !this.running) this.kick(0);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  private readonly host: StreamHost = {
    query: (record, q) => this.query(record, q),
    exec: (record, sql) => this.exec(record, sql),
    tableName: (db, tid) => {
      let map = this.names.get(db);
      if (!map || !map.has(tid)) {
        map = new Map(this.catalog.childTables(db).map((c) => [c.tid, c.name]));
        this.names.set(db, map);
      }
      return map.get(tid);
    },
    tableId: (db, name) => {
      const found = this.catalog.lookup(db, name);
      return found?.kind === 'child' ? found.child.tid : found?.kind === 'normal' ? found.table.tid : undefined;
    },
  };

  private async query(record: StreamRecord, q: SelectStatement): Promise<ResultSet> {
    const result = await this.engine.run(q, record.owner, record.currentDb, '', record.tz);
    if (result.kind !== 'rows') throw unsupported('stream query without rows');
    return result;
  }

  private async exec(record: StreamRecord, sql: string): Promise<void> {
    await this.engine.run(parse(sql), record.owner, record.currentDb, sql);
  }

  private async newestTs(record: StreamRecord, db: string, table: string): Promise<bigint | undefined> {
    const q = parse(`SELECT last(_c0) FROM ${quoteQualified(db, table)}`) as SelectStatement;
    const r = await this.query(record, q);
    const v = r.rows[0]?.[0];
    return v === null || v === undefined ? undefined : BigInt(v as number | bigint);
  }

  private save(): void {
    for (const s of this.streams.values()) {
      s.record.maxTs = s.maxTs?.toString();
      s.record.pendingFrom = s.pendingFrom()?.toString();
      s.record.outputs = s.outputs();
    }
    this.store.save(this.data);
    this.lastSave = Date.now();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.running) await new Promise((r) => setTimeout(r, 5));
    this.unsubscribe();
    this.save();
  }
}

