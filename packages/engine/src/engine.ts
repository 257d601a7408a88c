import crypto from 'node:crypto';
import fs from 'node:fs';
import { admit } from './auth/clients';
import { verifyPassword } from './auth/password';
import { visible } from './auth/privileges';
import { TokenSigner } from './auth/token';
import { Catalog, ROOT_PASSWORD, ROOT_USER } from './catalog/catalog';
import type { UserDef } from './catalog/model';
import { TdCode, TdError } from './errors';
import { alterTable, alterStable } from './exec/alter';
import type { DropGuard, ExecContext } from './exec/context';
import {
  alterDatabase,
  checkpointDatabase,
  createDatabase,
  dropDatabase,
  showCreateDatabase,
  useDatabase,
} from './exec/database';
import { deleteRows } from './exec/delete';
import { describe, showCreateTable } from './exec/describe';
import { insert } from './exec/insert';
import {
  createChildTables,
  createNormalTable,
  createStable,
  createView,
  dropStable,
  dropTables,
  dropView,
} from './exec/tables';
import { alterUser, createUser, dropUser, grantOrRevoke } from './exec/users';
import { affected, type ResultSet, type StatementResult } from './format/result';
import { LimitsFile, type Limits } from './limits/limits';
import { QueryLayer } from './query';
import { killQuery } from './query/system/running-queries';
import { parse, type QueryExpression, type ShowStatement, type Statement } from './sql';
import { physicalNames } from './storage/names';
import { loadChildren } from './storage/schema';
import { Storage } from './storage/storage';
import { Mutex } from './storage/mutex';
import { TableWriter } from './storage/table-writer';
import { WriteEvents } from './storage/write-events';
import { applyPoints } from './schemaless/apply';
import { StreamManager } from './streams/manager';
import type { LineBatch } from './schemaless/line-protocol/columnar';
import { ParsePool } from './schemaless/line-protocol/parse-pool';
import type { Point } from './schemaless/types';
import { ConsumerGroups } from './topics/consumers';
import { TopicManager } from './topics/topics';
import { KEEP_EXPIRY_INTERVAL_MS, KeepExpiry } from './retention/keep-expiry';

export type { ResultSet, StatementResult, AffectedRows, ResultColumn } from './format/result';

/**
 * What the query layer (src/query, SELECT/SHOW/information_schema) receives for one statement.
 * Physical layout: docs/engine-storage.md.
 */
export interface QueryContext {
  catalog: Catalog;
  /** `storage.query(sql, params)` on a pooled read connection; `storage.withReadConnection(fn)` for DuckDB's API */
  storage: Storage;
  names: typeof physicalNames;
  /** current database, if any */
  db?: string;
  user: UserDef;
  /** connection time zone (conn_tz); output formatting is the REST layer's */
  tz?: string;
  /** one instant per statement (ms since epoch) */
  nowMs: number;
  /** the statement's SQL text */
  sql: string;
  /** whether `user` may see database `db` (ins_databases filtering) */
  canSee(db: string): boolean;
  /** topics and consumer groups (ins_topics, ins_consumers, ins_subscriptions) */
  tmq?: { topics: TopicManager; consumers: ConsumerGroups };
  /** the instance's limits (result rows, FILL windows, query timeout: limits/limits.ts queryLimits) */
  limits: Limits;
  /** aborts the query (KILL QUERY, timeout, client gone) with a TdError as its reason */
  signal?: AbortSignal;
}

/** Implemented by the query layer: SELECT/UNION and every SHOW except SHOW CREATE DATABASE/STABLE/TABLE. */
export interface QueryExecutor {
  execute(ctx: QueryContext, statement: QueryExpression | ShowStatement): Promise<ResultSet>;
  /** binds and plans a query without running it (names, columns, the user's read privileges) */
  check?(ctx: QueryContext, statement: QueryExpression): Promise<void>;
}

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

/** The TDengine-compatible engine: parses a statement, checks privileges, runs it on the catalog and DuckDB. */
export class Engine {
  readonly stats: EngineStats = { statements: 0, inserts: 0, rowsWritten: 0, queries: 0, errors: 0 };
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
  /** line-protocol bodies decoded and parsed in worker threads (schemaless/line-protocol/parse-pool.ts) */
  readonly lineParser = new ParsePool();
  /** "user\nsha256(password)" → the password hash it was verified against */
  private readonly verified = new Map<string, string>();

