import { quoteName, quoteText } from '@tscloud/contracts/sql';
import path from 'node:path';
import fs from 'node:fs';
import type { Catalog } from '../catalog/catalog';
import type { NormalTableDef, StableDef, UserDef } from '../catalog/model';
import { checkLimit, type Limits } from '../limits/limits';
import { TdCode, TdError } from '../errors';
import type { StatementResult } from '../format/result';
import { cellJson } from '../format/values';
import { hashName } from '../query';
import type { AlterDatabaseStatement, CreateTopicStatement, DropConsumerGroupStatement, DropTopicStatement } from '../sql';
import { dbFileName } from '../storage/names';
import { plainValue } from '../storage/storage';
import type { RowsWrittenEvent, SchemaChangedEvent, WriteEvent, WriteEvents } from '../storage/write-events';
import { restTypeName, typeLength } from '../types';
import { DbLog, type Retention } from './change-log';
import { DEFAULT_MAX_TOPICS, type Block, type LogRecord, type Position, type TopicDef } from './model';
import { readSnapshot, snapshotMeta, topicRows, type RunSql, type TopicReadContext } from './snapshot';
import { groupKey, TmqStore, type TmqState } from './store';
import { defineTopic } from './topic-ddl';

export type { RunSql } from './snapshot';

/** A message's content: data blocks, or one schema statement (WITH META). */
export type MessageBody = { kind: 'data'; blocks: Block[] } | { kind: 'meta'; statement: string; sql: string };

/** What one read of a vgroup produced: the position to continue from and, unless nothing matched, a message. */
export interface ReadResult {
  next: Position;
  body?: MessageBody;
}

const TRIM_INTERVAL_MS = 10_000;
/** A data message holds at most this many rows (more blocks follow in the next poll). */
const MESSAGE_ROWS = 4096;
const SCAN_RECORDS = 1000;
/** A vgroup's snapshot exclusion set is forgotten after this long unused (rebuilt from the log when asked again). */
const COVERED_IDLE_MS = 60_000;

/**
 * Topics (CREATE/DROP TOPIC), the per-database change log they read, and DROP CONSUMER GROUP. Committed writes
 * arrive as write events; a database's log is kept while at least one topic reads it.
 */
export class TopicManager implements TopicReadContext {
  private readonly logs = new Map<string, DbLog>();
  /** `db \0 vgroup` → the (table, ts) pairs log records from `from` to `to` wrote (snapshot reads leave them out) */
  private readonly covered = new Map<string, { from: number; to: number; keys: Map<string, Set<string>>; used: number }>();
  private readonly tagMatches = new Map<string, boolean>();
  private childNames = new Map<string, Map<number, string>>();
  private timer: NodeJS.Timeout | undefined;
  private readonly off: () => void;
  /** consumer groups register here to learn about dropped topics/groups (consumers.ts) */
  onTopicDropped: (topic: string) => void = () => undefined;
  /** whether a group has live members on a topic (DROP TOPIC / DROP CONSUMER GROUP without FORCE) */
  isSubscribed: (topic: string, group?: string) => boolean = () => false;

  private constructor(
    private readonly dir: string,
    private readonly store: TmqStore,
    readonly state: TmqState,
    readonly catalog: Catalog,
    private readonly limits: () => Limits,
    readonly runSql: RunSql,
    events: WriteEvents,
    private readonly clock: () => number,
  ) {
    for (const t of Object.values(state.topics)) this.openLog(t.db);
    this.off = events.on((e) => this.onEvent(e));
    this.timer = setInterval(() => this.trim(), TRIM_INTERVAL_MS);
    this.timer.unref();
  }

  static open(options: {
    dataDir: string;
    catalog: Catalog;
    limits: () => Limits;
    runSql: RunSql;
    events: WriteEvents;
    clock?: () => number;
  }): TopicManager {
    const dir = path.join(options.dataDir, 'tmq');
    const store = new TmqStore(dir);
    return new TopicManager(dir, store, store.load(), options.catalog, options.limits, options.runSql, options.events, options.clock ?? Date.now);
  }

  // ---- DDL ----

