import { quoteQualified } from '@tscloud/contracts/sql';
import { allowed } from '../../auth/privileges';
import type { TableLookup } from '../../catalog/catalog';
import type { QueryContext } from '../context';
import { TdCode, TdError } from '../../errors';
import type { ResultSet } from '../../format/result';
import type { Identifier, QualifiedName } from '../../sql';
import { quoteIdent, TID_COLUMN } from '../../storage/names';
import { restTypeName, typeLength } from '../../types';
import { LEN, varchar } from './columns';
import { rowsResult } from './result';
import { readChildTags, tagRows, tagsTable } from './tables/tags';
import { vgroupLayout } from './vgroups';

/** SHOWs about one table: TABLE TAGS, TAGS, TABLE DISTRIBUTED, and SHOW CREATE VIEW. */

/** `[db.]name` of a user table: 9750 without a database, 904 unknown database, 9731 unknown table, 9796 no access. */
export function tableOf(ctx: QueryContext, name: QualifiedName): { db: string; name: string; found: TableLookup } {
  const db = name.db?.name ?? ctx.db;
  if (!db) throw new TdError(TdCode.DB_NOT_SPECIFIED, 'Database not specified');
  const table = name.name.name;
  const found = ctx.catalog.table(db, table);
  if (!allowed(ctx.user, 'read', db, table, ctx.catalog.findDatabase(db)?.owner)) throw TdError.permissionDenied();
  return { db, name: table, found };
}

/** SHOW TABLE TAGS FROM stb|child: `tbname` then one column per tag, one row per child table. */
export async function showTableTags(ctx: QueryContext, from: QualifiedName, names?: Identifier[]): Promise<ResultSet> {
  const { db, found } = tableOf(ctx, from);
  if (found.kind === 'normal') throw new TdError(TdCode.PAR_TAGS_OF_NORMAL_TABLE, 'Tags can only applied to super table and child table');
  const stable = found.stable;
  const children = await readChildTags(ctx, db, stable, found.kind === 'child' ? found.child.tid : undefined);
  const columns = [varchar('tbname', LEN.TBNAME_RESULT), ...stable.tags.map((t) => ({ name: t.name, type: restTypeName(t.type), length: typeLength(t.type) }))];
  const precision = ctx.catalog.database(db).options.precision;
  const rows = children.map((c) => [c.tbname, ...c.values]);
  if (!names) return rowsResult(columns, rows, precision);
  // a column list names tags (or tbname) to show, in its order
  const picked = names.map((n) => {
    const i = columns.findIndex((c) => c.name === n.name);
    if (i < 0) throw TdError.invalidColumn(n.name);
    return i;
  });
  return rowsResult(
    picked.map((i) => columns[i]),
    rows.map((r) => picked.map((i) => r[i])),
    precision,
  );
}

/**
 * SHOW TAGS FROM child: the ins_tags rows of that child table. TDengine's translator reads the table's meta first
 * (a missing table is 0x2662 "Fail to get table info, error: …") and takes super and child tables (a normal table is
 * 0x2665); it then selects ins_tags by table name, which no super table has, so a super table shows no row.
 */
export async function showTags(ctx: QueryContext, from: QualifiedName): Promise<ResultSet> {
  let table: ReturnType<typeof tableOf>;
  try {
    table = tableOf(ctx, from);
  } catch (error) {
    if (error instanceof TdError && error.code === TdCode.TABLE_NOT_EXIST) {
      throw new TdError(TdCode.GET_TABLE_INFO_FAILED, 'Fail to get table info, error: Table does not exist');
    }
    throw error;
  }
  const { db, found } = table;
  if (found.kind === 'normal') throw new TdError(TdCode.PAR_TAGS_OF_NORMAL_TABLE, 'Tags can only applied to super table and child table');
  const rows = found.kind === 'child' ? tagRows(db, found.stable, await readChildTags(ctx, db, found.stable, found.child.tid)) : [];
  return rowsResult(tagsTable.columns, rows);
}

