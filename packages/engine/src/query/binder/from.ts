import type { Precision } from '../../catalog/db-options';
import { readCondition } from '../../auth/privileges';
import { TdCode, TdError } from '../../errors';
import { TBNAME_COLUMN, TID_COLUMN, normalDataName, quoteIdent, quoteString, stableDataName } from '../../storage/names';
import { parse, type QualifiedName, type QueryExpression, type TableSource } from '../../sql';
import type { TypeSpec } from '../../types';
import type { QueryContext } from '../context';
import type { TempTable } from '../exec/temp-table';
import type { ExplainNode } from './explain-node';
import { LEN } from '../system/columns';
import { systemRelation } from './system-source';
import { TBNAME, TID, type BoundFrom, type Relation, type SourceColumn } from './relation';

/** `tbname` in results: VARCHAR(270) as TDengine 3.3.7.5 reports it (not the 192 of a table name's storage). */
const TBNAME_TYPE: TypeSpec = { name: 'VARCHAR', length: LEN.TBNAME_RESULT };

/** A planned query used as a FROM item: its SQL and its result columns (with TDengine types). */
export interface PlannedSubquery {
  sql: string;
  columns: { name: string; type: TypeSpec }[];
  precision: Precision;
  explain?: ExplainNode;
}

export interface FromBinder {
  ctx: QueryContext;
  /** current database for unqualified names (a view's own database inside the view) */
  db?: string;
  /** whether tags/tbname are referenced anywhere (otherwise the tag table is not joined) */
  needsTags: boolean;
  planSubquery(query: QueryExpression, db: string | undefined): Promise<PlannedSubquery>;
  nextAlias(): string;
  /** registers a temporary table the plan's SQL reads */
  registerTemp(t: TempTable): void;
  /** SELECT TAGS: read only the tag table, one row per child table */
  tagsOnly?: boolean;
  /** tag-condition SQL from grants, to be added to WHERE (compiled by the caller) */
  grantConditions: { relation: Relation; condition: string }[];
}

export function resolveDbName(ctx: QueryContext, name: QualifiedName, current: string | undefined): string {
  const db = name.db?.name ?? current;
  if (!db) throw new TdError(TdCode.DB_NOT_SPECIFIED, 'Database not specified');
  return db;
}

const SYSTEM_DBS = new Set(['information_schema', 'performance_schema']);

/** The name a FROM item is known by: its alias, else its table name (a subquery without alias has none). */
function tableAlias(r: Relation): string | undefined {
  return r.qualifiers[r.qualifiers.length - 1];
}

/** The FROM clause bound; two items known by the same name are 0x2663, as TDengine's translator refuses them. */
export async function bindFrom(b: FromBinder, source: TableSource): Promise<BoundFrom> {
  if (source.type === 'join') {
    const left = await bindFrom(b, source.left);
    if (source.right.type === 'join') throw new TdError(TdCode.UNSUPPORTED, 'Operation not supported: nested join');
    const right = await bindTableSource(b, source.right);
    const name = tableAlias(right);
    if (name !== undefined && left.relations.some((r) => tableAlias(r) === name)) {
      throw new TdError(TdCode.PAR_NOT_UNIQUE_TABLE_ALIAS, `Not unique table/alias: '${name}'`);
    }
    return {
      relations: [...left.relations, right],
      primary: left.primary,
      joins: [...left.joins, { type: source.joinType, subType: source.subType, implicit: source.implicit, right, on: source.on, windowOffset: source.windowOffset, jlimit: source.jlimit }],
    };
  }
  const relation = await bindTableSource(b, source);
  return { relations: [relation], primary: relation, joins: [] };
}