  async create(user: UserDef, stmt: CreateTopicStatement, sql: string, currentDb?: string): Promise<StatementResult> {
    const name = stmt.name.name;
    if (this.state.topics[name]) {
      if (stmt.ifNotExists) return { kind: 'affected', affectedRows: 0 };
      throw new TdError(TdCode.TOPIC_ALREADY_EXISTS, 'Topic already exists');
    }
    const topic = defineTopic(this.catalog, user, stmt, sql, currentDb);
    const entry = this.catalog.database(topic.db);
    if (!user.superuser && entry.owner !== user.name && !user.grants.some((g) => (g.db === '*' || g.db === topic.db) && g.privilege !== 'SUBSCRIBE')) {
      throw TdError.permissionDenied();
    }
    const count = Object.keys(this.state.topics).length;
    const limits = this.limits();
    if (limits.maxTopics === undefined && count >= DEFAULT_MAX_TOPICS) throw new TdError(TdCode.TOO_MANY_TOPICS, 'Too many Topics');
    checkLimit(limits, 'maxTopics', count);
    if (topic.type === 'column') topic.schema = await this.resultColumns(topic);
    this.state.topics[name] = topic;
    this.store.save(this.state);
    this.openLog(topic.db);
    return { kind: 'affected', affectedRows: 0 };
  }

  /**
   * A query topic's columns as the query layer types them (`v * 2` DOUBLE, `upper(s)` VARCHAR(12)): its SELECT run as
   * its owner for no row, which also refuses what the query cannot read.
   */
  private async resultColumns(topic: TopicDef): Promise<[string, string, number][]> {
    const result = await this.runSql(`${topic.query} LIMIT 0`, topic.owner, topic.db);
    return result.kind === 'rows' ? result.columns.map((c): [string, string, number] => [c.name, c.type, c.length]) : [];
  }

  drop(user: UserDef, stmt: DropTopicStatement): StatementResult {
    const topic = this.state.topics[stmt.name.name];
    if (!topic) {
      if (stmt.ifExists) return { kind: 'affected', affectedRows: 0 };
      throw new TdError(TdCode.TOPIC_NOT_EXIST, 'Topic not exist');
    }
    if (!user.superuser && topic.owner !== user.name) throw TdError.permissionDenied();
    if (!stmt.force && this.isSubscribed(topic.name)) throw new TdError(TdCode.TOPIC_SUBSCRIBED, 'Topic subscribed cannot be dropped');
    this.removeTopic(topic.name);
    return { kind: 'affected', affectedRows: 0 };
  }

  /**
   * DROP CONSUMER GROUP g ON topic: the mnode looks the subscription (group × topic) up first, so an unknown group or
   * topic is 1000 "Subcribe not exist" (25_streams_topics#60, #62), then checks the topic's owner and the consumers.
   */
  dropConsumerGroup(user: UserDef, stmt: DropConsumerGroupStatement): StatementResult {
    const topicName = stmt.topic.name;
    const key = groupKey(stmt.group.name, topicName);
    if (!this.state.commits[key] && !this.isSubscribed(topicName, stmt.group.name)) {
      if (stmt.ifExists) return { kind: 'affected', affectedRows: 0 };
      throw new TdError(TdCode.SUBSCRIBE_NOT_EXIST, 'Subcribe not exist');
    }
    const topic = this.state.topics[topicName];
    if (topic && !user.superuser && topic.owner !== user.name) throw TdError.permissionDenied();
    if (!stmt.force && this.isSubscribed(topicName, stmt.group.name)) {
      throw new TdError(TdCode.CGROUP_USED, 'Consumer group being used by some consumer');
    }
    delete this.state.commits[key];
    this.store.save(this.state);
    return { kind: 'affected', affectedRows: 0 };
  }

  /** ALTER DATABASE may not set WAL_RETENTION_PERIOD 0 while a topic reads the database (0x038C). */
  checkAlterDatabase(stmt: AlterDatabaseStatement): void {
    const zero = stmt.options.some((o) => o.name === 'WAL_RETENTION_PERIOD' && o.value === 0);
    if (zero && this.topics().some((t) => t.db === stmt.name.name)) {
      throw new TdError(TdCode.DB_RETENTION_PERIOD_ZERO, 'WAL retention period is zero');
    }
  }

  /** DROP DATABASE is refused while a topic reads the database (TDengine's mndTopicExistsForDb). */
  checkDropDatabase(db: string): void {
    if (this.topics().some((t) => t.db === db)) throw new TdError(TdCode.TOPIC_MUST_BE_DROPPED, 'Topic must be dropped first');
  }

