import { quoteContains, quoteText } from '@tscloud/contracts/sql';
import { qualified, ref, storedName, typedName } from './literal';
import { columnDefinition, compressionAvailable, tagDefinition, type FieldDef } from './fields';
import { compressionDefaults, hasLength, typeText } from './types';
import { naturalOrderSql, tagValueOrderSql } from './order';

/**
 * CREATE / ALTER / DROP STABLE and the reads of the super table list (data-explorer.md §3 super table, §7).
 */

/** §9: super tables per page in the tree, and the most rows a name search returns. */
export const STABLE_PAGE_SIZE = 8;
export const STABLE_SEARCH_LIMIT = 100;

export interface StableForm {
  name: string;
  columns: FieldDef[];
  tags: FieldDef[];
}

/** §3 default new form: a TIMESTAMP column and an INT column, one INT tag; 3.3.0 adds the compression defaults. */
export function defaultStableForm(version: string | null | undefined): StableForm {
  const extras = (type: 'TIMESTAMP' | 'INT') => (compressionAvailable(version) ? compressionDefaults(type) : {});
  return {
    name: '',
    columns: [
      { field: 'ts', type: 'TIMESTAMP', ...extras('TIMESTAMP') },
      { field: 'val', type: 'INT', ...extras('INT') },
    ],
    tags: [{ field: 'tag1', type: 'INT', length: 8 }],
  };
}

/** A blank row (the refill after a failed creation, §4). */
export function blankField(): FieldDef {
  return { field: '', type: 'INT' };
}

export function createStableSql(db: string, form: StableForm, version: string | null | undefined): string {
  const withCompression = compressionAvailable(version);
  const columns = form.columns.map((c) => columnDefinition(c, withCompression)).join(', ');
  const tags = form.tags.map(tagDefinition).join(', ');
  return `CREATE STABLE ${ref(db)}.${typedName(form.name)} (${columns}) TAGS (${tags})`;
}

export function dropStableSql(db: string, stable: string): string {
  return `DROP STABLE ${qualified(db, stable)}`;
}

/**
 * The ALTER statements turning `before` (as described) into `after` (as edited), one change per statement as the
 * engine takes them: dropped fields, renamed tags, widened lengths, changed compression, added fields. Fields are
 * matched by `origin`. An empty list means nothing changed.
 */
export function alterStableSql(db: string, stable: string, before: StableForm, after: StableForm, version: string | null | undefined): string[] {
  const target = `ALTER STABLE ${qualified(db, stable)}`;
  return [...alterFields(target, 'COLUMN', before.columns, after.columns, compressionAvailable(version)), ...alterFields(target, 'TAG', before.tags, after.tags, false)];
}

/** Shared by ALTER STABLE (columns and tags) and ALTER TABLE (normal-table columns). */
export function alterFields(target: string, what: 'COLUMN' | 'TAG', before: FieldDef[], after: FieldDef[], withCompression: boolean): string[] {
  const out: string[] = [];
  const kept = new Set(after.map((f) => f.origin).filter(Boolean));
  for (const old of before) {
    if (!kept.has(old.field)) out.push(`${target} DROP ${what} ${ref(old.field)}`);
  }
  for (const f of after) {
    if (!f.origin) continue;
    const old = before.find((b) => b.field === f.origin);
    if (!old) continue;
    if (storedName(f.field) !== old.field) out.push(`${target} RENAME ${what} ${ref(old.field)} ${typedName(f.field)}`);
    const name = storedName(f.field) !== old.field ? typedName(f.field) : ref(old.field);
    if (hasLength(f.type) && (f.length ?? 0) !== (old.length ?? 0)) out.push(`${target} MODIFY ${what} ${name} ${typeText(f.type, f.length)}`);
    if (withCompression && what === 'COLUMN') {
      const changes: string[] = [];
      if (f.encode && f.encode !== old.encode) changes.push(`ENCODE ${quoteText(f.encode)}`);
      if (f.compress && f.compress !== old.compress) changes.push(`COMPRESS ${quoteText(f.compress)}`);
      if (f.level && f.level !== old.level) changes.push(`LEVEL ${quoteText(f.level)}`);
      if (changes.length > 0) out.push(`${target} MODIFY COLUMN ${name} ${changes.join(' ')}`);
    }
  }
  for (const f of after) {
    if (f.origin) continue;
    out.push(`${target} ADD ${what} ${what === 'COLUMN' ? columnDefinition({ ...f, primaryKey: false }, withCompression) : tagDefinition(f)}`);
  }
  return out;
}