async function bindTableSource(b: FromBinder, source: Exclude<TableSource, { type: 'join' }>): Promise<Relation> {
  const alias = b.nextAlias();
  if (source.type === 'subquery') {
    const planned = await b.planSubquery(source.query, b.db);
    const relation = subqueryRelation(alias, planned, source.alias ? [source.alias.name] : []);
    markUnnamed(source.query, relation.columns);
    return relation;
  }
  const db = resolveDbName(b.ctx, source.name, b.db);
  const name = source.name.name.name;
  const qualifiers = [name, ...(source.alias ? [source.alias.name] : [])];
  if (SYSTEM_DBS.has(db)) {
    const rel = await systemRelation(b.ctx, db as 'information_schema' | 'performance_schema', name, alias, (t) => b.registerTemp(t));
    if (!rel) throw TdError.tableNotExist(name);
    return { ...rel, qualifiers };
  }
  const entry = b.ctx.catalog.findDatabase(db);
  if (!entry) throw TdError.dbNotExist();
  const view = b.ctx.catalog.findView(db, name);
  if (view) {
    const stmt = parse(view.sql);
    if (stmt.kind !== 'select' && stmt.kind !== 'union') throw new TdError(TdCode.PAR_INVALID_VIEW_QUERY, 'Invalid view query type');
    const planned = await b.planSubquery(stmt, view.db);
    return subqueryRelation(alias, planned, qualifiers);
  }
  const found = b.ctx.catalog.lookup(db, name);
  if (!found) throw TdError.tableNotExist(name);
  const tableName = found.kind === 'stable' ? found.stable.name : found.kind === 'normal' ? found.table.name : found.child.name;
  const condition = readCondition(b.ctx.user, db, found.kind === 'child' ? found.stable.name : tableName, entry.owner);
  if (condition === undefined) throw TdError.permissionDenied();
  const precision = entry.options.precision;
  const q = (c: string) => `${alias}.${quoteIdent(c)}`;
  const dataCols = found.kind === 'normal' ? found.table.columns : found.stable.columns;
  const columns: SourceColumn[] = dataCols.map((c, i) => ({ name: c.name, type: c.type, role: i === 0 ? 'ts' : 'column', sql: q(c.name) }));
  const key = dataCols[1]?.primaryKey ? columns[1] : undefined;
  const physicalData =
    found.kind === 'normal' ? b.ctx.names.normalTable(db, found.table.tid) : b.ctx.names.dataTable(db, found.stable.id);
  const dataList = [`d.${quoteIdent(TID_COLUMN)} AS ${quoteIdent(TID)}`, ...dataCols.map((c) => `d.${quoteIdent(c.name)}`)];
  let relation: Relation;
  if (found.kind === 'normal') {
    relation = {
      kind: 'normal',
      alias,
      qualifiers,
      // SELECT TAGS reads the table list: a normal table is one row, whatever its data (36_select_clauses#290)
      sql: b.tagsOnly ? `SELECT ${found.table.tid} AS ${quoteIdent(TID)}` : `SELECT ${dataList.join(', ')} FROM ${physicalData} d`,
      columns: b.tagsOnly ? [] : columns,
      tags: [],
      tbname: { name: 'tbname', type: TBNAME_TYPE, role: 'tbname', sql: quoteString(tableName) },
      tid: q(TID),
      ts: b.tagsOnly ? undefined : columns[0],
      ...(key && !b.tagsOnly ? { key } : {}),
      precision,
      db,
    };
  } else {
    const stable = found.stable;
    const tags: SourceColumn[] = stable.tags.map((t) => ({ name: t.name, type: t.type, role: 'tag', sql: q(t.name) }));
    const joinTags = b.needsTags || condition !== '';
    const list = joinTags
      ? [...dataList, `t.${quoteIdent(TBNAME_COLUMN)} AS ${quoteIdent(TBNAME)}`, ...stable.tags.map((t) => `t.${quoteIdent(t.name)}`)]
      : dataList;
    const tagTable = b.ctx.names.tagTable(db, stable.id);
    let sql: string;
    const tagList = [`t.${quoteIdent(TID_COLUMN)} AS ${quoteIdent(TID)}`, `t.${quoteIdent(TBNAME_COLUMN)} AS ${quoteIdent(TBNAME)}`, ...stable.tags.map((t) => `t.${quoteIdent(t.name)}`)];
    const tagSource = `SELECT ${tagList.join(', ')} FROM ${tagTable} t`;
    if (b.tagsOnly) {
      sql = tagSource;
      if (found.kind === 'child') sql += ` WHERE t.${quoteIdent(TID_COLUMN)} = ${found.child.tid}`;
    } else {
      sql = `SELECT ${list.join(', ')} FROM ${physicalData} d`;
      if (joinTags) sql += ` JOIN ${tagTable} t ON t.${quoteIdent(TID_COLUMN)} = d.${quoteIdent(TID_COLUMN)}`;
      if (found.kind === 'child') sql += ` WHERE d.${quoteIdent(TID_COLUMN)} = ${found.child.tid}`;
    }
    relation = {
      kind: found.kind === 'child' ? 'child' : 'stable',
      alias,
      qualifiers,
      sql,
      // SELECT TAGS reads the tag table only: no data columns to name
      columns: b.tagsOnly ? [] : columns,
      tags,
      tbname: { name: 'tbname', type: TBNAME_TYPE, role: 'tbname', sql: q(TBNAME) },
      tid: q(TID),
      ts: b.tagsOnly ? undefined : columns[0],
      ...(key && !b.tagsOnly ? { key } : {}),
      precision,
      db,
      ...(found.kind === 'stable' ? { tagSource } : {}),
    };
  }
  if (condition !== '') b.grantConditions.push({ relation, condition });
  else if (!b.tagsOnly) relation.physical = { db, table: found.kind === 'normal' ? normalDataName(found.table.tid) : stableDataName(found.stable.id), sql: physicalData };
  return relation;
}

/**
 * Marks the outputs of a subquery's select-list expressions that have no alias and are no column, up to the first
 * item that may stand for several outputs (`*`, `last(*)`, COLS with its own aliases).
 */
function markUnnamed(query: QueryExpression, columns: SourceColumn[]): void {
  if (query.kind !== 'select') return;
  for (const [i, item] of query.items.entries()) {
    const e = item.expr;
    if (e.type === 'star' || (e.type === 'function' && ['cols', 'first', 'last', 'last_row'].includes(e.name)) || !columns[i]) return;
    if (!item.alias && e.type !== 'column') columns[i].unnamed = true;
  }
}

function subqueryRelation(alias: string, planned: PlannedSubquery, qualifiers: string[]): Relation {
  const columns: SourceColumn[] = planned.columns.map((c, i) => ({
    name: c.name,
    type: c.type,
    role: 'column',
    sql: `${alias}.${quoteIdent(`c${i}`)}`,
  }));
  const ts = columns.find((c) => c.type.name === 'TIMESTAMP');
  if (ts) ts.role = 'ts';
  return { kind: 'subquery', alias, qualifiers, sql: planned.sql, columns, tags: [], ts, precision: planned.precision, explain: planned.explain };
}
