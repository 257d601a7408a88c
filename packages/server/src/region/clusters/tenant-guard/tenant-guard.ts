import { quoteName, quoteText } from '@tscloud/contracts/sql';
import {
  checkDatabaseCeilings,
  checkLimit,
  databaseReferences,
  parse,
  renameEdit,
  spliceEdits,
  SIMPLE_SHOW_SOURCES,
  SYSTEM_DBS,
  TdCode,
  TdError,
  type Identifier,
  type Limits,
  type Statement,
  type SystemDb,
  type TableRef,
  type TextEdit,
} from 'tscloud-engine';
import type { TenantNamespace } from './namespace';
import { systemTableView, tenantReadable } from './system-views';

/** The columns of a cluster's system table in its own order (its DESCRIBE, kept per cluster); null when it has none. */
export interface SystemColumns {
  columnsOf(db: SystemDb, table: string): Promise<readonly string[] | null>;
}

export interface GuardContext {
  ns: TenantNamespace;
  systemColumns: SystemColumns;
  /**
   * The plan's counts and database ceilings (decision 5: TDengine has no per-tenant quota), checked before a CREATE
   * adds one, with the engine's own refusal; `count` answers a COUNT(*) statement on the cluster.
   */
  limits?: { limits: Limits; count(sql: string): Promise<number> };
}

/** A tenant's statement as it goes to the shared cluster. */
export interface GuardedStatement {
  sql: string;
  /** The REST call's default database (`/rest/sql/{db}`) on the cluster. */
  db: string | undefined;
  /** SHOW CREATE answers with statement texts that name the cluster's databases: take the prefix off their cells. */
  stripResultText: boolean;
  /** A CREATE or DROP DATABASE: the namespace's users' grants follow once it passed. */
  changesDatabases: boolean;
  /** What the instance's monitoring counts of it, as our engine counts its own (inserts, queries: engine.ts stats). */
  counted: 'insert' | 'query' | null;
}

const QUERY_KINDS = new Set<Statement['kind']>(['select', 'union', 'explain', 'show']);
const countedAs = (kind: Statement['kind']): GuardedStatement['counted'] => (kind === 'insert' ? 'insert' : QUERY_KINDS.has(kind) ? 'query' : null);

/** What TDengine answers a user who reaches for what is not theirs (0x0303). */
function refused(): TdError {
  return new TdError(TdCode.INSUFFICIENT_PRIVILEGE, 'Insufficient privilege for operation');
}

const isSystemDb = (name: string | undefined): name is SystemDb => name !== undefined && (SYSTEM_DBS as readonly string[]).includes(name);

/**
 * Statements about the cluster's users and sessions: instance users are made, granted and dropped by the console
 * (decision 6), and a KILL could name another tenant's query.
 */
const REFUSED_KINDS = new Set<Statement['kind']>(['createUser', 'alterUser', 'dropUser', 'grant', 'revoke', 'kill']);

/**
 * SHOW forms over one system table, answered by the namespace's view of it with the columns TDengine's SHOW answers:
 * the engine's own list of them, and SHOW DATABASES (`name` only on 3.3.7). A SHOW whose table a tenant may not read
 * (dnodes, cluster, grants, transactions…) is refused with it.
 */
function showSource(object: string): { db: SystemDb; table: string; columns?: readonly string[] } | undefined {
  if (object === 'databases') return { db: 'information_schema', table: 'ins_databases', columns: ['name'] };
  return (SIMPLE_SHOW_SOURCES as Record<string, { db: SystemDb; table: string; columns?: readonly string[] } | undefined>)[object];
}

/** SHOW forms about one database, a table or the functions: their names are mapped like any other statement's. */
const SHOW_PASSED = new Set([
  'stables',
  'tables',
  'views',
  'vgroups',
  'dbAlive',
  'dbDiskInfo',
  'createDatabase',
  'createStable',
  'createTable',
  'createView',
  'tableTags',
  'tags',
  'indexes',
  'tableDistributed',
]);

