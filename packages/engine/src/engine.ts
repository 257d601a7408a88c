import fs from 'node:fs';
import { Authenticator } from './auth/authenticator';
import { visible } from './auth/privileges';
import { TokenSigner } from './auth/token';
import { Catalog, ROOT_PASSWORD, ROOT_USER } from './catalog/catalog';
import type { UserDef } from './catalog/model';
import { dispatchStatement, type StatementHost } from './dispatch';
import { TdCode, TdError } from './errors';
import type { DropGuard, ExecContext } from './exec/context';
import type { ResultSet, StatementResult } from './format/result';
import { LimitsFile, type Limits } from './limits/limits';
import { QueryLayer, type ObjectRows, type QueryContext, type QueryExecutor, type RowSink } from './query';
import { parse, type ExplainStatement, type QueryExpression, type ShowStatement, type Statement } from './sql';
import { physicalNames } from './storage/names';
import { loadChildren } from './storage/schema';
import { Storage } from './storage/storage';
import { Mutex } from './storage/mutex';
import { TableWriter } from './storage/table-writer';
import { WriteEvents } from './storage/write-events';
import { Representatives } from './storage/aggregates/representatives';
import { TimeBuckets } from './storage/aggregates/buckets/time-buckets';
import { applyPoints } from './schemaless/apply';
import { StreamManager } from './streams/manager';
import type { LineBatch } from './schemaless/line-protocol/columnar';
import { ParsePool } from './schemaless/line-protocol/parse-pool';
import { InsertParser, restBodyText } from './workers/insert-parser';
import type { Slab } from './schemaless/line-protocol/slabs';
import type { LineBatchCounts, Point } from './schemaless/types';
import { ConsumerGroups } from './topics/consumers';
import { topicObjectRows } from './topics/system-rows';
import { TopicManager } from './topics/topics';
import { KEEP_EXPIRY_INTERVAL_MS, KeepExpiry } from './retention/keep-expiry';

export type { ResultSet, StatementResult, AffectedRows, ResultColumn } from './format/result';

export type { QueryContext, QueryExecutor, RowSink } from './query';

export interface EngineOptions {
  dataDir: string;
  /** Limits given in code win over DIR/limits.json (which is then not watched). */
  limits?: Limits;
  /** the superuser created with a new catalog (default root / taosdata) */
  admin?: { user: string; password: string };
  queryExecutor?: QueryExecutor;
  /** how often rows older than KEEP are deleted (ms; 0 = never, default 60 s; see src/retention) */
  keepExpiryIntervalMs?: number;
}

export interface ExecuteOptions {
  db?: string;
  user: string;
  /** connection time zone (REST `conn_tz`): reading zone-less time strings */
  tz?: string;
  /** aborted when the caller no longer wants the answer (REST client disconnected): a running query stops */
  signal?: AbortSignal;
}

/** Counters for GET /-/stats and monitoring. */
export interface EngineStats {
  statements: number;
  inserts: number;
  rowsWritten: number;
  queries: number;
  errors: number;
}

/** Statements announced as schema events (storage/write-events.ts). */
const SCHEMA_STATEMENTS = new Set(['createDatabase', 'alterDatabase', 'dropDatabase', 'createStable', 'createTable', 'createChildTables', 'alterStable', 'alterTable', 'dropTable', 'dropStable']);

/**
 * The TDengine-compatible engine: wires the catalog, storage, query layer, streams, topics and retention together and
 * runs statements through the dispatch (src/dispatch.ts). Layers and their import order: docs/workspace.md.
 */
