import type { ColumnDef, StableDef } from '../../../catalog/model';
import type { QueryContext } from '../../context';
import { quoteIdent, TBNAME_COLUMN, TID_COLUMN } from '../../../storage/names';
import { formatTypeSpec, MAX_TAG_BYTES } from '../../../types';
import { readWkb, shapeText } from '../../../types/geometry/wkb';
import { LEN, varchar } from '../columns';
import { visibleDatabases, type SystemTableDef } from '../table-def';

/** A child table's tag values as stored in its super table's tag table. */
export interface ChildTags {
  tbname: string;
  values: unknown[];
}

/** Reads the tag rows of `stable` (all children, or only `tid`), in tid order. */
export async function readChildTags(ctx: QueryContext, db: string, stable: StableDef, tid?: number): Promise<ChildTags[]> {
  const tagList = stable.tags.map((t) => quoteIdent(t.name)).join(', ');
  const where = tid === undefined ? '' : ` WHERE ${quoteIdent(TID_COLUMN)} = ${tid}`;
  const { rows } = await ctx.storage.query(
    `SELECT ${quoteIdent(TBNAME_COLUMN)}, ${tagList} FROM ${ctx.names.tagTable(db, stable.id)}${where} ORDER BY ${quoteIdent(TID_COLUMN)}`,
  );
  return rows.map(([tbname, ...values]) => ({ tbname: String(tbname), values }));
}

/**
 * ins_tags.tag_value: the value as text, as the system-table scan's convertTagDataToStr writes it: bool true/false,
 * FLOAT `%.5f` and DOUBLE `%.9f` (`1.500000000`), a GEOMETRY as its WKT (ST_AsText's, `POINT (1.000000 2.000000)`),
 * other bytes as \x-hex, JSON as its text.
 */
export function tagValueText(value: unknown, tag: ColumnDef): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array && tag.type.name === 'GEOMETRY') return geometryText(value);
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex').toUpperCase()}`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (tag.type.name === 'FLOAT') return Number(value).toFixed(5);
  if (tag.type.name === 'DOUBLE') return Number(value).toFixed(9);
  return String(value);
}

function geometryText(bytes: Uint8Array): string {
  try {
    return shapeText(readWkb(bytes));
  } catch {
    return `\\x${Buffer.from(bytes).toString('hex').toUpperCase()}`;
  }
}

/**
 * ins_tags.tag_type: the declared type, except JSON, which TDengine prints with its schema width less the two-byte
 * length header (TSDB_MAX_JSON_TAG_LEN 16384 → `JSON(16382)`).
 */
function tagTypeText(tag: ColumnDef): string {
  return tag.type.name === 'JSON' ? `JSON(${MAX_TAG_BYTES})` : formatTypeSpec(tag.type);
}

const COLUMNS = [
  varchar('table_name', LEN.TABLE_NAME),
  varchar('db_name', LEN.DB_NAME),
  varchar('stable_name', LEN.TABLE_NAME),
  varchar('tag_name', LEN.COL_NAME),
  varchar('tag_type', 32),
  varchar('tag_value', LEN.MAX_TAGS),
];

export function tagRows(db: string, stable: StableDef, children: ChildTags[]): unknown[][] {
  const rows: unknown[][] = [];
  for (const child of children) {
    stable.tags.forEach((tag, i) => {
      rows.push([child.tbname, db, stable.name, tag.name, tagTypeText(tag), tagValueText(child.values[i], tag)]);
    });
  }
  return rows;
}

export const tagsTable: SystemTableDef = {
  name: 'ins_tags',
  sysInfo: false,
  columns: COLUMNS,
  async rows(ctx) {
    const rows: unknown[][] = [];
    for (const db of visibleDatabases(ctx)) {
      for (const stable of Object.values(db.stables)) {
        rows.push(...tagRows(db.name, stable, await readChildTags(ctx, db.name, stable)));
      }
    }
    return rows;
  },
};
