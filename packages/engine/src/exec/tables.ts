import type { TableLookup } from '../catalog/catalog';
import type { NormalTableDef } from '../catalog/model';
import { checkName, checkSchema, MAX_TABLE_NAME } from '../catalog/schema-rules';
import { TdCode, TdError } from '../errors';
import { affected, type StatementResult } from '../format/result';
import type {
  CreateChildTablesStatement,
  CreateStableStatement,
  CreateTableStatement,
  CreateViewStatement,
  DropStableStatement,
  DropTableStatement,
  DropViewStatement,
} from '../sql';
import {
  createNormalTableStorage,
  createStableTables,
  dropChildStorage,
  dropNormalTableStorage,
  dropStableTables,
} from '../storage/schema';
import { normalDataName, stableDataName } from '../storage/names';
import { requireDbAdmin, requireWrite } from './access';
import { abandonChildren, pendingTagRows, reserveChild, usingStable, type PendingChild } from './child-tables';
import { columnFromAst } from './columns';
import { resolveDb, systemDbRefusal, writableDb, type ExecContext } from './context';
import { durationMinutes } from '../catalog/db-options';

const createRefusal = systemDbRefusal('create table of', true);

export async function createStable(ctx: ExecContext, stmt: CreateStableStatement): Promise<StatementResult> {
  const db = writableDb(ctx, stmt.name, createRefusal);
  ctx.catalog.database(db);
  // TDengine (mndProcessCreateStbReq) asks for write on the database: WRITE or ALL on db.* (or *.*), or owning it
  requireWrite(ctx, db);
  const name = stmt.name.name.name;
  checkName(name, MAX_TABLE_NAME, 'table');
  const existing = ctx.catalog.lookup(db, name);
  if (existing) {
    if (stmt.ifNotExists && existing.kind === 'stable') return affected(0);
    if (existing.kind === 'stable') throw new TdError(TdCode.STABLE_ALREADY_EXISTS, 'STable already exists');
    throw new TdError(TdCode.TABLE_ALREADY_EXISTS, 'Table already exists');
  }
  const columns = stmt.columns.map((c) => columnFromAst(c, false));
  const tags = stmt.tags.map((t) => columnFromAst(t, true));
  checkSchema(columns, tags, true);
  ctx.catalog.checkNewTable(db, name, true);
  const keep = stmt.options.keep ? durationMinutes('KEEP', stmt.options.keep.unit === null ? stmt.options.keep.value : `${stmt.options.keep.value}${stmt.options.keep.unit}`) : undefined;
  const draft = { id: ctx.catalog.peekStableId(), name, createTime: ctx.nowMs, columns, tags, comment: stmt.options.comment, keep };
  await createStableTables(ctx.storage, db, draft);
  ctx.catalog.createStable(db, { name, columns, tags, comment: draft.comment, keep });
  return affected(0);
}

export async function createNormalTable(ctx: ExecContext, stmt: CreateTableStatement): Promise<StatementResult> {
  const db = writableDb(ctx, stmt.name, createRefusal);
  ctx.catalog.database(db);
  requireWrite(ctx, db);
  const name = stmt.name.name.name;
  checkName(name, MAX_TABLE_NAME, 'table');
  const existing = ctx.catalog.lookup(db, name);
  if (existing) {
    // the vnode answers a normal table over any existing name, a super table's too, with 0x0603
    if (stmt.ifNotExists) return affected(0);
    throw new TdError(TdCode.TABLE_ALREADY_EXISTS, 'Table already exists');
  }
  const columns = stmt.columns.map((c) => columnFromAst(c, false));
  checkSchema(columns, [], false);
  ctx.catalog.checkNewTable(db, name, false);
  const def: NormalTableDef = {
    tid: ctx.catalog.allocateTid(db),
    name,
    createTime: ctx.nowMs,
    columns,
    comment: stmt.options.comment,
    ttl: stmt.options.ttl,
  };
  await createNormalTableStorage(ctx.storage, db, def);
  ctx.catalog.createNormalTable(db, def);
  return affected(0);
}