/** Row counts per table id of the table (all children of a super table). */
async function rowsPerTable(ctx: QueryContext, db: string, found: TableLookup): Promise<number[]> {
  const tid = quoteIdent(TID_COLUMN);
  if (found.kind === 'normal') {
    const { rows } = await ctx.storage.query(`SELECT count(*) FROM ${ctx.names.normalTable(db, found.table.tid)}`);
    return [Number(rows[0][0])];
  }
  const where = found.kind === 'child' ? ` WHERE ${tid} = ${found.child.tid}` : '';
  const { rows } = await ctx.storage.query(`SELECT count(*) FROM ${ctx.names.dataTable(db, found.stable.id)}${where} GROUP BY ${tid}`);
  const counts = rows.map((r) => Number(r[0]));
  const tables = found.kind === 'child' ? 1 : ctx.catalog.childTables(db, found.stable.name).length;
  while (counts.length < tables) counts.push(0);
  return counts;
}

/** How many DURATION-long file sets the table's rows fall into (TDengine keeps one file set per duration window). */
async function fileSets(ctx: QueryContext, db: string, found: TableLookup): Promise<number> {
  const options = ctx.catalog.database(db).options;
  const perMinute = { ms: 60_000, us: 60_000_000, ns: 60_000_000_000 }[options.precision];
  const ts = quoteIdent(found.kind === 'normal' ? found.table.columns[0].name : found.stable.columns[0].name);
  const from = found.kind === 'normal' ? ctx.names.normalTable(db, found.table.tid) : ctx.names.dataTable(db, found.stable.id);
  const where = found.kind === 'child' ? ` WHERE ${quoteIdent(TID_COLUMN)} = ${found.child.tid}` : '';
  const { rows } = await ctx.storage.query(`SELECT count(DISTINCT ${ts} // ${options.duration * perMinute}) FROM ${from}${where}`);
  return Number(rows[0][0]);
}

/**
 * SHOW TABLE DISTRIBUTED: TDengine's block-distribution summary, computed from the engine's layout. Blocks are
 * counted as TDengine would cut them (MAXROWS rows per block and table); sizes are the uncompressed row widths
 * (DuckDB compresses per column segment, not per TDengine block), so the ratio shown is 100 %.
 */
export async function showTableDistributed(ctx: QueryContext, name: QualifiedName): Promise<ResultSet> {
  const { db, found } = tableOf(ctx, name);
  const maxrows = ctx.catalog.database(db).options.maxrows;
  const columns = found.kind === 'normal' ? found.table.columns : found.stable.columns;
  const width = columns.reduce((n, c) => n + typeLength(c.type), 0);
  const counts = await rowsPerTable(ctx, db, found);
  const blocks: number[] = [];
  for (const n of counts) for (let left = n; left > 0; left -= maxrows) blocks.push(Math.min(left, maxrows));
  const totalRows = counts.reduce((a, b) => a + b, 0);
  const sizeKb = (totalRows * width) / 1024;
  const per = (n: number): number => (blocks.length ? n / blocks.length : 0);
  const vgroups = found.kind === 'stable' ? (vgroupLayout(ctx.catalog).get(db)?.count ?? 1) : 1;
  const lines = [
    `Total_Blocks=[${blocks.length}] Total_Size=[${sizeKb.toFixed(2)} KB] Average_size=[${per(sizeKb).toFixed(2)} KB] Compression_Ratio=[100.00 %]`,
    `Total_Rows=[${totalRows}] Inmem_Rows=[0] MinRows=[${blocks.length ? Math.min(...blocks) : 0}] MaxRows=[${blocks.length ? Math.max(...blocks) : 0}] Average_Rows=[${Math.floor(per(totalRows))}]`,
    `Total_Tables=[${counts.length}] Total_Filesets=[${await fileSets(ctx, db, found)}] Total_Vgroups=[${vgroups}]`,
  ];
  return rowsResult([varchar('_block_dist', 1024)], lines.map((l) => [l]));
}

/** SHOW CREATE VIEW [db.]v: columns `View` and `Create View`. */
export function showCreateView(ctx: QueryContext, name: QualifiedName): ResultSet {
  const db = name.db?.name ?? ctx.db;
  if (!db) throw new TdError(TdCode.DB_NOT_SPECIFIED, 'Database not specified');
  ctx.catalog.database(db);
  const view = ctx.catalog.findView(db, name.name.name);
  if (!view) throw new TdError(TdCode.VIEW_NOT_EXIST, 'view not exists');
  if (!ctx.canSee(db)) throw TdError.permissionDenied();
  return rowsResult(
    [varchar('View', LEN.TABLE_NAME), varchar('Create View', 1048576)],
    [[view.name, `CREATE VIEW ${quoteQualified(db, view.name)} AS ${view.sql}`]],
  );
}