export class Engine {
  readonly stats: EngineStats = { statements: 0, inserts: 0, rowsWritten: 0, queries: 0, errors: 0 };
  /** line-protocol batches this engine wrote column-major and handed to the row-by-row path (schemaless/apply-lines.ts) */
  readonly lineBatches: LineBatchCounts = { fast: 0, fallback: 0 };
  private queryExecutor?: QueryExecutor;
  private closed = false;
  /**
   * Schema changes run one at a time: each reads a definition, changes DuckDB, then writes the definition back, so
   * two concurrent ALTERs of one table would otherwise lose one change. DDL is rare; INSERTs never take this lock.
   */
  private readonly ddlLock = new Mutex();
  /** CREATE/DROP/PAUSE/RESUME STREAM and the streams' upkeep (src/streams) */
  streams!: StreamManager;
  /** CREATE/DROP TOPIC, the change log and consumer groups (src/topics, docs/engine-tmq.md) */
  topics!: TopicManager;
  consumers!: ConsumerGroups;
  /** background deletion of rows older than KEEP (`keepExpiry.runOnce()` triggers a pass) */
  keepExpiry!: KeepExpiry;
  /**
   * Representative rows per data table for picking aggregates (storage/aggregates/representatives.ts); undefined
   * makes every query scan (the query benchmark's before/after).
   */
  representatives?: Representatives;
  /**
   * Per-minute pre-aggregates per data table for COUNT/SUM/AVG/MIN/MAX/SPREAD over whole minutes
   * (storage/aggregates/buckets/time-buckets.ts); undefined makes those queries scan.
   */
  timeBuckets?: TimeBuckets;
  /** line-protocol bodies decoded and parsed in worker threads (schemaless/line-protocol/parse-pool.ts) */
  readonly lineParser = new ParsePool();
  /** large INSERT statements parsed in the same workers (workers/insert-parser.ts) */
  private readonly insertParser = new InsertParser(this.lineParser.workers);
  /** name/password pairs and REST tokens (src/auth/authenticator.ts) */
  private readonly auth: Authenticator;
  /** the system-table rows of topics, consumers and streams (query/context.ts ObjectRows) */
  private objectRows!: ObjectRows;
  /** what the statement dispatch runs statements with (dispatch.ts) */
  private host!: StatementHost;

  private constructor(
    readonly dataDir: string,
    readonly catalog: Catalog,
    readonly storage: Storage,
    private readonly writer: TableWriter,
    private readonly limitsFile: LimitsFile,
    tokens: TokenSigner,
  ) {
    this.auth = new Authenticator(catalog, tokens);
  }

  static async open(options: EngineOptions): Promise<Engine> {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const limitsFile = LimitsFile.load(options.dataDir, options.limits);
    const storage = await Storage.open(options.dataDir, limitsFile.limits);
    const catalog = Catalog.open(options.dataDir, () => limitsFile.limits, options.admin ?? { user: ROOT_USER, password: ROOT_PASSWORD });
    for (const db of catalog.databases()) {
      await storage.attach(db.name);
      for (const child of await loadChildren(storage, db.name, Object.values(db.stables))) catalog.registerChild(db.name, child);
      catalog.resetTids(db.name);
    }
    storage.walOptions = (db) => catalog.findDatabase(db)?.options;
    const writer = new TableWriter(storage, new WriteEvents());
    // writes answered by a run that ended before DuckDB committed them (storage/write-buffer/)
    for (const db of catalog.databases()) await writer.recover(db.name);
    const engine = new Engine(options.dataDir, catalog, storage, writer, limitsFile, TokenSigner.open(options.dataDir));
    engine.queryExecutor = options.queryExecutor ?? new QueryLayer();
    engine.topics = TopicManager.open({
      dataDir: options.dataDir,
      catalog,
      limits: () => engine.limits,
      runSql: (sql, user, db) => engine.execute(sql, { user, db }),
      events: engine.writeEvents,
    });
    engine.consumers = new ConsumerGroups(engine.topics);
    engine.representatives = new Representatives(storage, engine.writeEvents);
    engine.timeBuckets = new TimeBuckets(storage, engine.writeEvents);
    engine.keepExpiry = new KeepExpiry(catalog, storage, engine.writeEvents);
    engine.keepExpiry.start(options.keepExpiryIntervalMs ?? KEEP_EXPIRY_INTERVAL_MS);
    engine.streams = new StreamManager(options.dataDir, catalog, engine.writeEvents, {
      run: (statement, user, db, sql, tz) => engine.executeStatement(statement, { user, db, tz }, sql),
      limits: () => engine.limits,
    });
    engine.objectRows = { ...topicObjectRows(engine.topics, engine.consumers), streams: (ctx) => engine.streams.rows(ctx) };
    engine.host = {
      streams: engine.streams,
      topics: engine.topics,
      runQuery: (ctx, statement, sql) => engine.runQuery(ctx, statement, sql),
      checkQuery: (ctx, query, sql) => engine.checkQuery(ctx, query, sql),
      ddl: (fn) => engine.ddl(fn),
    };
    if (!options.limits) {
      limitsFile.onChange((l) => void storage.applyLimits(l).catch((e) => console.error('limits', e)));
      limitsFile.watch();
    }
    return engine;
  }

