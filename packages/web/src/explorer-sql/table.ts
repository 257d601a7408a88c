import { quoteContains, quoteText } from '@tscloud/contracts/sql';
import { qualified, ref, typedName } from './literal';
import { columnDefinition, compressionAvailable, type FieldDef } from './fields';
import { alterFields } from './stable';
import { NUMBER_TYPES, STRING_TYPES, normaliseDescribedType } from './types';
import { naturalOrderSql } from './order';

/**
 * CREATE TABLE (a child table USING a super table, or a normal table), ALTER TABLE, DROP TABLE, tag values, and the
 * reads of the table list and DESCRIBE (data-explorer.md §3 table form, §5, §7 Tables).
 */

/**
 * A tag value as it goes into TAGS (…): string-like types and JSON quoted (§5), numbers and booleans as typed,
 * a TIMESTAMP as digits (epoch) or else quoted, an empty value NULL.
 */
export function tagValueLiteral(type: string, value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (text === '' || /^null$/i.test(text)) return 'NULL';
  if (STRING_TYPES.has(type)) return quoteText(value ?? '');
  if (NUMBER_TYPES.has(type)) {
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new Error(`not a number: ${text}`);
    return text;
  }
  if (type === 'BOOL') {
    if (!/^(true|false|0|1)$/i.test(text)) throw new Error(`not a bool: ${text}`);
    return text.toLowerCase();
  }
  if (type === 'TIMESTAMP') return /^\d+$/.test(text) || /^now(\s*[+-]\s*\d+[a-z]+)?$/i.test(text) ? text : quoteText(text);
  return quoteText(text);
}

export interface ChildTableForm {
  name: string;
  /** stbTmpl: the super table (stored name). */
  stable: string;
  /** The super table's tags, each with the value to set. */
  tags: FieldDef[];
}

export interface NormalTableForm {
  name: string;
  columns: FieldDef[];
}

export function createChildTableSql(db: string, form: ChildTableForm): string {
  const names = form.tags.map((t) => ref(t.field)).join(', ');
  const values = form.tags.map((t) => tagValueLiteral(t.type, t.value)).join(', ');
  return `CREATE TABLE ${ref(db)}.${typedName(form.name)} USING ${qualified(db, form.stable)} (${names}) TAGS (${values})`;
}

export function createNormalTableSql(db: string, form: NormalTableForm, version: string | null | undefined): string {
  const withCompression = compressionAvailable(version);
  return `CREATE TABLE ${ref(db)}.${typedName(form.name)} (${form.columns.map((c) => columnDefinition(c, withCompression)).join(', ')})`;
}

/** ALTER TABLE for a normal table's columns (same rules as a super table's). */
export function alterNormalTableSql(db: string, table: string, before: FieldDef[], after: FieldDef[], version: string | null | undefined): string[] {
  return alterFields(`ALTER TABLE ${qualified(db, table)}`, 'COLUMN', before, after, compressionAvailable(version));
}

/** ALTER TABLE child SET TAG t = v, one per changed tag value. */
export function setTagValuesSql(db: string, table: string, before: FieldDef[], after: FieldDef[]): string[] {
  return after
    .filter((t) => (before.find((b) => b.field === t.field)?.value ?? '') !== (t.value ?? ''))
    .map((t) => `ALTER TABLE ${qualified(db, table)} SET TAG ${ref(t.field)} = ${tagValueLiteral(t.type, t.value)}`);
}

export function dropTableSql(db: string, table: string): string {
  return `DROP TABLE ${qualified(db, table)}`;
}

/** §9 list page size of the tables list. */
export const TABLE_PAGE_SIZE = 10;

/** The list's condition: the database, the super table of child tables, and a name search (contains `matcher`). */
function tablesWhere(db: string, stable?: string | null, matcher?: string): string {
  const byStable = stable ? ` AND stable_name = ${quoteText(stable)}` : '';
  const byName = matcher ? ` AND table_name LIKE ${quoteContains(matcher)}` : '';
  return `db_name = ${quoteText(db)}${byStable}${byName}`;
}

/** §2 paged reads: the count first, then the page; both narrowed by the same name search. */
export function tablesCountSql(db: string, stable?: string | null, matcher?: string): string {
  return `SELECT COUNT(*) AS total FROM information_schema.ins_tables WHERE ${tablesWhere(db, stable, matcher)}`;
}

export function tablesPageSql(db: string, offset: number, limit = TABLE_PAGE_SIZE, stable?: string | null, matcher?: string): string {
  return `SELECT table_name, stable_name, \`type\`, create_time, \`columns\` FROM information_schema.ins_tables WHERE ${tablesWhere(db, stable, matcher)} ORDER BY ${naturalOrderSql('table_name')} LIMIT ${limit} OFFSET ${offset}`;
}

/** Tag values of one child table (ins_tags: one row per tag). */
export function childTagsSql(db: string, table: string): string {
  return `SELECT tag_name, tag_type, tag_value FROM information_schema.ins_tags WHERE db_name = ${quoteText(db)} AND table_name = ${quoteText(table)}`;
}

/** A DESCRIBE row with typeName derived from its note (§3: a note marks a tag). */
export interface DescribedField extends FieldDef {
  note: string;
  typeName: 'tag' | 'column';
}

/** Rows of DESCRIBE (field, type, length, note[, encode, compress, level]) as designer rows. */
export function describedFields(columns: readonly string[], rows: readonly unknown[][]): DescribedField[] {
  const at = (name: string) => columns.indexOf(name);
  const [fi, ti, li, ni, ei, ci, lvi] = ['field', 'type', 'length', 'note', 'encode', 'compress', 'level'].map(at);
  return rows.map((r, index) => {
    const note = String(r[ni] ?? '');
    const typeName = note.toUpperCase() === 'TAG' ? 'tag' : 'column';
    const type = normaliseDescribedType(String(r[ti]));
    const field = String(r[fi]);
    const described: DescribedField = { field, origin: field, type, length: Number(r[li]), note, typeName };
    if (typeName === 'column' && ei >= 0 && r[ei] !== null && r[ei] !== undefined && r[ei] !== '') {
      described.encode = String(r[ei]);
      described.compress = String(r[ci]);
      described.level = String(r[lvi]);
    }
    // TDengine 3.3.7.5 (and the engine) note the composite key 'COMPOSITE KEY'; older versions wrote 'PRIMARY KEY'
    if ((note.toUpperCase() === 'PRIMARY KEY' || note.toUpperCase() === 'COMPOSITE KEY') && index > 0) described.primaryKey = true;
    return described;
  });
}