  private constructor(
    readonly dataDir: string,
    readonly catalog: Catalog,
    readonly storage: Storage,
    private readonly writer: TableWriter,
    private readonly limitsFile: LimitsFile,
    private readonly tokens: TokenSigner,
  ) {}

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
    const engine = new Engine(options.dataDir, catalog, storage, new TableWriter(storage, new WriteEvents()), limitsFile, TokenSigner.open(options.dataDir));
    engine.queryExecutor = options.queryExecutor ?? new QueryLayer();
    engine.topics = TopicManager.open({
      dataDir: options.dataDir,
      catalog,
      limits: () => engine.limits,
      runSql: (sql, user, db) => engine.execute(sql, { user, db }),
      events: engine.writeEvents,
    });
    engine.consumers = new ConsumerGroups(engine.topics);
    engine.keepExpiry = new KeepExpiry(catalog, storage, engine.writeEvents);
    engine.keepExpiry.start(options.keepExpiryIntervalMs ?? KEEP_EXPIRY_INTERVAL_MS);
    engine.streams = new StreamManager(options.dataDir, catalog, engine.writeEvents, {
      run: (statement, user, db, sql, tz) => engine.executeStatement(statement, { user, db, tz }, sql),
      limits: () => engine.limits,
    });
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
    const u = this.catalog.findUser(user);
    if (!u || !u.enable) throw new TdError(TdCode.AUTH_FAILURE, 'Authentication failure');
    // scrypt costs tens of ms: remember pairs already verified against the user's current hash.
    const key = `${user}\n${crypto.createHash('sha256').update(password).digest('hex')}`;
    if (this.verified.get(key) !== u.password) {
      if (!verifyPassword(password, u.password)) throw new TdError(TdCode.AUTH_FAILURE, 'Authentication failure');
      if (this.verified.size > 1000) this.verified.clear();
      this.verified.set(key, u.password);
    }
    // the client's address against the user's white list (0x0134), and its entry in perf_connections
    admit(this.catalog, u);
    return u;
  }

  /** GET /rest/login: a token for `Taosd`/`Bearer` authorization. */
  loginToken(user: string, password: string): string {
    const u = this.authenticate(user, password);
    return this.tokens.sign(u.name, u.password);
  }

  /** The user a token names, if the token is valid for that user's current password (0x0134 outside its white list). */
  userFromToken(token: string): UserDef | undefined {
    const name = this.tokens.userOf(token);
    const u = name ? this.catalog.findUser(name) : undefined;
    if (!u || !u.enable || !this.tokens.verify(token, u.name, u.password)) return undefined;
    admit(this.catalog, u);
    return u;
  }

  /** Parses and runs one statement as `options.user`. Errors are TdErrors. */
  async execute(sql: string, options: ExecuteOptions): Promise<StatementResult> {
    const statement = parse(sql);
    return this.executeStatement(statement, options, sql);
  }

  async executeStatement(statement: Statement, options: ExecuteOptions, sql = ''): Promise<StatementResult> {
    const ctx = this.contextFor(options, sql);
    this.stats.statements++;
    ctx.runQuery = (q, db) => this.runQuery(db === undefined ? ctx : { ...ctx, db }, q, sql);
    try {
      const result = await this.dispatch(ctx, statement, sql);
      if (SCHEMA_STATEMENTS.has(statement.kind)) this.announceSchema(ctx, statement, sql);
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

  private contextFor(options: ExecuteOptions, sql: string): ExecContext {
    if (this.closed) throw new TdError(TdCode.UNKNOWN, 'engine is closed');
    const user = this.catalog.findUser(options.user);
    if (!user || !user.enable) throw new TdError(TdCode.AUTH_FAILURE, 'Authentication failure');
    return { catalog: this.catalog, storage: this.storage, writer: this.writer, user, db: options.db, tz: options.tz, nowMs: Date.now(), sql, signal: options.signal, dropGuard: this.dropGuard };
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
      const rows = await applyPoints(ctx, db, points, { tableNameKey, ddl: (fn) => this.ddlLock.run(fn) });
      this.stats.inserts++;
      this.stats.rowsWritten += rows;
      return rows;
    } catch (error) {
      this.stats.errors++;
      throw error;
    }
  }

  private runQuery(ctx: ExecContext, statement: QueryExpression | ShowStatement, sql: string): Promise<ResultSet> {
    if (!this.queryExecutor) throw new TdError(TdCode.UNSUPPORTED, 'Operation not supported: queries need the query layer');
    this.stats.queries++;
    return this.queryExecutor.execute(this.queryContext(ctx, sql), statement);
  }

  private queryContext(ctx: ExecContext, sql: string): QueryContext {
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
      tmq: { topics: this.topics, consumers: this.consumers },
      limits: this.limits,
      signal: ctx.signal,
    };
  }

  /**
   * CREATE VIEW: TDengine translates the view's query when the view is created, as its creator
   * (parTranslater.c translateCreateView), so a table the creator may not read (9796), or a missing table or column,
   * refuses the view. Unqualified names are the view's database's, as when the view is read.
   */
  private async createView(ctx: ExecContext, s: Extract<Statement, { kind: 'createView' }>, sql: string): Promise<StatementResult> {
    await this.queryExecutor?.check?.(this.queryContext({ ...ctx, db: s.name.db?.name ?? ctx.db }, sql), s.query);
    return this.ddl(() => createView(ctx, s));
  }

  private async dispatch(ctx: ExecContext, s: Statement, sql: string): Promise<StatementResult> {
    switch (s.kind) {
      case 'select':
      case 'union':
        return this.runQuery(ctx, s, sql);
      case 'show':
        if (s.object === 'createDatabase') return showCreateDatabase(ctx, s.name);
        if (s.object === 'createStable' || s.object === 'createTable') return showCreateTable(ctx, s.name, s.object === 'createStable');
        return this.runQuery(ctx, s, sql);
      case 'insert':
        return insert(ctx, s);
      case 'delete':
        return deleteRows(ctx, s);
      case 'createDatabase':
        return this.ddl(() => createDatabase(ctx, s));
      case 'alterDatabase':
        return this.ddl(() => {
          this.topics.checkAlterDatabase(s);
          return alterDatabase(ctx, s);
        });
      case 'dropDatabase':
        return this.ddl(() => dropDatabase(ctx, s));
      case 'use':
        return useDatabase(ctx, s.name);
      case 'flushDatabase':
      case 'trimDatabase':
      case 'compactDatabase':
        return checkpointDatabase(ctx, s.name);
      case 'createStable':
        return this.ddl(() => createStable(ctx, s));
      case 'createTable':
        return this.ddl(() => createNormalTable(ctx, s));
      case 'createChildTables':
        return this.ddl(() => createChildTables(ctx, s));
      case 'alterStable':
        return this.ddl(() => alterStable(ctx, s));
      case 'alterTable':
        return this.ddl(() => alterTable(ctx, s));
      case 'dropTable':
        return this.ddl(() => dropTables(ctx, s));
      case 'dropStable':
        return this.ddl(() => dropStable(ctx, s));
      case 'createView':
        return this.createView(ctx, s, sql);
      case 'dropView':
        return this.ddl(() => dropView(ctx, s));
      case 'describe':
        return describe(ctx, s.name);
      case 'createUser':
        return createUser(ctx, s);
      case 'alterUser':
        return alterUser(ctx, s);
      case 'dropUser':
        return dropUser(ctx, s);
      case 'grant':
      case 'revoke':
        return grantOrRevoke(ctx, s);
      case 'createStream':
        return this.streams.create(ctx, s, sql);
      case 'dropStream':
        return this.streams.drop(ctx, s);
      case 'pauseStream':
        return this.streams.pause(ctx, s);
      case 'resumeStream':
        return this.streams.resume(ctx, s);
      case 'createTopic':
        return this.ddl(() => this.topics.create(ctx.user, s, sql, ctx.db));
      case 'dropTopic':
        return this.ddl(() => this.topics.drop(ctx.user, s));
      case 'dropConsumerGroup':
        return this.ddl(() => this.topics.dropConsumerGroup(ctx.user, s));
      case 'kill':
        if (s.target !== 'query') throw new TdError(TdCode.UNSUPPORTED, `Operation not supported: KILL ${s.target.toUpperCase()}`);
        killQuery(this.catalog, ctx.user, s.id);
        return affected(0);
      default:
        throw new TdError(TdCode.UNSUPPORTED, `Operation not supported: ${s.kind}`);
    }
  }

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