export async function createChildTables(ctx: ExecContext, stmt: CreateChildTablesStatement): Promise<StatementResult> {
  const dbs = stmt.tables.map((t) => resolveDb(ctx, t.name));
  for (const db of dbs) ctx.catalog.database(db);
  // Reserve and write under the databases' write locks, as INSERT does (see insert.ts).
  await ctx.storage.withWriteLocks(dbs, async () => {
    const byDb = new Map<string, PendingChild[]>();
    const options: { db: string; name: string; ttl?: number; comment?: string }[] = [];
    try {
      for (const t of stmt.tables) {
        const db = resolveDb(ctx, t.name);
        if ((t.using.db?.name ?? db) !== db) {
          throw new TdError(TdCode.PAR_CORRESPONDING_STABLE_ERR, 'The corresponding super table not in this db');
        }
        const entry = ctx.catalog.database(db);
        requireWrite(ctx, db);
        const stable = usingStable(ctx, db, t.using.name.name);
        if (ctx.catalog.lookup(db, t.name.name.name)) {
          if (t.ifNotExists) continue;
          throw new TdError(TdCode.TABLE_ALREADY_EXISTS, 'Table already exists');
        }
        const scope = { precision: entry.options.precision, nowMs: ctx.nowMs, tz: ctx.tz };
        const child = reserveChild(ctx, db, t.name.name.name, stable, t.tagColumns, t.tags, scope, { sql: ctx.sql });
        let list = byDb.get(db);
        if (!list) byDb.set(db, (list = []));
        list.push(child);
        options.push({ db, name: child.ref.name, ttl: t.options.ttl, comment: t.options.comment });
      }
      for (const [db, children] of byDb) await ctx.writer.write(db, { data: [], newTags: pendingTagRows(children) }, true);
      for (const o of options) ctx.catalog.setChildOptions(o.db, o.name, o);
    } catch (error) {
      for (const [db, children] of byDb) abandonChildren(ctx, db, children);
      throw error;
    }
  });
  return affected(0);
}

/**
 * DROP TABLE a [, b ...]: every name is resolved before anything is dropped, as TDengine's translator reads each
 * table's meta first, so `drop table d1, nosuch` is 9731 and keeps d1 (05_tables_alter#125).
 */
export async function dropTables(ctx: ExecContext, stmt: DropTableStatement): Promise<StatementResult> {
  const drops: { db: string; found: TableLookup }[] = [];
  for (const item of stmt.tables) {
    const db = writableDb(ctx, item.name, systemDbRefusal('drop table of', true));
    const found = ctx.catalog.findDatabase(db) ? ctx.catalog.lookup(db, item.name.name.name) : undefined;
    if (!ctx.catalog.findDatabase(db) && !item.ifExists) throw TdError.dbNotExist();
    if (!found) {
      if (item.ifExists) continue;
      throw TdError.tableNotExist(item.name.name.name);
    }
    requireWrite(ctx, db);
    if (found.kind === 'stable') checkStableDrop(ctx, db, found.stable.name);
    drops.push({ db, found });
  }
  for (const { db, found } of drops) {
    if (found.kind === 'child') {
      ctx.catalog.unregisterChild(db, found.child.name);
      await dropChildStorage(ctx.storage, db, found.stable, [found.child.tid]);
    } else if (found.kind === 'normal') {
      ctx.catalog.dropNormalTable(db, found.table.name);
      ctx.writer.forget(db, normalDataName(found.table.tid));
      await dropNormalTableStorage(ctx.storage, db, found.table);
    } else {
      await dropStableEverywhere(ctx, db, found.stable.name);
    }
  }
  return affected(0);
}

/** Who may drop a super table, and whether a topic or stream still reads it. */
function checkStableDrop(ctx: ExecContext, db: string, name: string): void {
  requireDbAdmin(ctx, db);
  ctx.dropGuard?.stable(db, name);
}

async function dropStableEverywhere(ctx: ExecContext, db: string, name: string): Promise<void> {
  checkStableDrop(ctx, db, name);
  const stable = ctx.catalog.database(db).stables[name];
  ctx.catalog.dropStable(db, name);
  ctx.writer.forget(db, stableDataName(stable.id));
  await dropStableTables(ctx.storage, db, stable);
}

export async function dropStable(ctx: ExecContext, stmt: DropStableStatement): Promise<StatementResult> {
  const db = resolveDb(ctx, stmt.name);
  const entry = ctx.catalog.findDatabase(db);
  if (!entry) {
    if (stmt.ifExists) return affected(0);
    throw TdError.dbNotExist();
  }
  const name = stmt.name.name.name;
  if (!entry.stables[name]) {
    if (stmt.ifExists) return affected(0);
    throw TdError.stableNotExist();
  }
  await dropStableEverywhere(ctx, db, name);
  return affected(0);
}

export function createView(ctx: ExecContext, stmt: CreateViewStatement): StatementResult {
  const db = resolveDb(ctx, stmt.name);
  ctx.catalog.database(db);
  requireWrite(ctx, db);
  ctx.catalog.createView(
    { name: stmt.name.name.name, db, sql: stmt.queryText, createTime: ctx.nowMs, owner: ctx.user.name },
    stmt.orReplace,
  );
  return affected(0);
}

export function dropView(ctx: ExecContext, stmt: DropViewStatement): StatementResult {
  const db = resolveDb(ctx, stmt.name);
  ctx.catalog.database(db);
  const name = stmt.name.name.name;
  const view = ctx.catalog.findView(db, name);
  if (!view) {
    if (stmt.ifExists) return affected(0);
    throw new TdError(TdCode.VIEW_NOT_EXIST, 'view not exists in db');
  }
  if (!ctx.user.superuser && view.owner !== ctx.user.name) requireWrite(ctx, db);
  ctx.catalog.dropView(db, name);
  return affected(0);
}