  /** Committed writes, deletes and schema changes (storage/write-events.ts), for topics and streams. */
  get writeEvents(): WriteEvents {
    return this.writer.events;
  }

  get limits(): Limits {
    return this.limitsFile.limits;
  }

  setQueryExecutor(executor: QueryExecutor): void {
    this.queryExecutor = executor;
  }

  /** The user for a name/password pair; 855 `Authentication failure` otherwise. */
  authenticate(user: string, password: string): UserDef {
    return this.auth.authenticate(user, password);
  }

  /** GET /rest/login: a token for `Taosd`/`Bearer` authorization. */
  loginToken(user: string, password: string): string {
    return this.auth.loginToken(user, password);
  }

  /** The user a token names, if the token is valid for that user's current password (0x0134 outside its white list). */
  userFromToken(token: string): UserDef | undefined {
    return this.auth.userFromToken(token);
  }

  /** Parses and runs one statement as `options.user`. Errors are TdErrors. */
  async execute(sql: string, options: ExecuteOptions): Promise<StatementResult> {
    const statement = (await this.insertParser.parse(sql)) ?? parse(sql);
    return this.executeStatement(statement, options, sql);
  }

  /**
   * A large POST /rest/sql body read into a slab (server/http-server.ts): run when a parse worker takes it as an INSERT
   * of VALUES, its text decoded on this thread only if an error message needs it; undefined when not taken (the
   * caller decodes the body and runs it as any statement).
   */
  async executeInsertBody(body: Uint8Array, slab: Slab, options: ExecuteOptions): Promise<StatementResult | undefined> {
    const statement = await this.insertParser.parseBody(body, slab);
    if (!statement) return undefined;
    let text: string | undefined;
    return this.executeStatement(statement, options, () => (text ??= restBodyText(body)));
  }

  /** `sql`: the statement's text, or a function that gives it when first asked (executeInsertBody). */
  async executeStatement(statement: Statement, options: ExecuteOptions, sql: string | (() => string) = ''): Promise<StatementResult> {
    const ctx = this.contextFor(options, sql);
    this.stats.statements++;
    ctx.runQuery = (q, db) => this.runQuery(db === undefined ? ctx : { ...ctx, db }, q, ctx.sql);
    try {
      const result = await dispatchStatement(this.host, ctx, statement);
      if (SCHEMA_STATEMENTS.has(statement.kind)) this.announceSchema(ctx, statement, ctx.sql);
      if (statement.kind === 'insert' && result.kind === 'affected') {
        this.stats.inserts++;
        this.stats.rowsWritten += result.affectedRows;
      }
      return result;
    } catch (error) {
      this.stats.errors++;
      throw error;
    }
  }

  private contextFor(options: ExecuteOptions, sql: string | (() => string)): ExecContext {
    if (this.closed) throw new TdError(TdCode.UNKNOWN, 'engine is closed');
    const user = this.catalog.findUser(options.user);
    if (!user || !user.enable) throw new TdError(TdCode.AUTH_FAILURE, 'Authentication failure');
    const ctx: ExecContext = { catalog: this.catalog, storage: this.storage, writer: this.writer, user, db: options.db, tz: options.tz, nowMs: Date.now(), sql: '', signal: options.signal, dropGuard: this.dropGuard };
    // a text given as a function is made when first read (error messages of an INSERT: executeInsertBody)
    if (typeof sql === 'function') Object.defineProperty(ctx, 'sql', { get: sql, enumerable: true });
    else ctx.sql = sql;
    return ctx;
  }

  /** Drops TDengine refuses while a topic reads the database or super table (0x03ED). */
  private readonly dropGuard: DropGuard = {
    database: (db) => this.topics.checkDropDatabase(db),
    stable: (db, stable) => this.topics.checkDropStable(db, stable),
  };

