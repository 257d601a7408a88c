import { resolveCompression } from '../catalog/compression';
import type { ColumnDef, NormalTableDef, StableDef } from '../catalog/model';
import { checkSchema, checkWidening, MAX_COLUMNS } from '../catalog/schema-rules';
import { indexesAfterTagChange } from '../catalog/tag-indexes';
import { durationMinutes } from '../catalog/db-options';
import { TdCode, TdError } from '../errors';
import { affected, type StatementResult } from '../format/result';
import type { AlterStableStatement, AlterTableAction, AlterTableStatement, Duration } from '../sql';
import { normalDataName, qualified, quoteIdent, stableDataName, stableTagName, TID_COLUMN } from '../storage/names';
import { addColumn, dropColumn, renameColumn } from '../storage/schema';
import { requireDbAdmin, requireWrite } from './access';
import { tagRowValues } from './child-tables';
import { columnFromAst } from './columns';
import { resolveDb, type ExecContext } from './context';

const invalidAlter = (): TdError => new TdError(TdCode.PAR_INVALID_ALTER_TABLE, 'Invalid alter table statement');
const colExists = (): TdError => new TdError(TdCode.COLUMN_ALREADY_EXISTS, 'Column already exists');
const colMissing = (): TdError => new TdError(TdCode.COLUMN_NOT_EXIST, 'Column does not exist');
const tagExists = (): TdError => new TdError(TdCode.TAG_ALREADY_EXISTS, 'Tag already exists');
// the translator names a column or tag it cannot find (the mnode's 0x036a/0x036c are never reached)
const noSuchColumn = (name: string): TdError => new TdError(TdCode.INVALID_COLUMN, `Invalid column name: ${name}`);
const noSuchTag = (name: string): TdError => new TdError(TdCode.INVALID_TAG_NAME, `Invalid tag name: ${name}`);
const duplicated = (): TdError => new TdError(TdCode.PAR_DUPLICATED_COLUMN, 'Duplicated column names');

/**
 * ADD COLUMN/TAG past 4096 columns and tags together: the translator does not count them for ALTER, the mnode
 * answers 0x0365 (CREATE's count is the parser's 0x2640, in checkSchema).
 */
function checkAddedCount(columns: ColumnDef[], tags: ColumnDef[]): void {
  if (columns.length + tags.length > MAX_COLUMNS) throw new TdError(TdCode.MND_TOO_MANY_COLUMNS, 'Too many columns');
}

const minutes = (d: Duration): number => durationMinutes('KEEP', d.unit === null ? d.value : `${d.value}${d.unit}`);

function findIndex(list: ColumnDef[], name: string): number {
  return list.findIndex((c) => c.name === name);
}

