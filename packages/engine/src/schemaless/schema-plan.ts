import type { StableDef } from '../catalog/model';
import type { AlterTableAction, ColumnDef as AstColumn } from '../sql';
import { DATA_TYPES, type TypeSpec } from '../types';
import { lineError, SmlCode } from './errors';
import type { FieldValue, Point } from './types';

/** The timestamp column of auto-created super tables, and the tag added when a measurement has none (TDengine's). */
export const TS_COLUMN = '_ts';
export const NULL_TAG = '_tag_null';

/** What one request needs of a super table: every field and tag with its type and the longest value seen. */
export interface Needs {
  fields: Map<string, { type: TypeSpec['name']; length: number; point: Point }>;
  tags: Map<string, { length: number; point: Point }>;
}

/** Length of a value as the column counts it: bytes for VARCHAR, VARBINARY and GEOMETRY, characters for NCHAR. */
function valueLength(v: FieldValue): number {
  if (v.value instanceof Uint8Array) return v.value.length;
  if (v.type === 'VARCHAR') return Buffer.byteLength(v.value as string);
  if (v.type === 'NCHAR') return [...(v.value as string)].length;
  return 0;
}

const hasLength = (t: TypeSpec['name']): boolean => DATA_TYPES[t].hasLength;

/**
 * Unions the fields and tags of one super table's points (`tags[i]`: the tags point i keeps); a key written with two
 * types is refused.
 */
export function collectNeeds(points: Point[], tags: [string, string][][]): Needs {
  const needs: Needs = { fields: new Map(), tags: new Map() };
  points.forEach((p, i) => {
    for (const [key, value] of p.fields) {
      const seen = needs.fields.get(key);
      const length = valueLength(value);
      if (!seen) needs.fields.set(key, { type: value.type, length, point: p });
      else if (seen.type !== value.type) {
        throw lineError(SmlCode.NOT_SAME_TYPE, p.line, p.text, `field ${key} is ${value.type}, an earlier line wrote ${seen.type}`);
      } else if (length > seen.length) needs.fields.set(key, { ...seen, length, point: p });
    }
    // points of one series share their tag list: measure it once
    if (i > 0 && tags[i] === tags[i - 1]) return;
    for (const [key, value] of tags[i]) {
      const length = [...value].length;
      const seen = needs.tags.get(key);
      if (!seen || length > seen.length) needs.tags.set(key, { length, point: p });
    }
  });
  return needs;
}

/**
 * The declared length for a value of `length`: TDengine's smlFindNearestPowerOf2 (the smallest power of two above
 * it), capped at the type's maximum; a value longer than the maximum is refused naming its line.
 */
function declaredLength(type: TypeSpec['name'], length: number, asTag: boolean, point: Point, key: string): number {
  const max = (asTag ? DATA_TYPES[type].maxTagLength : DATA_TYPES[type].maxColumnLength) ?? length;
  if (length > max) throw lineError(SmlCode.INVALID_DATA, point.line, point.text, `${key} is longer than ${max}`);
  let n = 1;
  while (n <= length) n *= 2;
  return Math.min(n, max);
}

function spec(type: TypeSpec['name'], length: number, asTag: boolean, point: Point, key: string): TypeSpec {
  return hasLength(type) ? { name: type, length: declaredLength(type, length, asTag, point, key) } : { name: type };
}

/** A name as the statements built here carry it: quoted, so taken as written. */
export const ident = (name: string) => ({ name, quoted: true });

/** A new super table: `_ts`, the fields, and the tags (NCHAR), or `_tag_null` when no point has tags. */
export function newStable(needs: Needs): { columns: AstColumn[]; tags: AstColumn[] } {
  const columns: AstColumn[] = [{ name: ident(TS_COLUMN), type: { name: 'TIMESTAMP' } }];
  for (const [key, f] of needs.fields) columns.push({ name: ident(key), type: spec(f.type, f.length, false, f.point, key) });
  const tags: AstColumn[] = [];
  for (const [key, t] of needs.tags) tags.push({ name: ident(key), type: spec('NCHAR', t.length, true, t.point, key) });
  if (tags.length === 0) tags.push({ name: ident(NULL_TAG), type: { name: 'NCHAR', length: 1 } });
  return { columns, tags };
}

/**
 * ALTER actions that let `stable` hold the points: new fields and tags added, too-short strings widened. A field
 * whose type differs from its column (or a key that is a tag on one side and a field on the other) is refused
 * naming the line, as TDengine does.
 */
export function schemaChanges(stable: StableDef, needs: Needs): AlterTableAction[] {
  const actions: AlterTableAction[] = [];
  const column = new Map(stable.columns.map((c) => [c.name, c]));
  const tag = new Map(stable.tags.map((t) => [t.name, t]));
  for (const [key, f] of needs.fields) {
    const conflict = (why: string) => lineError(SmlCode.INVALID_DATA, f.point.line, f.point.text, why);
    if (tag.has(key)) throw conflict(`${key} is a tag of ${stable.name}, not a column`);
    const col = column.get(key);
    if (!col) {
      actions.push({ type: 'addColumn', column: { name: ident(key), type: spec(f.type, f.length, false, f.point, key) } });
    } else if (col.type.name !== f.type || col === stable.columns[0]) {
      throw conflict(`point type and db type mismatch: field ${key} is ${f.type}, column ${key} is ${col.type.name}`);
    } else if (hasLength(f.type) && f.length > (col.type.length ?? 0)) {
      actions.push({ type: 'modifyColumn', name: ident(key), dataType: spec(f.type, f.length, false, f.point, key) });
    }
  }
  for (const [key, t] of needs.tags) {
    const conflict = (why: string) => lineError(SmlCode.INVALID_DATA, t.point.line, t.point.text, why);
    if (column.has(key)) throw conflict(`${key} is a column of ${stable.name}, not a tag`);
    const existing = tag.get(key);
    if (!existing) actions.push({ type: 'addTag', tag: { name: ident(key), type: spec('NCHAR', t.length, true, t.point, key) } });
    else if (existing.type.name !== 'NCHAR') {
      throw conflict(`point type and db type mismatch: tag ${key} is NCHAR, tag ${key} of ${stable.name} is ${existing.type.name}`);
    } else if (t.length > (existing.type.length ?? 0)) {
      actions.push({ type: 'modifyTag', name: ident(key), dataType: spec('NCHAR', t.length, true, t.point, key) });
    }
  }
  return actions;
}
