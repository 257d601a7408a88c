/**
 * TDengine data types as data (facts §2.2). BINARY is an alias of VARCHAR and never reported as such.
 *
 * Length limits (decision, documented in docs/engine-sql.md): columns follow 3.0.5+ with 64 KB rows —
 * VARCHAR/VARBINARY/GEOMETRY 65517 bytes, NCHAR 16379 characters; tags keep the 16 KB tag-row limits —
 * VARCHAR/VARBINARY/GEOMETRY 16382 bytes, NCHAR 4093 characters.
 */

export const DATA_TYPE_NAMES = [
  'TIMESTAMP',
  'BOOL',
  'TINYINT',
  'SMALLINT',
  'INT',
  'BIGINT',
  'TINYINT UNSIGNED',
  'SMALLINT UNSIGNED',
  'INT UNSIGNED',
  'BIGINT UNSIGNED',
  'FLOAT',
  'DOUBLE',
  'VARCHAR',
  'NCHAR',
  'VARBINARY',
  'GEOMETRY',
  'DECIMAL',
  'JSON',
  'BLOB',
] as const;

export type DataTypeName = (typeof DATA_TYPE_NAMES)[number];

export type TypeCategory = 'timestamp' | 'bool' | 'integer' | 'float' | 'string' | 'binary' | 'decimal' | 'json';

export interface IntegerRange {
  min: bigint;
  max: bigint;
}

export interface DataTypeInfo {
  name: DataTypeName;
  category: TypeCategory;
  /** Byte width for fixed-size types; null when the declared length decides (VARCHAR(n) ...). */
  fixedBytes: number | null;
  /** True when the SQL declaration takes a length: VARCHAR(n), NCHAR(n), VARBINARY(n), GEOMETRY(n). */
  hasLength: boolean;
  unsigned: boolean;
  /** Value range for integer types (TDengine 3.x uses the full two's-complement range). */
  range?: IntegerRange;
  /** Max declared length for a data column / a tag (bytes; characters for NCHAR). */
  maxColumnLength?: number;
  maxTagLength?: number;
  /** Whether the type may be a data column / a tag. */
  allowedAsColumn: boolean;
  allowedAsTag: boolean;
}

const int = (bits: number, unsigned: boolean): IntegerRange =>
  unsigned
    ? { min: 0n, max: (1n << BigInt(bits)) - 1n }
    : { min: -(1n << BigInt(bits - 1)), max: (1n << BigInt(bits - 1)) - 1n };

/** The largest finite FLOAT (IEEE-754 single precision). */
export const FLOAT_MAX = 3.4028234663852886e38;
export const MAX_COLUMN_BYTES = 65517;
export const MAX_TAG_BYTES = 16382;
export const MAX_NCHAR_COLUMN_CHARS = 16379;
export const MAX_NCHAR_TAG_CHARS = 4093;
/** BLOB is reported with this length in column_meta (facts §1.4). */
export const BLOB_REPORTED_LENGTH = 4194304;
export const DECIMAL_MAX_PRECISION = 38;
/** DECIMAL(p) with p ≤ 18 is stored in 8 bytes, otherwise 16. */
export const DECIMAL64_MAX_PRECISION = 18;
export const DECIMAL_DEFAULT_SCALE = 0;

function fixed(
  name: DataTypeName,
  category: TypeCategory,
  bytes: number,
  extra: Partial<DataTypeInfo> = {},
): DataTypeInfo {
  return {
    name,
    category,
    fixedBytes: bytes,
    hasLength: false,
    unsigned: false,
    allowedAsColumn: true,
    allowedAsTag: true,
    ...extra,
  };
}

function sized(name: DataTypeName, category: TypeCategory, maxColumn: number, maxTag: number): DataTypeInfo {
  return {
    name,
    category,
    fixedBytes: null,
    hasLength: true,
    unsigned: false,
    maxColumnLength: maxColumn,
    maxTagLength: maxTag,
    allowedAsColumn: true,
    allowedAsTag: true,
  };
}

export const DATA_TYPES: Readonly<Record<DataTypeName, DataTypeInfo>> = {
  TIMESTAMP: fixed('TIMESTAMP', 'timestamp', 8),
  BOOL: fixed('BOOL', 'bool', 1),
  TINYINT: fixed('TINYINT', 'integer', 1, { range: int(8, false) }),
  SMALLINT: fixed('SMALLINT', 'integer', 2, { range: int(16, false) }),
  INT: fixed('INT', 'integer', 4, { range: int(32, false) }),
  BIGINT: fixed('BIGINT', 'integer', 8, { range: int(64, false) }),
  'TINYINT UNSIGNED': fixed('TINYINT UNSIGNED', 'integer', 1, { unsigned: true, range: int(8, true) }),
  'SMALLINT UNSIGNED': fixed('SMALLINT UNSIGNED', 'integer', 2, { unsigned: true, range: int(16, true) }),
  'INT UNSIGNED': fixed('INT UNSIGNED', 'integer', 4, { unsigned: true, range: int(32, true) }),
  'BIGINT UNSIGNED': fixed('BIGINT UNSIGNED', 'integer', 8, { unsigned: true, range: int(64, true) }),
  FLOAT: fixed('FLOAT', 'float', 4),
  DOUBLE: fixed('DOUBLE', 'float', 8),
  VARCHAR: sized('VARCHAR', 'string', MAX_COLUMN_BYTES, MAX_TAG_BYTES),
  NCHAR: sized('NCHAR', 'string', MAX_NCHAR_COLUMN_CHARS, MAX_NCHAR_TAG_CHARS),
  VARBINARY: sized('VARBINARY', 'binary', MAX_COLUMN_BYTES, MAX_TAG_BYTES),
  GEOMETRY: sized('GEOMETRY', 'binary', MAX_COLUMN_BYTES, MAX_TAG_BYTES),
  // DECIMAL: width depends on precision (8 or 16 bytes); columns only (3.3.6+).
  DECIMAL: {
    name: 'DECIMAL',
    category: 'decimal',
    fixedBytes: null,
    hasLength: false,
    unsigned: false,
    allowedAsColumn: true,
    allowedAsTag: false,
  },
  // JSON: tags only, and only as the single tag of a super table. Length reported as 4095 by TDengine.
  JSON: { ...fixed('JSON', 'json', 4095), allowedAsColumn: false },
  BLOB: { ...fixed('BLOB', 'binary', BLOB_REPORTED_LENGTH), allowedAsTag: false },
};

/** SQL spellings → canonical type name. Multi-word unsigned names are joined by the parser first. */
export const TYPE_ALIASES: Readonly<Record<string, DataTypeName>> = {
  TIMESTAMP: 'TIMESTAMP',
  BOOL: 'BOOL',
  TINYINT: 'TINYINT',
  SMALLINT: 'SMALLINT',
  INT: 'INT',
  INTEGER: 'INT',
  BIGINT: 'BIGINT',
  FLOAT: 'FLOAT',
  DOUBLE: 'DOUBLE',
  VARCHAR: 'VARCHAR',
  BINARY: 'VARCHAR',
  NCHAR: 'NCHAR',
  VARBINARY: 'VARBINARY',
  GEOMETRY: 'GEOMETRY',
  DECIMAL: 'DECIMAL',
  JSON: 'JSON',
  BLOB: 'BLOB',
};

export function dataTypeInfo(name: DataTypeName): DataTypeInfo {
  return DATA_TYPES[name];
}
