import type { DuckDBValue } from '@duckdb/node-api';
import type { ChildTableRef, StableDef } from '../catalog/model';
import { checkName, MAX_TABLE_NAME } from '../catalog/schema-rules';
import { TdCode, TdError } from '../errors';
import { insertSyntaxError, insertTupleOffsets, type Identifier, type InsertValue } from '../sql';
import type { NewTagRows } from '../storage/table-writer';
import { stableTagTable } from '../storage/schema';
import { coerceValue, type ValueScope } from './coerce';
import type { ExecContext } from './context';
import { rethrowAt } from './value-position';

/** A child table being created by this statement: its catalog entry and tag-table row. */
export interface PendingChild {
  ref: ChildTableRef;
  stable: StableDef;
  tagRow: DuckDBValue[];
}

/**
 * The super table of `USING name`: 9731 when nothing has that name; a normal table is read as a super table without
 * tags, so the tags given do not match (9741), as TDengine answers.
 */
export function usingStable(ctx: ExecContext, db: string, name: string): StableDef {
  const entry = ctx.catalog.database(db);
  const stable = entry.stables[name];
  if (stable) return stable;
  if (entry.tables[name]) throw new TdError(TdCode.TAGS_NOT_MATCHED, 'Tags number not matched');
  throw TdError.tableNotExist(name);
}

/** Tag values in declaration order: a named subset (others NULL) or all tags positionally. */
export function tagRowValues(
  stable: StableDef,
  tagColumns: Identifier[] | undefined,
  values: InsertValue[],
  scope: ValueScope,
  at?: TagsPosition,
): DuckDBValue[] {
  const row: DuckDBValue[] = stable.tags.map(() => null);
  const count = tagColumns ? tagColumns.length : stable.tags.length;
  if (values.length !== count && !at?.countError) throw new TdError(TdCode.TAGS_NOT_MATCHED, 'Tags number not matched');
  values.slice(0, count).forEach((v, i) => {
    let index = i;
    if (tagColumns) {
      index = stable.tags.findIndex((t) => t.name === tagColumns[i].name);
      if (index < 0) throw new TdError(TdCode.INVALID_TAG_NAME, `Invalid tag name: ${tagColumns[i].name}`);
    }
    try {
      row[index] = coerceValue(v, stable.tags[index], scope);
    } catch (error) {
      rethrowAt(error, v, at && { sql: at.sql, tupleOffset: at.tupleOffset, index: at.indexes?.[i] ?? i });
    }
  });
  if (values.length !== count) throw at!.countError!(at!, values.length, count);
  return row;
}

/**
 * Where the tag values sit in the SQL: a TAGS tuple (`tupleOffset`), or a row whose tag values are at `indexes`.
 * `countError`: a count that is not the tags' is found after the values present are read, and answered so
 * (INSERT … USING: the insert parser's); without it the count is checked first (9741, CREATE TABLE's translator).
 */
export interface TagsPosition {
  sql: string;
  tupleOffset?: number;
  indexes?: number[];
  countError?: (at: TagsPosition, given: number, expected: number) => TdError;
}

/**
 * TAGS of INSERT … USING with another count than the tags it binds, as TDengine's parseTagsClause reads them: a `)`
 * where a value belongs is 534 "invalid data or symbol" from that `)` on; after the last bound value a `,` is 9741
 * "Tags number not matched"; with no tag to bind at all (USING a normal table) the first value stands where `)`
 * belongs, 534 ") is expected".
 */
export function insertTagCountError(at: TagsPosition, given: number, expected: number): TdError {
  if (at.tupleOffset === undefined) return new TdError(TdCode.TAGS_NOT_MATCHED, 'Tags number not matched');
  const tuple = insertTupleOffsets(at.sql, at.tupleOffset);
  if (given < expected) return insertSyntaxError(at.sql, tuple.close, 'invalid data or symbol');
  if (expected === 0) return insertSyntaxError(at.sql, tuple.values[0], ') is expected');
  return new TdError(TdCode.TAGS_NOT_MATCHED, 'Tags number not matched');
}

/**
 * The tag list of INSERT … USING st (t1, t2): the insert parser binds it as it binds a column list (parseBoundColumns
 * over the tag schema) whether or not the table exists: an unknown name is 9730 naming it, a name twice 534.
 */
export function checkBoundTags(stable: StableDef, tagColumns: Identifier[] | undefined): void {
  const seen = new Set<string>();
  for (const id of tagColumns ?? []) {
    if (!stable.tags.some((t) => t.name === id.name)) throw TdError.invalidColumn(id.name);
    if (seen.has(id.name)) throw new TdError(TdCode.SYNTAX_ERROR_OLD, `syntax error near '${id.name}' (duplicated column name)`);
    seen.add(id.name);
  }
}

/**
 * Reserves a new child table: validates the name and tags, allocates its tid and registers it in the in-memory
 * index at once (so concurrent statements cannot create it twice). `commitChildren`/`abandonChildren` finish it.
 */
export function reserveChild(
  ctx: ExecContext,
  db: string,
  name: string,
  stable: StableDef,
  tagColumns: Identifier[] | undefined,
  values: InsertValue[],
  scope: ValueScope,
  at?: TagsPosition,
): PendingChild {
  checkName(name, MAX_TABLE_NAME, 'table');
  const tags = tagRowValues(stable, tagColumns, values, scope, at);
  ctx.catalog.checkNewTable(db, name, false);
  const ref: ChildTableRef = { tid: ctx.catalog.allocateTid(db), name, stable: stable.name, createTime: ctx.nowMs };
  ctx.catalog.registerChild(db, ref);
  return { ref, stable, tagRow: [ref.tid, name, BigInt(ctx.nowMs), ...tags] };
}

/** Tag-table rows of pending children, grouped per super table, for the writer's transaction. */
export function pendingTagRows(children: PendingChild[]): NewTagRows[] {
  const byStable = new Map<number, NewTagRows>();
  for (const c of children) {
    let entry = byStable.get(c.stable.id);
    if (!entry) byStable.set(c.stable.id, (entry = { table: stableTagTable(c.stable), rows: [] }));
    entry.rows.push(c.tagRow);
  }
  return [...byStable.values()];
}

/** Undoes reservations after a failed write. */
export function abandonChildren(ctx: ExecContext, db: string, children: PendingChild[]): void {
  for (const c of children) ctx.catalog.unregisterChild(db, c.ref.name);
}