  /** DROP STABLE (or DROP TABLE of a super table) is refused while an AS STABLE or AS SELECT topic reads it. */
  checkDropStable(db: string, stable: string): void {
    if (this.topics().some((t) => t.db === db && t.type !== 'db' && t.table === stable)) {
      throw new TdError(TdCode.TOPIC_MUST_BE_DROPPED, 'Topic must be dropped first');
    }
  }

  private removeTopic(name: string): void {
    const topic = this.state.topics[name];
    if (!topic) return;
    this.onTopicDropped(name);
    delete this.state.topics[name];
    for (const key of Object.keys(this.state.commits)) if (key.endsWith(`\u0000${name}`)) delete this.state.commits[key];
    this.store.save(this.state);
    if (!Object.values(this.state.topics).some((t) => t.db === topic.db)) {
      const log = this.logs.get(topic.db);
      log?.close();
      this.logs.delete(topic.db);
      for (const key of this.covered.keys()) if (key.startsWith(`${topic.db}\u0000`)) this.covered.delete(key);
      if (log) fs.rmSync(log.dir, { recursive: true, force: true });
    }
  }

  // ---- queries ----

  topics(): TopicDef[] {
    return Object.values(this.state.topics).sort((a, b) => a.createTime - b.createTime);
  }

  topic(name: string): TopicDef {
    const t = this.state.topics[name];
    if (!t) throw new TdError(TdCode.TOPIC_NOT_EXIST, 'Topic not exist');
    return t;
  }

  log(db: string): DbLog {
    const log = this.logs.get(db);
    if (!log) throw new TdError(TdCode.TOPIC_NOT_EXIST, 'Topic not exist');
    return log;
  }

  committed(group: string, topic: string, vg: number): Position | undefined {
    return this.state.commits[groupKey(group, topic)]?.[String(vg)];
  }

  commit(group: string, topic: string, offsets: Map<number, Position>): void {
    if (!this.state.topics[topic] || offsets.size === 0) return;
    const key = groupKey(group, topic);
    const entry = (this.state.commits[key] ??= {});
    let changed = false;
    for (const [vg, offset] of offsets) {
      if (JSON.stringify(entry[String(vg)]) !== JSON.stringify(offset)) {
        entry[String(vg)] = offset;
        changed = true;
      }
    }
    if (changed) this.store.save(this.state);
  }

  /** Consumer groups with committed offsets: [group, topic, vgroup index, position]. */
  commitsList(): [string, string, number, Position][] {
    return Object.entries(this.state.commits).flatMap(([key, byVg]) => {
      const [group, topic] = key.split('\u0000');
      return Object.entries(byVg).map(([vg, offset]): [string, string, number, Position] => [group, topic, Number(vg), offset]);
    });
  }

  retention(db: string): Retention {
    const o = this.catalog.database(db).options;
    return { periodSec: o.walRetentionPeriod, sizeKb: o.walRetentionSize };
  }

  /** Drops expired log segments now (also runs every 10 s), and the snapshot sets no snapshot read asked for lately. */
  trim(): void {
    for (const [key, entry] of this.covered) if (this.clock() - entry.used > COVERED_IDLE_MS) this.covered.delete(key);
    for (const [db, log] of this.logs) {
      if (!this.catalog.findDatabase(db)) continue;
      const retention = this.retention(db);
      for (const vg of log.vgroups) vg.trim(retention, this.clock());
    }
  }

  // ---- the change log ----

  private openLog(db: string): void {
    if (this.logs.has(db) || !this.catalog.findDatabase(db)) return;
    const dir = path.join(this.dir, 'log', dbFileName(db).replace(/\.duckdb$/, ''));
    this.logs.set(db, new DbLog(dir, this.catalog.database(db).options.vgroups));
  }

  private onEvent(event: WriteEvent): void {
    if (event.kind === 'rows') this.onRows(event);
    else if (event.kind === 'schema') this.onSchema(event);
  }

  private onSchema(event: SchemaChangedEvent): void {
    if (!event.db) return;
    if (event.statement === 'dropDatabase') {
      // never with topics on it (checkDropDatabase refused); only caches to forget
      this.childNames.delete(event.db);
      return;
    }
    const log = this.logs.get(event.db);
    if (!log) return;
    for (const key of this.tagMatches.keys()) if (key.startsWith(`${event.db}\u0000`)) this.tagMatches.delete(key);
    this.childNames.delete(event.db);
    if (!this.topics().some((t) => t.db === event.db && t.withMeta)) return;
    log.vgroups[0].append({ kind: 'meta', at: this.clock(), statement: event.statement, sql: event.sql }, this.retention(event.db));
    log.notify();
  }

