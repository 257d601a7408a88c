import type { Catalog } from '../catalog/catalog';
import type { ColumnDef, StableDef } from '../catalog/model';
import type { StatementResult } from '../format/result';
import { cellJson } from '../format/values';
import { hashName } from '../query/system/vgroups';
import { restTypeName, typeLength } from '../types';
import type { Block, SnapshotPosition, TopicDef } from './model';
import { topicSelect } from './topic-ddl';

/** How the topic layer runs SQL (tag conditions, topic queries and snapshots are read through the query layer). */
export type RunSql = (sql: string, user: string, db?: string) => Promise<StatementResult>;

export const quoteName = (name: string): string => `\`${name.replace(/`/g, '``')}\``;
export const quoteText = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** What reading a topic's rows needs from the topic manager. */
export interface TopicReadContext {
  catalog: Catalog;
  runSql: RunSql;
  /** whether a child table's tags satisfy an AS STABLE topic's condition (cached by the manager) */
  tagMatch(topic: TopicDef, table: string): Promise<boolean>;
}

/** A table a topic reads: its name, super table and data columns. */
export interface TopicTable {
  name: string;
  stable?: string;
  columns: ColumnDef[];
}

/** Rows of one table as a topic delivers them, with each row's timestamp (database precision, decimal text). */
export interface TopicRows {
  ts: string[];
  block: Block;
}

/**
 * The topic's rows of one table that satisfy `conds` (SQL over the table's timestamp column); with `limit` the first
 * that many in ts order. A query topic runs its own SELECT (so expressions, tag columns and its WHERE apply exactly as in a
 * query); database and super table topics read the data columns.
 */
export async function topicRows(ctx: TopicReadContext, topic: TopicDef, table: TopicTable, conds: (ts: string) => string[], limit?: number): Promise<TopicRows | undefined> {
  const precision = ctx.catalog.database(topic.db).options.precision;
  const tsColumn = quoteName(table.columns[0].name);
  const where = [...conds(tsColumn)];
  const tail = limit === undefined ? '' : ` ORDER BY ${tsColumn} LIMIT ${limit}`;
  let sql: string;
  if (topic.type === 'column') {
    const select = topicSelect(topic);
    const items = select.items.map((i) => (i.alias ? `${i.expr.text} AS ${quoteName(i.alias.name)}` : i.expr.text)).join(', ');
    if (table.stable !== undefined) where.push(`tbname = ${quoteText(table.name)}`);
    if (select.where) where.push(`(${select.where.text})`);
    sql = `SELECT ${tsColumn}, ${items} FROM ${quoteName(topic.db)}.${quoteName(topic.table!)} WHERE ${where.join(' AND ')}${tail}`;
  } else {
    sql = `SELECT ${tsColumn}, ${table.columns.map((c) => quoteName(c.name)).join(', ')} FROM ${quoteName(topic.db)}.${quoteName(table.name)} WHERE ${where.join(' AND ')}${tail}`;
  }
  const result = await ctx.runSql(sql, topic.owner, topic.db);
  if (result.kind !== 'rows') return undefined;
  // column topics: the result's own types; others: the catalog's, as the change log writes them
  const columns: [string, string, number][] =
    topic.type === 'column' ? result.columns.slice(1).map((c) => [c.name, c.type, c.length]) : table.columns.map((c) => [c.name, restTypeName(c.type), typeLength(c.type)]);
  return {
    ts: result.rows.map((r) => String(r[0])),
    block: {
      tableName: table.name,
      stableName: table.stable,
      columns,
      rows: result.rows.map((r) => `[${columns.map((c, i) => cellJson(r[i + 1], c[1], precision)).join(',')}]`),
    },
  };
}

const byName = (a: TopicTable, b: TopicTable): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The tables of vgroup `vg` (of `count`) whose rows the topic delivers, in name order (the snapshot's order). */
export async function topicTables(ctx: TopicReadContext, topic: TopicDef, vg: number, count: number): Promise<TopicTable[]> {
  const entry = ctx.catalog.database(topic.db);
  const inVgroup = (name: string): boolean => hashName(name) % count === vg;
  const out: TopicTable[] = [];
  const children = (stable: StableDef): void => {
    for (const c of ctx.catalog.childTables(topic.db, stable.name)) if (inVgroup(c.name)) out.push({ name: c.name, stable: stable.name, columns: stable.columns });
  };
  if (topic.type === 'db') {
    for (const stable of Object.values(entry.stables)) children(stable);
    for (const t of Object.values(entry.tables)) if (inVgroup(t.name)) out.push({ name: t.name, columns: t.columns });
  } else {
    const stable = entry.stables[topic.table!];
    const normal = entry.tables[topic.table!];
    if (stable) children(stable);
    else if (normal && inVgroup(normal.name)) out.push({ name: normal.name, columns: normal.columns });
  }
  let tables = out;
  if (topic.type === 'stable' && topic.tagCondition) {
    const keep = await Promise.all(out.map((t) => ctx.tagMatch(topic, t.name)));
    tables = out.filter((_, i) => keep[i]);
  }
  return tables.sort(byName);
}

/** What one snapshot read produced: blocks (maybe none) and where to continue (`done` = go on with the log). */
export interface SnapshotRead {
  blocks: Block[];
  next: SnapshotPosition | 'done';
}

/**
 * Reads up to `maxRows` snapshot rows from `pos` on: each table of the vgroup after `pos.table` (or the rest of it
 * after `pos.ts`) in ts order, leaving out rows whose (table, ts) the change log holds from `pos.log` on — those
 * come from the log. `covered` is asked after each query returns, so a row written while the query ran is in the
 * log's set (the log is appended under the write lock right after the commit) and not delivered twice.
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
  for (const table of tables) {
    if (pos.table !== undefined && table.name < pos.table) continue;
    let after = pos.table === table.name ? pos.ts : undefined;
    for (;;) {
      const limit = maxRows - rows;
      const read = await topicRows(ctx, topic, table, (ts) => (after === undefined ? [`${ts} IS NOT NULL`] : [`${ts} > ${after}`]), limit);
      if (!read || read.ts.length === 0) break;
      const skip = covered().get(table.name);
      const block: Block = { ...read.block, rows: read.block.rows.filter((_, i) => !skip?.has(read.ts[i])) };
      if (block.rows.length > 0) blocks.push(block);
      rows += block.rows.length;
      after = read.ts[read.ts.length - 1];
      if (read.ts.length < limit) break;
      if (rows >= maxRows) return { blocks, next: { log: pos.log, table: table.name, ts: after } };
    }
  }
  return { blocks, next: 'done' };
}
