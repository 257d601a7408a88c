import { findTagIndex, stableTagIndexes } from '../catalog/tag-indexes';
import { TdCode, TdError } from '../errors';
import { affected, type StatementResult } from '../format/result';
import type { CreateIndexStatement, DropIndexStatement } from '../sql';
import { requireWrite } from './access';
import { resolveDb, type ExecContext } from './context';

const indexExists = (): TdError => new TdError(TdCode.TAG_INDEX_ALREADY_EXIST, 'index already exists in db');

/**
 * CREATE INDEX on a tag, checked in TDengine's order: the translator reads the table's meta (9731 when missing) and
 * wants exactly one column that is a tag of it (9742 `Invalid tag name: x`, so a normal table's column too); the
 * mnode then wants a super table (866), a free index name and a tag without an index (both 1155).
 */
export function createIndex(ctx: ExecContext, stmt: CreateIndexStatement): StatementResult {
  const db = resolveDb(ctx, stmt.table);
  const entry = ctx.catalog.database(db);
  const found = ctx.catalog.lookup(db, stmt.table.name.name);
  if (!found) throw TdError.tableNotExist(stmt.table.name.name);
  if (stmt.columns.length !== 1) throw new TdError(TdCode.PAR_INVALID_TAGS_NUM, 'Invalid number of tag columns');
  const column = stmt.columns[0].name;
  const tags = found.kind === 'normal' ? [] : found.stable.tags;
  const tag = tags.find((t) => t.name === column);
  if (!tag) throw new TdError(TdCode.INVALID_TAG_NAME, `Invalid tag name: ${column}`);
  requireWrite(ctx, db);
  if (found.kind !== 'stable') throw TdError.stableNotExist();
  if (findTagIndex(entry, stmt.name.name)) {
    if (stmt.ifNotExists) return affected(0);
    throw indexExists();
  }
  const indexes = stableTagIndexes(found.stable);
  if (indexes.some((i) => i.tag === tag.name)) throw indexExists();
  const created = { name: stmt.name.name, tag: tag.name, createTime: ctx.nowMs };
  ctx.catalog.updateStable(db, { ...found.stable, tagIndexes: [...indexes, created] });
  return affected(0);
}

/** DROP INDEX [db.]name: 1156 "index not exist" unless IF EXISTS. */
export function dropIndex(ctx: ExecContext, stmt: DropIndexStatement): StatementResult {
  const db = resolveDb(ctx, stmt.name);
  const found = findTagIndex(ctx.catalog.database(db), stmt.name.name.name);
  if (!found) {
    if (stmt.ifExists) return affected(0);
    throw new TdError(TdCode.TAG_INDEX_NOT_EXIST, 'index not exist');
  }
  requireWrite(ctx, db);
  const tagIndexes = stableTagIndexes(found.stable).filter((i) => i.name !== found.index.name);
  ctx.catalog.updateStable(db, { ...found.stable, tagIndexes });
  return affected(0);
}