  private childName(db: string, tid: number): string | undefined {
    let names = this.childNames.get(db);
    if (!names || !names.has(tid)) {
      names = new Map(this.catalog.childTables(db).map((c) => [c.tid, c.name]));
      this.childNames.set(db, names);
    }
    return names.get(tid);
  }

  private onRows(event: RowsWrittenEvent): void {
    const log = this.logs.get(event.db);
    if (!log) return;
    const entry = this.catalog.findDatabase(event.db);
    if (!entry) return;
    const precision = entry.options.precision;
    const retention = this.retention(event.db);
    const at = this.clock();
    const created = new Map(event.createdChildren.map((c) => [c.tid, c.name]));
    const stablesById = new Map<number, StableDef>(Object.values(entry.stables).map((s) => [s.id, s]));
    let normalsByTid: Map<number, NormalTableDef> | undefined;
    for (const data of event.data) {
      const stable = data.stableId !== undefined ? stablesById.get(data.stableId) : undefined;
      for (const part of data.tables) {
        let table: string | undefined;
        let columns;
        if (stable) {
          table = created.get(part.tid) ?? this.childName(event.db, part.tid);
          columns = stable.columns;
        } else {
          normalsByTid ??= new Map(Object.values(entry.tables).map((t) => [t.tid, t]));
          const normal = normalsByTid.get(part.tid);
          table = normal?.name;
          columns = normal?.columns;
        }
        if (table === undefined || !columns) continue;
        const types = columns.map((c) => restTypeName(c.type));
        const ts = Array.from(part.ts, (t: bigint | number) => BigInt(t));
        const rows: string[] = new Array<string>(ts.length);
        for (let i = 0; i < ts.length; i++) {
          let text = `[${cellJson(ts[i], 'TIMESTAMP', precision)}`;
          for (let c = 0; c < part.columns.length; c++) text += `,${cellJson(plainValue(part.columns[c][i] as never), types[c + 1], precision)}`;
          rows[i] = `${text}]`;
        }
        const block: Block = {
          tableName: table,
          stableName: stable?.name,
          columns: columns.map((c) => [c.name, restTypeName(c.type), typeLength(c.type)]),
          rows,
        };
        const vg = hashName(table) % log.vgroups.length;
        log.vgroups[vg].append(
          { kind: 'data', at, tid: part.tid, table, stable: stable?.name, ts: ts.map(String), block },
          retention,
        );
      }
    }
    log.notify();
  }

  // ---- reading for consumers ----

  /**
   * Reads the next message of `topic` in vgroup index `vg` from position `from`: snapshot rows first when the
   * position is in the snapshot (an empty rest of the snapshot goes straight on to the log).
   */
  async read(topic: TopicDef, vg: number, from: Position): Promise<ReadResult> {
    if (typeof from === 'number') return this.readLog(topic, vg, from);
    const count = this.log(topic.db).vgroups.length;
    if (from.meta !== undefined) {
      const meta = await snapshotMeta(this, topic, vg, count, from.meta);
      if (meta) return { next: { log: from.log, meta: meta.key }, body: { kind: 'meta', statement: meta.statement, sql: meta.sql } };
      from = { log: from.log };
    }
    const snap = await readSnapshot(this, topic, vg, count, from, () => this.coveredKeys(topic.db, vg, from.log), MESSAGE_ROWS);
    if (snap.next !== 'done') return { next: snap.next, body: { kind: 'data', blocks: snap.blocks } };
    if (snap.blocks.length > 0) return { next: from.log, body: { kind: 'data', blocks: snap.blocks } };
    return this.readLog(topic, vg, from.log);
  }