/** Why an edit cannot be expressed: a type change, or a length that shrinks (only widening is possible). */
export function alterProblem(before: FieldDef[], after: FieldDef[]): 'typeChange' | 'shrink' | null {
  for (const f of after) {
    const old = f.origin ? before.find((b) => b.field === f.origin) : undefined;
    if (!old) continue;
    if (old.type !== f.type) return 'typeChange';
    if (hasLength(f.type) && (f.length ?? 0) < (old.length ?? 0)) return 'shrink';
  }
  return null;
}

/** One page of the tree's super table list (ordered by name). */
export function stablePageSql(db: string, offset: number, limit = STABLE_PAGE_SIZE): string {
  return `SELECT stable_name, create_time, \`columns\`, \`tags\`, last_update FROM information_schema.ins_stables WHERE db_name = ${quoteText(db)} ORDER BY ${naturalOrderSql('stable_name')} LIMIT ${limit} OFFSET ${offset}`;
}

export function stableCountSql(db: string): string {
  return `SELECT COUNT(*) AS total FROM information_schema.ins_stables WHERE db_name = ${quoteText(db)}`;
}

/** §2: search by name, at most 100 rows. */
export function stableSearchSql(db: string, matcher: string): string {
  return `SELECT stable_name, create_time, \`columns\`, \`tags\`, last_update FROM information_schema.ins_stables WHERE db_name = ${quoteText(db)} AND stable_name LIKE ${quoteContains(matcher)} ORDER BY ${naturalOrderSql('stable_name')} LIMIT ${STABLE_SEARCH_LIMIT}`;
}

/** Child-table counts of the given super tables (§3 `total`). */
export function childCountsSql(db: string, stables: readonly string[]): string {
  return `SELECT stable_name, COUNT(*) AS total FROM information_schema.ins_tables WHERE db_name = ${quoteText(db)} AND stable_name IN (${stables.map((v) => quoteText(v)).join(', ')}) GROUP BY stable_name`;
}

export function describeSql(db: string, table: string): string {
  return `DESCRIBE ${qualified(db, table)}`;
}

function tagWhere(db: string, stable: string, tag: string): string {
  return `db_name = ${quoteText(db)} AND stable_name = ${quoteText(stable)} AND tag_name = ${quoteText(tag)}`;
}

/**
 * One page of a tag's values over the super table's child tables, with how many child tables carry each: most
 * first, then by value (numeric tags by number, others naturally).
 */
export function tagValuesSql(db: string, stable: string, tag: string, tagType: string, offset: number, limit: number): string {
  return `SELECT tag_value, COUNT(*) AS total FROM information_schema.ins_tags WHERE ${tagWhere(db, stable, tag)} GROUP BY tag_value ORDER BY total DESC, ${tagValueOrderSql(tagType)} LIMIT ${limit} OFFSET ${offset}`;
}

/** How many distinct values the tag has (the true total beside a page of them). */
export function tagValuesCountSql(db: string, stable: string, tag: string): string {
  return `SELECT COUNT(*) AS total FROM (SELECT tag_value FROM information_schema.ins_tags WHERE ${tagWhere(db, stable, tag)} GROUP BY tag_value)`;
}

/** Every super table name of a database (the parent choice of a new child table), at most 1000. */
export function stableNamesSql(db: string): string {
  return `SELECT stable_name FROM information_schema.ins_stables WHERE db_name = ${quoteText(db)} ORDER BY ${naturalOrderSql('stable_name')} LIMIT 1000`;
}