/**
 * The tenant SQL guard (docs/clusters.md, decision 4): a statement of an instance on a shared TDengine cluster,
 * rewritten so that it reaches only the instance's namespace, or refused. Parsed by the engine's parser with spans;
 * names are written where they stood, so what runs is the user's statement with only names changed:
 * - databases, topics and streams become `<ns>_<name>` (system databases stay);
 * - a system table is replaced, where it stands, by a SELECT that keeps the namespace's rows and gives its names back
 *   without the prefix; a system table about the cluster itself is refused;
 * - SHOW forms over cluster-wide tables become that SELECT; user, grant and KILL statements are refused.
 * What the parser cannot read is refused with its syntax error: nothing unread reaches the cluster.
 */
export async function guardStatement(sql: string, db: string | undefined, context: GuardContext): Promise<GuardedStatement> {
  const { ns } = context;
  const statement = parse(sql, { spans: true });
  const clusterDb = db === undefined || db === '' || isSystemDb(db) ? db : ns.own(db);
  if (REFUSED_KINDS.has(statement.kind)) throw refused();
  if (statement.kind === 'show') {
    if (statement.object === 'databases' && statement.scope === 'system') return { sql, db: clusterDb, stripResultText: false, changesDatabases: false, counted: 'query' };
    // 3.3.7's SHOW [db.]STREAMS lists one database's streams (its name mapped like any other); a classic cluster's lists all.
    const ofDatabase = statement.object === 'streams' && (statement.db !== undefined || (await streamsInDatabases(context)));
    const shown = ofDatabase ? undefined : showSource(statement.object);
    if (shown) {
      const view = await viewOf(shown.db, shown.table, context, { withSystem: statement.object === 'databases' && statement.scope !== 'user', only: shown.columns });
      return { sql: view, db: clusterDb, stripResultText: false, changesDatabases: false, counted: 'query' };
    }
    if (!SHOW_PASSED.has(statement.object) && !ofDatabase) throw refused();
  }
  if (context.limits) await checkPlanLimits(statement, context.limits, context);
  const edits: TextEdit[] = [];
  for (const ref of tableRefs(statement)) {
    const refDb = ref.name.db?.name ?? db;
    if (!isSystemDb(refDb)) continue;
    const start = (ref.name.db ?? ref.name.name).span!.start;
    const view = await viewOf(refDb, ref.name.name.name, context, { withSystem: true });
    // Named as the table was, so `ins_tables.db_name` still reads; an alias the user wrote follows the edit.
    edits.push({ start, end: ref.name.name.span!.end, text: ref.alias ? `(${view})` : `(${view}) ${quoteName(ref.name.name.name)}` });
  }
  for (const id of databaseReferences(statement)) if (!isSystemDb(id.name)) edits.push(renameEdit(id, ns.own(id.name)));
  for (const id of await clusterWideNames(statement, context)) edits.push(renameEdit(id, ns.own(id.name)));
  const stripResultText = statement.kind === 'show' && statement.object.startsWith('create');
  const changesDatabases = statement.kind === 'createDatabase' || statement.kind === 'dropDatabase';
  return { sql: spliceEdits(sql, edits), db: clusterDb, stripResultText, changesDatabases, counted: countedAs(statement.kind) };
}

async function viewOf(db: SystemDb, table: string, context: GuardContext, options: { withSystem: boolean; only?: readonly string[] }): Promise<string> {
  if (!tenantReadable(table)) throw refused();
  const described = await context.systemColumns.columnsOf(db, table);
  const columns = described && options.only ? described.filter((column) => options.only!.includes(column)) : described;
  // A table the cluster's version lacks: refused rather than sent unfiltered.
  const view = columns && systemTableView(db, table, columns, context.ns, options);
  if (!view) throw refused();
  return view;
}

