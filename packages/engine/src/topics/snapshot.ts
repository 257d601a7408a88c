import { quoteName, quoteText } from '@tscloud/contracts/sql';
import type { Catalog } from '../catalog/catalog';
import type { ColumnDef, StableDef } from '../catalog/model';
import type { StatementResult } from '../format/result';
import { cellJson } from '../format/values';
import { hashName } from '../query';
import { restTypeName, typeLength } from '../types';
import type { Block, SnapshotPosition, TopicDef } from './model';
import { topicSelect } from './topic-ddl';

/** How the topic layer runs SQL (tag conditions, topic queries and snapshots are read through the query layer). */
export type RunSql = (sql: string, user: string, db?: string) => Promise<StatementResult>;

/** What reading a topic's rows needs from the topic manager. */
export interface TopicReadContext {
  catalog: Catalog;
  runSql: RunSql;
}

/** A table a topic reads: its name, super table and data columns. */
export interface TopicTable {
  name: string;
  stable?: string;
  columns: ColumnDef[];
  createTime?: number;
}

/** Rows as a topic delivers them, in query order: each row's table, timestamp (database precision, decimal text), cells. */
export interface TopicRows {
  columns: [string, string, number][];
  tables: string[];
  ts: string[];
  rows: string[];
}

/**
 * The topic's rows of `tables` (one normal table, or children of one super table) that satisfy `cond` (SQL given
 * the timestamp column's name; it names the tables too); with `limit` the first that many in (tbname, ts) order.
 * A query topic runs its own SELECT (so expressions, tag columns and its WHERE apply exactly as in a query);
 * database and super table topics read the data columns.
 */
export async function topicRows(ctx: TopicReadContext, topic: TopicDef, tables: TopicTable[], cond: (ts: string) => string, limit?: number): Promise<TopicRows | undefined> {
  const precision = ctx.catalog.database(topic.db).options.precision;
  const first = tables[0];
  const child = first.stable !== undefined;
  const tsColumn = quoteName(first.columns[0].name);
  const where = [`(${cond(tsColumn)})`];
  let items: string;
  if (topic.type === 'column') {
    const select = topicSelect(topic);
    items = select.items.map((i) => (i.alias ? `${i.expr.text} AS ${quoteName(i.alias.name)}` : i.expr.text)).join(', ');
    if (select.where) where.push(`(${select.where.text})`);
  } else items = first.columns.map((c) => quoteName(c.name)).join(', ');
  const source = topic.type === 'column' ? topic.table! : (first.stable ?? first.name);
  const lead = child ? `tbname, ${tsColumn}` : tsColumn;
  const tail = limit === undefined ? '' : ` ORDER BY ${lead} LIMIT ${limit}`;
  const sql = `SELECT ${lead}, ${items} FROM ${quoteName(topic.db)}.${quoteName(source)} WHERE ${where.join(' AND ')}${tail}`;
  const result = await ctx.runSql(sql, topic.owner, topic.db);
  if (result.kind !== 'rows') return undefined;
  const skip = child ? 2 : 1;
  // column topics: the result's own types; others: the catalog's, as the change log writes them
  const columns: [string, string, number][] =
    topic.type === 'column' ? result.columns.slice(skip).map((c) => [c.name, c.type, c.length]) : first.columns.map((c) => [c.name, restTypeName(c.type), typeLength(c.type)]);
  return {
    columns,
    tables: result.rows.map((r) => (child ? String(r[0]) : first.name)),
    ts: result.rows.map((r) => String(r[skip - 1])),
    rows: result.rows.map((r) => `[${columns.map((c, i) => cellJson(r[i + skip], c[1], precision)).join(',')}]`),
  };
}

/** Byte order of the UTF-8 names, as the query layer's ORDER BY tbname sorts them. */
export const compareNames = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));
const byName = (a: TopicTable, b: TopicTable): number => compareNames(a.name, b.name);

/** The tables of vgroup `vg` (of `count`) whose rows the topic delivers, in name order (the snapshot's order). */
export async function topicTables(ctx: TopicReadContext, topic: TopicDef, vg: number, count: number): Promise<TopicTable[]> {
  const entry = ctx.catalog.database(topic.db);
  const inVgroup = (name: string): boolean => hashName(name) % count === vg;
  const out: TopicTable[] = [];
  const children = (stable: StableDef): void => {
    for (const c of ctx.catalog.childTables(topic.db, stable.name)) {
      if (inVgroup(c.name)) out.push({ name: c.name, stable: stable.name, columns: stable.columns, createTime: c.createTime });
    }
  };
  if (topic.type === 'db') {
    for (const stable of Object.values(entry.stables)) children(stable);
    for (const t of Object.values(entry.tables)) if (inVgroup(t.name)) out.push({ name: t.name, columns: t.columns, createTime: t.createTime });
  } else {
    const found = ctx.catalog.lookup(topic.db, topic.table!);
    if (found?.kind === 'stable') children(found.stable);
    else if (found?.kind === 'normal' && inVgroup(found.table.name)) {
      out.push({ name: found.table.name, columns: found.table.columns, createTime: found.table.createTime });
    } else if (found?.kind === 'child' && inVgroup(found.child.name)) {
      out.push({ name: found.child.name, stable: found.stable.name, columns: found.stable.columns, createTime: found.child.createTime });
    }
  }
  let tables = out;
  if (topic.type === 'stable' && topic.tagCondition && out.length > 0) {
    // one query for all children rather than one per table
    const sql = `SELECT TAGS tbname FROM ${quoteName(topic.db)}.${quoteName(topic.table!)} WHERE (${topic.tagCondition})`;
    const result = await ctx.runSql(sql, topic.owner, topic.db);
    const matching = new Set(result.kind === 'rows' ? result.rows.map((r) => String(r[0])) : []);
    tables = out.filter((t) => matching.has(t.name));
  }
  return tables.sort(byName);
}

