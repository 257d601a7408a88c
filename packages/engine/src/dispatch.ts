import { TdCode, TdError } from './errors';
import { alterTable, alterStable } from './exec/alter';
import type { ExecContext } from './exec/context';
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
import { createIndex, dropIndex } from './exec/tag-indexes';
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
import { describeSystemTable, isSystemDb, killQuery } from './query';
import type { ExplainStatement, QueryExpression, ShowStatement, Statement } from './sql';
import type { StreamManager } from './streams/manager';
import { refuseTriggerStream, requireDatabase } from './streams/trigger-streams';
import type { TopicManager } from './topics/topics';

/** What the statement dispatch runs statements with; the engine (src/engine.ts) provides it. */
export interface StatementHost {
  readonly streams: StreamManager;
  readonly topics: TopicManager;
  /** SELECT/UNION, EXPLAIN and the SHOWs of the query layer */
  runQuery(ctx: ExecContext, statement: QueryExpression | ShowStatement | ExplainStatement, sql: string): Promise<ResultSet>;
  /** binds and plans a query without running it (CREATE VIEW) */
  checkQuery(ctx: ExecContext, query: QueryExpression, sql: string): Promise<void>;
  /** runs a schema change under the engine's DDL lock, one at a time */
  ddl(fn: () => Promise<StatementResult> | StatementResult): Promise<StatementResult>;
}

/** Runs one parsed statement: the query layer for SELECT and SHOW, src/exec for the rest, streams and topics. */
export async function dispatchStatement(host: StatementHost, ctx: ExecContext, s: Statement): Promise<StatementResult> {
  switch (s.kind) {
    case 'select':
    case 'union':
      return host.runQuery(ctx, s, ctx.sql);
    case 'show':
      if (s.object === 'createDatabase') return showCreateDatabase(ctx, s.name);
      if (s.object === 'createStable' || s.object === 'createTable') return showCreateTable(ctx, s.name, s.object === 'createStable');
      // SHOW db.STREAMS (3.3.7): the engine's streams are the classic ones, of no database; the database must exist
      if (s.object === 'streams') requireDatabase(ctx, s.db);
      return host.runQuery(ctx, s, ctx.sql);
    case 'insert':
      return insert(ctx, s);
    case 'delete':
      return deleteRows(ctx, s);
    case 'createDatabase':
      return host.ddl(() => createDatabase(ctx, s));
    case 'alterDatabase':
      return host.ddl(() => {
        host.topics.checkAlterDatabase(s);
        return alterDatabase(ctx, s);
      });
    case 'dropDatabase':
      return host.ddl(() => dropDatabase(ctx, s));
    case 'use':
      return useDatabase(ctx, s.name);
    case 'flushDatabase':
    case 'trimDatabase':
    case 'compactDatabase':
      return checkpointDatabase(ctx, s.name);
    case 'createStable':
      return host.ddl(() => createStable(ctx, s));
    case 'createTable':
      return host.ddl(() => createNormalTable(ctx, s));
    case 'createChildTables':
      return host.ddl(() => createChildTables(ctx, s));
    case 'alterStable':
      return host.ddl(() => alterStable(ctx, s));
    case 'alterTable':
      return host.ddl(() => alterTable(ctx, s));
    case 'dropTable':
      return host.ddl(() => dropTables(ctx, s));
    case 'dropStable':
      return host.ddl(() => dropStable(ctx, s));
    case 'createIndex':
      return host.ddl(() => createIndex(ctx, s));
    case 'dropIndex':
      return host.ddl(() => dropIndex(ctx, s));
    case 'createView':
      return createViewChecked(host, ctx, s, ctx.sql);
    case 'dropView':
      return host.ddl(() => dropView(ctx, s));
    case 'describe':
      if (s.name.db && isSystemDb(s.name.db.name)) return describeSystemTable(ctx.user, s.name.db.name, s.name.name.name);
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
      return host.streams.create(ctx, s, ctx.sql);
    case 'createTriggerStream':
      return refuseTriggerStream(ctx, s);
    // `db.s` (3.3.7's names): the database must exist; the engine's streams are the classic ones, named cluster-wide
    case 'dropStream':
      requireDatabase(ctx, s.db);
      return host.streams.drop(ctx, s);
    case 'startStream':
      requireDatabase(ctx, s.db);
      return host.streams.resume(ctx, { kind: 'resumeStream', ifExists: s.ifExists, ignoreUntreated: s.ignoreUntreated, name: s.name });
    case 'stopStream':
      requireDatabase(ctx, s.db);
      return host.streams.pause(ctx, { kind: 'pauseStream', ifExists: s.ifExists, name: s.name });
    case 'recalculateStream':
      requireDatabase(ctx, s.db);
      throw new TdError(TdCode.UNSUPPORTED, 'Operation not supported: RECALCULATE STREAM');
    case 'pauseStream':
      return host.streams.pause(ctx, s);
    case 'resumeStream':
      return host.streams.resume(ctx, s);
    case 'createTopic':
      return host.ddl(() => host.topics.create(ctx.user, s, ctx.sql, ctx.db));
    case 'dropTopic':
      return host.ddl(() => host.topics.drop(ctx.user, s));
    case 'dropConsumerGroup':
      return host.ddl(() => host.topics.dropConsumerGroup(ctx.user, s));
    case 'explain':
      return host.runQuery(ctx, s, ctx.sql);
    case 'kill':
      if (s.target !== 'query') throw new TdError(TdCode.UNSUPPORTED, `Operation not supported: KILL ${s.target.toUpperCase()}`);
      killQuery(ctx.catalog, ctx.user, s.id);
      return affected(0);
    default:
      // every statement kind is handled above; kept for statements the parser may learn later
      throw new TdError(TdCode.UNSUPPORTED, `Operation not supported: ${(s as { kind: string }).kind}`);
  }
}

/**
 * CREATE VIEW: TDengine translates the view's query when the view is created, as its creator
 * (parTranslater.c translateCreateView), so a table the creator may not read (9796), or a missing table or column,
 * refuses the view. Unqualified names are the view's database's, as when the view is read.
 */
async function createViewChecked(host: StatementHost, ctx: ExecContext, s: Extract<Statement, { kind: 'createView' }>, sql: string): Promise<StatementResult> {
  await host.checkQuery({ ...ctx, db: s.name.db?.name ?? ctx.db }, s.query, sql);
  return host.ddl(() => createView(ctx, s));
}