/** What a CREATE counts against, and the system table that counts the namespace's ones (by its name column). */
const COUNTED: Partial<Record<Statement['kind'], { limit: 'maxDatabases' | 'maxStables' | 'maxTopics' | 'maxStreams'; table: string; column: string }>> = {
  createDatabase: { limit: 'maxDatabases', table: 'ins_databases', column: 'name' },
  createStable: { limit: 'maxStables', table: 'ins_stables', column: 'db_name' },
  createTopic: { limit: 'maxTopics', table: 'ins_topics', column: 'topic_name' },
  createStream: { limit: 'maxStreams', table: 'ins_streams', column: 'stream_name' },
  createTriggerStream: { limit: 'maxStreams', table: 'ins_streams', column: 'stream_name' },
};

async function checkPlanLimits(statement: Statement, planLimits: NonNullable<GuardContext['limits']>, context: GuardContext): Promise<void> {
  const { ns } = context;
  if (statement.kind === 'createDatabase' || statement.kind === 'alterDatabase') checkDatabaseCeilings(statement, planLimits.limits);
  const counted = COUNTED[statement.kind];
  if (!counted || planLimits.limits[counted.limit] === undefined) return;
  // CREATE DATABASE IF NOT EXISTS of one it has adds none.
  if (statement.kind === 'createDatabase' && statement.ifNotExists) {
    const named = `SELECT COUNT(*) FROM information_schema.ins_databases WHERE name = ${quoteText(ns.own(statement.name.name))}`;
    if ((await planLimits.count(named)) > 0) return;
  }
  // 3.3.7's streams belong to databases (ins_streams.db_name) and their own names carry no prefix
  const byDatabase = counted.table === 'ins_streams' && (await streamsInDatabases(context));
  const column = quoteName(byDatabase ? 'db_name' : counted.column);
  const current = await planLimits.count(
    `SELECT COUNT(*) FROM information_schema.${counted.table} WHERE substr(${column}, 1, ${ns.prefix.length}) = ${quoteText(ns.prefix)}`,
  );
  checkLimit(planLimits.limits, counted.limit, current);
}

/** Every table named in FROM, at any depth (subqueries, joins, unions, EXPLAIN, INSERT … SELECT, topics, streams, views). */
function tableRefs(statement: Statement): TableRef[] {
  const found: TableRef[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    // a 3.3.7 stream's `%%trows` / `%%tbname` names no table
    if (record.type === 'table' && !record.placeholder && typeof record.name === 'object' && record.name !== null && 'name' in record.name) found.push(node as TableRef);
    for (const key of Object.keys(record)) if (key !== 'span') visit(record[key]);
  };
  visit(statement);
  return found;
}

/**
 * Whether the cluster's streams belong to databases (TDengine 3.3.7's stream model: ins_streams has `db_name`), as
 * its own DESCRIBE of ins_streams says; a classic cluster (3.0–3.3.6) names its streams cluster-wide.
 */
async function streamsInDatabases(context: GuardContext): Promise<boolean> {
  const columns = await context.systemColumns.columnsOf('information_schema', 'ins_streams');
  return columns?.includes('db_name') ?? false;
}

/**
 * Topic and classic stream names: one namespace for the whole cluster in TDengine, so they carry the prefix too. A
 * 3.3.7 stream is its database's (`db.s`, or the current database's): the database is renamed (databaseReferences,
 * the request's database) and the stream's own name stays. An unqualified DROP STREAM is read by the cluster's model.
 */
async function clusterWideNames(statement: Statement, context: GuardContext): Promise<Identifier[]> {
  switch (statement.kind) {
    case 'createTopic':
    case 'dropTopic':
    case 'createStream':
    case 'pauseStream':
    case 'resumeStream':
      return [statement.name];
    case 'dropStream':
      return statement.db || (await streamsInDatabases(context)) ? [] : [statement.name];
    case 'dropConsumerGroup':
      return [statement.topic];
    default:
      return [];
  }
}