/** What one snapshot read produced: blocks (maybe none) and where to continue (`done` = go on with the log). */
export interface SnapshotRead {
  blocks: Block[];
  next: SnapshotPosition | 'done';
}

/** Children of one super table read by one snapshot query at most. */
const BATCH_TABLES = 100;

/**
 * Reads up to `maxRows` snapshot rows from `pos` on: each table of the vgroup after `pos.table` (or the rest of it
 * after `pos.ts`) in ts order, leaving out rows whose (table, ts) the change log holds from `pos.log` on — those
 * come from the log. Consecutive children of one super table are read by one query (ORDER BY tbname, ts). `covered`
 * is asked after each query returns, so a row written while the query ran is in the log's set (the log is
 * appended under the write lock right after the commit) and not delivered twice.
 */
export async function readSnapshot(
  ctx: TopicReadContext,
  topic: TopicDef,
  vg: number,
  count: number,
  pos: SnapshotPosition,
  covered: () => Map<string, Set<string>>,
  maxRows: number,
): Promise<SnapshotRead> {
  const tables = await topicTables(ctx, topic, vg, count);
  const blocks: Block[] = [];
  let rows = 0;
  let i = pos.table === undefined ? 0 : tables.findIndex((t) => compareNames(t.name, pos.table!) >= 0);
  if (i < 0) i = tables.length;
  let after = i < tables.length && tables[i].name === pos.table ? pos.ts : undefined;
  while (i < tables.length) {
    const first = tables[i];
    let end = i + 1;
    if (first.stable !== undefined) while (end < tables.length && end - i < BATCH_TABLES && tables[end].stable === first.stable) end++;
    const batch = tables.slice(i, end);
    const limit = maxRows - rows;
    const read = await topicRows(ctx, topic, batch, (ts) => snapshotCondition(batch, ts, after), limit);
    const got = read?.ts.length ?? 0;
    if (read && got > 0) {
      const skip = covered();
      let block: Block | undefined;
      for (let r = 0; r < got; r++) {
        if (skip.get(read.tables[r])?.has(read.ts[r])) continue;
        if (block?.tableName !== read.tables[r]) {
          block = { tableName: read.tables[r], stableName: first.stable, columns: read.columns, rows: [] };
          blocks.push(block);
        }
        block.rows.push(read.rows[r]);
        rows++;
      }
    }
    if (!read || got < limit) {
      // every table of the batch is read to its end
      i = end;
      after = undefined;
      continue;
    }
    const lastTable = read.tables[got - 1];
    after = read.ts[got - 1];
    i = tables.findIndex((t) => t.name === lastTable);
    if (rows >= maxRows) return { blocks, next: { log: pos.log, table: lastTable, ts: after } };
  }
  return { blocks, next: 'done' };
}

/** The rows of a snapshot batch still to read: the first table after `after` (all of it without), then the others whole. */
function snapshotCondition(batch: TopicTable[], ts: string, after: string | undefined): string {
  const [first, ...rest] = batch;
  if (first.stable === undefined) return after === undefined ? `${ts} IS NOT NULL` : `${ts} > ${after}`;
  const names = (list: TopicTable[]): string => list.map((t) => quoteText(t.name)).join(', ');
  if (after === undefined) return `tbname IN (${names(batch)})`;
  const head = `(tbname = ${quoteText(first.name)} AND ${ts} > ${after})`;
  return rest.length === 0 ? head : `${head} OR tbname IN (${names(rest)})`;
}

/**
 * The next CREATE statement a WITH META snapshot sends after the one keyed `after` (keys sort super tables first):
 * the super tables in the first vgroup (where the log keeps meta records too), then each table the snapshot of
 * vgroup `vg` covers, as SHOW CREATE gives them. Only what was created before the topic (up to its millisecond):
 * what came later the topic's own meta records carry. Undefined when none is left.
 */
export async function snapshotMeta(
  ctx: TopicReadContext,
  topic: TopicDef,
  vg: number,
  count: number,
  after: string,
): Promise<{ key: string; statement: string; sql: string } | undefined> {
  const entry = ctx.catalog.database(topic.db);
  const items: { key: string; name: string; statement: string }[] = [];
  const before = (createTime: number | undefined): boolean => createTime === undefined || createTime <= topic.createTime;
  if (vg === 0) {
    const stables = topic.type === 'db' ? Object.values(entry.stables) : entry.stables[topic.table!] ? [entry.stables[topic.table!]] : [];
    for (const s of stables) if (before(s.createTime)) items.push({ key: `0:${s.name}`, name: s.name, statement: 'createStable' });
  }
  for (const t of await topicTables(ctx, topic, vg, count)) {
    if (before(t.createTime)) items.push({ key: `1:${t.name}`, name: t.name, statement: t.stable === undefined ? 'createTable' : 'createChildTables' });
  }
  items.sort((a, b) => compareNames(a.key, b.key));
  for (const item of items) {
    if (compareNames(item.key, after) <= 0) continue;
    const kind = item.statement === 'createStable' ? 'STABLE' : 'TABLE';
    const result = await ctx.runSql(`SHOW CREATE ${kind} ${quoteName(topic.db)}.${quoteName(item.name)}`, topic.owner, topic.db);
    if (result.kind !== 'rows' || result.rows.length === 0) continue; // dropped meanwhile
    return { key: item.key, statement: item.statement, sql: String(result.rows[0][1]) };
  }
  return undefined;
}