/** Column changes shared by super tables and normal tables; returns the new column list. */
async function alterColumns(
  ctx: ExecContext,
  db: string,
  physical: string,
  columns: ColumnDef[],
  tags: ColumnDef[],
  action: AlterTableAction,
): Promise<ColumnDef[] | undefined> {
  const taken = (name: string) => findIndex(columns, name) >= 0 || findIndex(tags, name) >= 0;
  const isStable = tags.length > 0; // a super table always keeps at least one tag
  switch (action.type) {
    case 'addColumn': {
      // the mnode adds a super table's column without the SMA flag; a normal table's (vnode) gets it
      const col: ColumnDef = { ...columnFromAst(action.column, false), ...(isStable ? { noSma: true } : {}) };
      // a normal table's columns are checked by the translator (0x263c), a super table's by the mnode
      if (!isStable && taken(col.name)) throw duplicated();
      if (findIndex(tags, col.name) >= 0) throw tagExists();
      if (taken(col.name)) throw colExists();
      if (col.primaryKey) throw invalidAlter();
      const next = [...columns, col];
      checkAddedCount(next, tags);
      checkSchema(next, tags, tags.length > 0);
      await addColumn(ctx.storage, db, physical, col);
      return next;
    }
    case 'dropColumn': {
      const i = findIndex(columns, action.name.name);
      if (i < 0) throw noSuchColumn(action.name.name);
      // the translator lets a super table's timestamp through to the mnode, which refuses the alter options
      if (i === 0 && isStable) throw new TdError(TdCode.MND_INVALID_STB_ALTER_OPTION, 'Invalid stable alter options');
      if (i === 0) throw noSuchColumn(action.name.name);
      if (columns[i].primaryKey) throw new TdError(TdCode.PAR_CANNOT_DROP_PRIMARY_KEY, 'Primary key column cannot be dropped');
      // the timestamp and one more column always stay
      if (columns.length <= 2) throw new TdError(TdCode.PAR_INVALID_DROP_COL, 'No columns can be dropped');
      await dropColumn(ctx.storage, db, physical, columns[i].name);
      return columns.filter((_, k) => k !== i);
    }
    case 'modifyColumn': {
      const i = findIndex(columns, action.name.name);
      if (i < 0) throw noSuchColumn(action.name.name);
      checkWidening(columns[i], action.dataType, false);
      const next = [...columns];
      next[i] = { ...columns[i], type: action.dataType };
      checkSchema(next, tags, tags.length > 0);
      return next; // DuckDB VARCHAR/BLOB have no length: only the catalog changes
    }
    case 'modifyColumnCompression': {
      const i = findIndex(columns, action.name.name);
      if (i < 0) throw colMissing();
      const cur = columns[i];
      // the values the statement gives must fit the column's type (TDengine refuses INT … ENCODE 'delta-d' too)
      resolveCompression(cur.type, { encode: action.encode, compress: action.compress, level: action.level });
      const next = [...columns];
      next[i] = {
        ...cur,
        ...resolveCompression(cur.type, {
          encode: action.encode ?? cur.encode,
          compress: action.compress ?? cur.compress,
          level: action.level ?? cur.level,
        }, true),
      };
      return next;
    }
    case 'renameColumn': {
      const i = findIndex(columns, action.from.name);
      if (i < 0) throw noSuchColumn(action.from.name);
      // the timestamp column may be renamed too (TDengine 3.3.7.5 renames a normal table's `ts`); a composite key not
      if (columns[i].primaryKey) throw invalidAlter();
      if (taken(action.to.name)) throw new TdError(TdCode.PAR_DUPLICATED_COLUMN, 'Duplicated column names');
      await renameColumn(ctx.storage, db, physical, columns[i].name, action.to.name);
      const next = [...columns];
      next[i] = { ...columns[i], name: action.to.name };
      return next;
    }
    default:
      return undefined;
  }
}

async function alterStableDef(ctx: ExecContext, db: string, stable: StableDef, action: AlterTableAction): Promise<void> {
  requireDbAdmin(ctx, db);
  if (action.type === 'renameColumn') throw invalidAlter();
  const columns = await alterColumns(ctx, db, stableDataName(stable.id), stable.columns, stable.tags, action);
  if (columns) {
    ctx.catalog.updateStable(db, { ...stable, columns });
    return;
  }
  const tagTable = stableTagName(stable.id);
  const taken = (name: string) => findIndex(stable.columns, name) >= 0 || findIndex(stable.tags, name) >= 0;
  let tags = stable.tags;
  switch (action.type) {
    case 'addTag': {
      const tag = columnFromAst(action.tag, true);
      if (findIndex(stable.columns, tag.name) >= 0) throw colExists();
      if (taken(tag.name)) throw tagExists();
      tags = [...tags, tag];
      checkAddedCount(stable.columns, tags);
      checkSchema(stable.columns, tags, true);
      await addColumn(ctx.storage, db, tagTable, tag);
      break;
    }
    case 'dropTag': {
      const i = findIndex(tags, action.name.name);
      if (i < 0) throw noSuchTag(action.name.name);
      if (tags.length === 1) throw new TdError(TdCode.PAR_INVALID_ALTER_TABLE, 'the only tag cannot be dropped');
      await dropColumn(ctx.storage, db, tagTable, tags[i].name);
      ctx.catalog.updateStable(db, { ...stable, tags: tags.filter((_, k) => k !== i), tagIndexes: indexesAfterTagChange(stable, tags[i].name) });
      return;
    }
    case 'modifyTag': {
      const i = findIndex(tags, action.name.name);
      if (i < 0) throw noSuchTag(action.name.name);
      // a super table with a JSON tag takes no other tag and no change of it
      if (tags[i].type.name === 'JSON') throw new TdError(TdCode.PAR_ONLY_ONE_JSON_TAG, 'Only one tag if there is a json tag');
      checkWidening(tags[i], action.dataType, true);
      tags = [...tags];
      tags[i] = { ...tags[i], type: action.dataType };
      checkSchema(stable.columns, tags, true);
      break;
    }
    case 'renameTag': {
      // RENAME TAG is checked by the mnode alone: its codes, not the translator's
      const i = findIndex(tags, action.from.name);
      if (i < 0) throw new TdError(TdCode.TAG_NOT_EXIST, 'Tag does not exist');
      if (findIndex(stable.columns, action.to.name) >= 0) throw colExists();
      if (taken(action.to.name)) throw tagExists();
      await renameColumn(ctx.storage, db, tagTable, tags[i].name, action.to.name);
      const renamed = tags.map((t, k) => (k === i ? { ...t, name: action.to.name } : t));
      ctx.catalog.updateStable(db, { ...stable, tags: renamed, tagIndexes: indexesAfterTagChange(stable, tags[i].name, action.to.name) });
      return;
    }
    case 'options': {
      const o = action.options;
      if (o.ttl !== undefined) throw invalidAlter();
      ctx.catalog.updateStable(db, {
        ...stable,
        comment: o.comment ?? stable.comment,
        keep: o.keep ? minutes(o.keep) : stable.keep,
      });
      return;
    }
    default:
      throw invalidAlter();
  }
  ctx.catalog.updateStable(db, { ...stable, tags });
}

