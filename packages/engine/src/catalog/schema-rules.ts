import { TdCode, TdError } from '../errors';
import { typeInfo, type TypeSpec } from '../types';
import type { ColumnDef } from './model';

/** Rules for the column and tag lists of CREATE STABLE / CREATE TABLE and ALTER (facts §2.2, §2.4). */
export const MAX_TAGS = 128;
export const MAX_COLUMNS = 4096;
export const MAX_TAG_ROW_BYTES = 16384;
/** TSDB_MAX_BYTES_PER_ROW: the timestamp included, a text column counting its length + 2 */
export const MAX_ROW_BYTES = 65531;
export const MAX_TABLE_NAME = 192;
export const MAX_DB_NAME = 64;

function byteWidth(t: TypeSpec): number {
  const info = typeInfo(t);
  if (info.hasLength) return (t.length ?? 0) * (t.name === 'NCHAR' ? 4 : 1) + 2;
  if (t.name === 'DECIMAL') return (t.precision ?? 10) <= 18 ? 8 : 16;
  return info.fixedBytes ?? 0;
}

function checkLength(def: ColumnDef, asTag: boolean): void {
  const info = typeInfo(def.type);
  if (!asTag && def.type.name === 'JSON') throw new TdError(TdCode.PAR_INVALID_COLUMN_JSON, 'Only tag can be json type');
  // TDengine's translator refuses DECIMAL types with its "invalid column" code (0x2602), as the goldens show
  if (asTag && def.type.name === 'DECIMAL') throw new TdError(TdCode.INVALID_COLUMN, 'Decimal type is not allowed for tag');
  if (asTag ? !info.allowedAsTag : !info.allowedAsColumn) {
    throw new TdError(TdCode.PAR_INVALID_TABLE_OPTION, `Invalid data type: ${def.type.name} can not be used as a ${asTag ? 'tag' : 'column'}`);
  }
  if (info.hasLength) {
    const max = asTag ? info.maxTagLength! : info.maxColumnLength!;
    const len = def.type.length;
    if (len === undefined || len < 1 || len > max) {
      throw new TdError(TdCode.PAR_INVALID_VAR_COLUMN_LEN, `Invalid binary/nchar column/tag length`);
    }
  }
  if (def.type.name === 'DECIMAL') {
    const p = def.type.precision ?? 10;
    const s = def.type.scale ?? 0;
    if (p < 1 || p > 38 || s < 0 || s > p) {
      throw new TdError(TdCode.INVALID_COLUMN, `Invalid column type DECIMAL(${p},${s}) , invalid precision or scale`);
    }
  }
}

/** The types a composite primary key (the second column) may have, as TDengine 3.3.7.5's checkTableSchema lists them. */
const PK_TYPES: ReadonlySet<string> = new Set(['INT', 'INT UNSIGNED', 'BIGINT', 'BIGINT UNSIGNED', 'VARCHAR']);

/** The column list of a super or normal table; `tags` is empty for a normal table. */
export function checkSchema(columns: ColumnDef[], tags: ColumnDef[], isStable: boolean): void {
  if (columns.length === 0 || columns[0].type.name !== 'TIMESTAMP') {
    throw new TdError(TdCode.PAR_INVALID_FIRST_COLUMN, 'First column must be timestamp');
  }
  if (columns.length < 2) throw new TdError(TdCode.PAR_INVALID_COLUMNS_NUM, 'Illegal number of columns');
  if (isStable && tags.length === 0) throw new TdError(TdCode.PAR_INVALID_TAGS_NUM, 'Invalid number of tag columns');
  if (tags.length > MAX_TAGS) throw new TdError(TdCode.PAR_INVALID_TAGS_NUM, 'Invalid number of tag columns');
  if (columns.length + tags.length > MAX_COLUMNS) {
    throw new TdError(TdCode.PAR_TOO_MANY_COLUMNS, 'Too many columns');
  }
  const seen = new Set<string>();
  for (const def of [...columns, ...tags]) {
    if (seen.has(def.name)) throw new TdError(TdCode.PAR_DUPLICATED_COLUMN, 'Duplicated column names');
    seen.add(def.name);
  }
  columns.forEach((c, i) => {
    checkLength(c, false);
    if (c.primaryKey && i !== 1) throw new TdError(TdCode.PAR_SECOND_COL_PK, 'composite primary key column must be second column');
    if (i > 0 && c.type.name === 'TIMESTAMP' && c.primaryKey) {
      throw new TdError(TdCode.PAR_INVALID_TABLE_OPTION, 'primary key column can not be timestamp');
    }
    if (c.primaryKey && !PK_TYPES.has(c.type.name)) {
      throw new TdError(TdCode.PAR_COL_PK_TYPE, 'composite primary key column must be of type int, uint, bigint, ubigint, and varchar');
    }
  });
  for (const t of tags) checkLength(t, true);
  if (tags.some((t) => t.type.name === 'JSON') && tags.length > 1) {
    throw new TdError(TdCode.PAR_ONLY_ONE_JSON_TAG, 'Only one tag if there is a json tag');
  }
  const rowBytes = columns.reduce((n, c) => n + byteWidth(c.type), 0);
  if (rowBytes > MAX_ROW_BYTES) throw new TdError(TdCode.PAR_INVALID_ROW_LENGTH, `Row length exceeds max length ${MAX_ROW_BYTES}`);
  const tagBytes = tags.reduce((n, c) => n + byteWidth(c.type), 0);
  if (tagBytes > MAX_TAG_ROW_BYTES) throw new TdError(TdCode.PAR_INVALID_TAGS_LENGTH, `Tags length exceeds max length ${MAX_TAG_ROW_BYTES}`);
}

/** ALTER ... MODIFY COLUMN/TAG: only a var-length type may grow. */
export function checkWidening(current: ColumnDef, next: TypeSpec, asTag: boolean): void {
  if (current.type.name !== next.name || !typeInfo(current.type).hasLength) {
    throw new TdError(TdCode.PAR_INVALID_MODIFY_COL, `Only binary/nchar/geometry column length could be modified`);
  }
  if ((next.length ?? 0) <= (current.type.length ?? 0)) {
    throw new TdError(TdCode.PAR_INVALID_MODIFY_COL, 'Only binary/nchar/geometry column length could be modified, and the length can only be increased, not decreased');
  }
  checkLength({ ...current, type: next }, asTag);
}

/** Table, column, database name rules: non-empty, within the length limit. */
export function checkName(name: string, max: number, what: 'db' | 'table' | 'column'): void {
  if (name.length === 0 || Buffer.byteLength(name) > max) {
    if (what === 'db') throw new TdError(TdCode.INVALID_DB_NAME, 'Invalid database name');
    throw new TdError(TdCode.INVALID_IDENTIFIER, 'Invalid identifier name');
  }
}
