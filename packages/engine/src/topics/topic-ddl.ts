import type { Catalog } from '../catalog/catalog';
import type { UserDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import { functionFamily } from '../query';
import { parse, type CreateTopicStatement, type SelectStatement } from '../sql';
import type { TopicDef } from './model';

const invalidQuery = (): TdError => new TdError(TdCode.PAR_INVALID_TOPIC_QUERY, 'Invalid topic query');

/** Function names called anywhere inside an AST value, and whether a query is nested in it. */
function scanExpressions(node: unknown, out = { functions: [] as string[], subquery: false }): typeof out {
  if (Array.isArray(node)) for (const n of node) scanExpressions(n, out);
  else if (node && typeof node === 'object') {
    const o = node as { type?: unknown; name?: unknown; kind?: unknown };
    if (o.type === 'function' && typeof o.name === 'string') out.functions.push(o.name);
    if (o.kind === 'select' || o.kind === 'union') out.subquery = true;
    for (const v of Object.values(node)) if (v && typeof v === 'object') scanExpressions(v, out);
  }
  return out;
}

/**
 * The topic a CREATE TOPIC statement defines, validated against the catalog (facts §3.1): the database must exist
 * and keep its WAL (WAL_RETENTION_PERIOD ≠ 0, error 0x038C); AS SELECT reads one table (super, child or normal) with
 * a projection and a filter only (no aggregates, windows, grouping, ordering, limits or subqueries: 0x2639 Invalid
 * topic query).
 */
export function defineTopic(catalog: Catalog, user: UserDef, stmt: CreateTopicStatement, sql: string, currentDb?: string): TopicDef {
  const base = { name: stmt.name.name, withMeta: stmt.withMeta, createTime: Date.now(), sql, owner: user.name };
  const source = stmt.source;
  const needDb = (name?: string): string => {
    const db = name ?? currentDb;
    if (!db) throw new TdError(TdCode.DB_NOT_SPECIFIED, 'Database not specified');
    const entry = catalog.findDatabase(db);
    if (!entry) throw TdError.dbNotExist();
    if (entry.options.walRetentionPeriod === 0) throw new TdError(TdCode.DB_RETENTION_PERIOD_ZERO, 'WAL retention period is zero');
    return db;
  };
  if (source.type === 'database') return { ...base, db: needDb(source.name.name), type: 'db' };
  if (source.type === 'stable') {
    const db = needDb(source.name.db?.name);
    const stable = catalog.database(db).stables[source.name.name.name];
    if (!stable) throw new TdError(TdCode.STABLE_NOT_EXIST, 'STable not exist');
    return { ...base, db, type: 'stable', table: stable.name, tagCondition: source.whereText };
  }
  const q = source.query;
  if (q.kind !== 'select' || !q.from || q.from.type !== 'table') throw invalidQuery();
  const s: SelectStatement = q;
  if (s.distinct || s.tags || s.partitionBy || s.window || s.groupBy || s.having || s.orderBy || s.limit || s.slimit || s.interp) {
    throw invalidQuery();
  }
  // a topic delivers rows of one table as they are written: scalar expressions only, no subquery (3.3.7.5's grammar has
  // none; the engine's query layer would run one, a topic cannot follow it)
  const scanned = scanExpressions([s.items, s.where]);
  if (scanned.subquery || scanned.functions.some((f) => functionFamily(f) !== 'scalar')) throw invalidQuery();
  if (stmt.withMeta) throw invalidQuery();
  const from = q.from;
  const db = needDb(from.name.db?.name);
  // any table: a super, child or normal table (3.3.7.5 takes a child table's name, 25_streams_topics#22)
  const found = catalog.table(db, from.name.name.name);
  const table = found.kind === 'stable' ? found.stable.name : found.kind === 'child' ? found.child.name : found.table.name;
  // the schema ins_topics shows is the query's result columns, filled in by TopicManager.create
  return { ...base, db, type: 'column', table, query: source.queryText };
}

/** Re-parses a topic's query (kept as text so the definition survives restarts). */
export function topicSelect(topic: TopicDef): SelectStatement {
  const stmt = parse(topic.query ?? '');
  if (stmt.kind !== 'select') throw invalidQuery();
  return stmt;
}