async function alterNormalTable(ctx: ExecContext, db: string, table: NormalTableDef, action: AlterTableAction): Promise<void> {
  requireWrite(ctx, db, table.name);
  const columns = await alterColumns(ctx, db, normalDataName(table.tid), table.columns, [], action);
  if (columns) {
    ctx.catalog.updateNormalTable(db, { ...table, columns });
    return;
  }
  if (action.type !== 'options' || action.options.keep) throw invalidAlter();
  ctx.catalog.updateNormalTable(db, {
    ...table,
    comment: action.options.comment ?? table.comment,
    ttl: action.options.ttl ?? table.ttl,
  });
}

export async function alterStable(ctx: ExecContext, stmt: AlterStableStatement): Promise<StatementResult> {
  const db = resolveDb(ctx, stmt.name);
  const found = ctx.catalog.table(db, stmt.name.name.name);
  if (found.kind !== 'stable') throw TdError.stableNotExist();
  await alterStableDef(ctx, db, found.stable, stmt.action);
  return affected(0);
}

export async function alterTable(ctx: ExecContext, stmt: AlterTableStatement): Promise<StatementResult> {
  const db = resolveDb(ctx, stmt.name);
  const found = ctx.catalog.table(db, stmt.name.name.name);
  if (found.kind === 'stable') await alterStableDef(ctx, db, found.stable, stmt.action);
  else if (found.kind === 'normal') await alterNormalTable(ctx, db, found.table, stmt.action);
  else {
    requireWrite(ctx, db, found.child.name);
    const action = stmt.action;
    if (action.type === 'options') {
      if (action.options.keep) throw invalidAlter();
      const before = ctx.catalog.childOptions(db, found.child.name);
      ctx.catalog.setChildOptions(db, found.child.name, {
        ttl: action.options.ttl ?? before?.ttl,
        comment: action.options.comment ?? before?.comment,
      });
      return affected(0);
    }
    if (action.type !== 'setTag') throw invalidAlter();
    const stable = found.stable;
    const scope = { precision: ctx.catalog.database(db).options.precision, nowMs: ctx.nowMs, tz: ctx.tz };
    const names = action.assignments.map((a) => a.name);
    // SET TAG of an unknown tag is refused as an alter statement (0x2649), naming the tag
    const unknown = names.find((n) => findIndex(stable.tags, n.name) < 0);
    if (unknown) throw new TdError(TdCode.PAR_INVALID_ALTER_TABLE, `Invalid tag name: ${unknown.name}`);
    if (new Set(names.map((n) => n.name)).size < names.length) throw duplicated();
    const row = tagRowValues(stable, names, action.assignments.map((a) => a.value), scope, { sql: ctx.sql });
    const sets = names.map((n) => findIndex(stable.tags, n.name));
    const sql =
      `UPDATE ${qualified(db, stableTagName(stable.id))} SET ` +
      sets.map((i, k) => `${quoteIdent(stable.tags[i].name)} = $${k + 1}`).join(', ') +
      ` WHERE ${quoteIdent(TID_COLUMN)} = ${found.child.tid}`;
    await ctx.storage.transaction(db, (conn) => conn.run(sql, sets.map((i) => row[i])));
  }
  return affected(0);
}