  /**
   * The (table, ts) pairs the retained log records of a vgroup wrote from offset `from` on. Kept per vgroup and
   * extended as the log grows; rebuilt when asked from another offset or when trimming passed `from`.
   */
  private coveredKeys(db: string, vg: number, from: number): Map<string, Set<string>> {
    const log = this.log(db).vgroups[vg];
    const start = Math.max(from, log.begin);
    const key = `${db}\u0000${vg}`;
    let entry = this.covered.get(key);
    if (!entry || entry.from !== start || entry.to > log.end) entry = { from: start, to: start, keys: new Map(), used: 0 };
    entry.used = this.clock();
    for (let records = log.read(entry.to, SCAN_RECORDS); records.length > 0; records = log.read(entry.to, SCAN_RECORDS)) {
      for (const r of records) {
        if (r.kind === 'data') {
          let set = entry.keys.get(r.table);
          if (!set) entry.keys.set(r.table, (set = new Set()));
          for (const ts of r.ts) set.add(ts);
        }
        entry.to = r.offset + 1;
      }
    }
    this.covered.set(key, entry);
    return entry.keys;
  }

  private async readLog(topic: TopicDef, vg: number, from: number): Promise<ReadResult> {
    const log = this.log(topic.db).vgroups[vg];
    let next = Math.max(from, log.begin);
    const blocks: Block[] = [];
    let rows = 0;
    for (;;) {
      const records = log.read(next, SCAN_RECORDS);
      if (records.length === 0) break;
      for (const record of records) {
        if (record.kind === 'meta') {
          if (!topic.withMeta) {
            next = record.offset + 1;
            continue;
          }
          if (blocks.length > 0) return { next, body: { kind: 'data', blocks } };
          return { next: record.offset + 1, body: { kind: 'meta', statement: record.statement, sql: record.sql } };
        }
        const block = await this.blockFor(topic, record);
        next = record.offset + 1;
        if (!block || block.rows.length === 0) continue;
        blocks.push(block);
        rows += block.rows.length;
        if (rows >= MESSAGE_ROWS) return { next, body: { kind: 'data', blocks } };
      }
    }
    return blocks.length > 0 ? { next, body: { kind: 'data', blocks } } : { next };
  }

  private async blockFor(topic: TopicDef, record: Extract<LogRecord, { kind: 'data' }>): Promise<Block | undefined> {
    if (topic.type === 'db') return record.block;
    if (topic.type === 'stable') {
      if (record.stable !== topic.table) return undefined;
      if (!topic.tagCondition) return record.block;
      return (await this.tagMatch(topic, record.table)) ? record.block : undefined;
    }
    // a query topic reads one table: a super table (its children's records) or a child or normal table
    if (record.table !== topic.table && (record.stable === undefined || record.stable !== topic.table)) return undefined;
    return this.queryBlock(topic, record);
  }

  private async tagMatch(topic: TopicDef, table: string): Promise<boolean> {
    const key = `${topic.db}\u0000${topic.name}\u0000${table}`;
    const known = this.tagMatches.get(key);
    if (known !== undefined) return known;
    const sql = `SELECT TAGS tbname FROM ${quoteName(topic.db)}.${quoteName(topic.table!)} WHERE (${topic.tagCondition}) AND tbname = ${quoteText(table)}`;
    const result = await this.runSql(sql, topic.owner, topic.db);
    const match = result.kind === 'rows' && result.rows.length > 0;
    this.tagMatches.set(key, match);
    return match;
  }

  /** A query topic's rows for one log record: the topic's SELECT over the record's table and timestamps. */
  private async queryBlock(topic: TopicDef, record: Extract<LogRecord, { kind: 'data' }>): Promise<Block | undefined> {
    const entry = this.catalog.database(topic.db);
    const columns = record.stable !== undefined ? entry.stables[record.stable]?.columns : entry.tables[record.table]?.columns;
    if (!columns) return undefined;
    const table = { name: record.table, stable: record.stable, columns };
    const span = (ts: string): string => `${ts} >= ${record.ts[0]} AND ${ts} <= ${record.ts[record.ts.length - 1]}`;
    const cond = record.stable === undefined ? span : (ts: string) => `tbname = ${quoteText(record.table)} AND ${span(ts)}`;
    const read = await topicRows(this, topic, [table], cond);
    if (!read) return undefined;
    const wanted = new Set(record.ts);
    return { tableName: record.table, stableName: record.stable, columns: read.columns, rows: read.rows.filter((_, i) => wanted.has(read.ts[i])) };
  }

  close(): void {
    this.off();
    if (this.timer) clearInterval(this.timer);
    for (const log of this.logs.values()) log.close();
  }
}