  /**
   * Schemaless writes (InfluxDB line protocol, OpenTSDB; src/schemaless): auto-creates and widens super tables under
   * the DDL lock, creates child tables and appends the rows through the writer. Returns the rows written.
   */
  async writePoints(user: string, db: string, points: Point[] | LineBatch, tableNameKey?: string): Promise<number> {
    const ctx = this.contextFor({ user, db }, '');
    try {
      const rows = await applyPoints(ctx, db, points, { tableNameKey, ddl: (fn) => this.ddlLock.run(fn), lineBatches: this.lineBatches });
      this.stats.inserts++;
      this.stats.rowsWritten += rows;
      return rows;
    } catch (error) {
      this.stats.errors++;
      throw error;
    }
  }

  /** SELECT/UNION, EXPLAIN and the query layer's SHOWs. */
  private runQuery(ctx: ExecContext, statement: QueryExpression | ShowStatement | ExplainStatement, sql: string): Promise<ResultSet> {
    const executor = this.queryExecutor;
    if (!executor) throw new TdError(TdCode.UNSUPPORTED, 'Operation not supported: queries need the query layer');
    this.stats.queries++;
    return executor.execute(this.queryContextOf(ctx, sql), statement);
  }

  /**
   * A query's whole result for an export (POST /rest/export), as `options.user` with their read privileges:
   * streamed to `sink` (CSV, JSON Lines) or written to a Parquet file. Anything but SELECT/UNION is refused.
   */
  async exportQuery(sql: string, options: ExecuteOptions, to: { sink: RowSink } | { parquetFile: string }): Promise<number | undefined> {
    const statement = parse(sql);
    if (statement.kind !== 'select' && statement.kind !== 'union') throw new TdError(TdCode.UNSUPPORTED, 'Only a query (SELECT) can be exported');
    const executor = this.queryExecutor;
    if (!executor?.stream || !executor.copyToParquet) throw new TdError(TdCode.UNSUPPORTED, 'Operation not supported: export needs the query layer');
    const ctx = this.queryContextOf(this.contextFor(options, sql), sql);
    this.stats.statements++;
    this.stats.queries++;
    try {
      if ('sink' in to) return await executor.stream(ctx, statement, to.sink);
      await executor.copyToParquet(ctx, statement, to.parquetFile);
      return undefined;
    } catch (error) {
      this.stats.errors++;
      throw error;
    }
  }

  /** Binds and plans a query without running it (CREATE VIEW). */
  private async checkQuery(ctx: ExecContext, query: QueryExpression, sql: string): Promise<void> {
    await this.queryExecutor?.check?.(this.queryContextOf(ctx, sql), query);
  }

  /** A QueryContext for `options.user`, as statements get one: for callers (tests, tools) that run the query layer directly. */
  queryContext(options: { user: string; db?: string; tz?: string; sql?: string }): QueryContext {
    return this.queryContextOf(this.contextFor(options, options.sql ?? ''), options.sql ?? '');
  }

  private queryContextOf(ctx: ExecContext, sql: string): QueryContext {
    const user = ctx.user;
    return {
      catalog: this.catalog,
      storage: this.storage,
      names: physicalNames,
      db: ctx.db,
      user,
      tz: ctx.tz,
      nowMs: ctx.nowMs,
      sql,
      canSee: (db) => visible(user, db, this.catalog.findDatabase(db)?.owner),
      objects: this.objectRows,
      limits: this.limits,
      signal: ctx.signal,
      representatives: this.representatives,
      timeBuckets: this.timeBuckets,
    };
  }

  /** A schema change under the DDL lock. */
  private ddl(fn: () => Promise<StatementResult> | StatementResult): Promise<StatementResult> {
    return this.ddlLock.run(async () => fn());
  }

  /** Announces a schema statement that succeeded (WITH META topics, streams). */
  private announceSchema(ctx: ExecContext, s: Statement, sql: string): void {
    if (!this.writer.events.active) return;
    type Named = { name?: { name: string; db?: { name: string } }; tables?: { name: { db?: { name: string } } }[] };
    const n = s as Named;
    const db = s.kind.endsWith('Database') ? n.name?.name : (n.name?.db?.name ?? n.tables?.[0]?.name.db?.name ?? ctx.db);
    this.writer.events.emit({ kind: 'schema', db, statement: s.kind, sql });
  }

  /** Checkpoints every database and closes DuckDB (graceful shutdown). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.keepExpiry.stop();
    await this.lineParser.close();
    this.consumers.close();
    this.topics.close();
    await this.streams.close();
    this.limitsFile.close();
    await this.storage.close();
  }
}
