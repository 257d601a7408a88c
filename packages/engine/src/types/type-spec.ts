import {
  BLOB_REPORTED_LENGTH,
  DATA_TYPES,
  DECIMAL64_MAX_PRECISION,
  type DataTypeInfo,
  type DataTypeName,
} from './data-types';

/** A declared type: `VARCHAR(20)`, `DECIMAL(20, 4)`, `INT UNSIGNED` ... */
export interface TypeSpec {
  name: DataTypeName;
  /**
   * Declared length for VARCHAR/NCHAR/VARBINARY/GEOMETRY (bytes; characters for NCHAR). For DECIMAL the width a
   * result reports when it is not the stored one (a CAST reports 64, arithmetic 16), unset for columns.
   */
  length?: number;
  /** DECIMAL precision and scale. */
  precision?: number;
  scale?: number;
}

export function typeInfo(spec: TypeSpec | DataTypeName): DataTypeInfo {
  return DATA_TYPES[typeof spec === 'string' ? spec : spec.name];
}

/**
 * The type as SHOW CREATE, SHOW TAGS and ins_columns/ins_tags print it: `VARCHAR(20)`, `NCHAR(10)`,
 * `DECIMAL(20,4)`, `INT UNSIGNED`. (DESCRIBE's `type` column shows only the name for sized types and
 * `DECIMAL(20, 4)` with a space: describeTypeName.)
 */
export function formatTypeSpec(spec: TypeSpec): string {
  const info = DATA_TYPES[spec.name];
  if (info.hasLength && spec.length !== undefined) return `${spec.name}(${spec.length})`;
  if (spec.name === 'DECIMAL') return `DECIMAL(${spec.precision ?? 10},${spec.scale ?? 0})`;
  return spec.name;
}

/** The type name as REST `column_meta` reports it: sized types by bare name, DECIMAL as `DECIMAL(p,s)`. */
export function restTypeName(spec: TypeSpec): string {
  if (spec.name === 'DECIMAL') return `DECIMAL(${spec.precision ?? 10},${spec.scale ?? 0})`;
  return spec.name;
}

/** The DESCRIBE `type` column: like REST but DECIMAL with a space, `DECIMAL(20, 4)`. */
export function describeTypeName(spec: TypeSpec): string {
  if (spec.name === 'DECIMAL') return `DECIMAL(${spec.precision ?? 10}, ${spec.scale ?? 0})`;
  return spec.name;
}

/** REST `column_meta` / DESCRIBE length: declared length for sized types, byte width otherwise. */
export function typeLength(spec: TypeSpec): number {
  const info = DATA_TYPES[spec.name];
  if (info.hasLength) return spec.length ?? 0;
  if (spec.name === 'DECIMAL') return spec.length ?? ((spec.precision ?? 10) <= DECIMAL64_MAX_PRECISION ? 8 : 16);
  if (spec.name === 'BLOB') return BLOB_REPORTED_LENGTH;
  return info.fixedBytes ?? 0;
}

export const isInteger = (t: TypeSpec | DataTypeName): boolean => typeInfo(t).category === 'integer';
export const isUnsigned = (t: TypeSpec | DataTypeName): boolean => typeInfo(t).unsigned;
export const isFloat = (t: TypeSpec | DataTypeName): boolean => typeInfo(t).category === 'float';
export const isDecimal = (t: TypeSpec | DataTypeName): boolean => typeInfo(t).category === 'decimal';
export const isNumeric = (t: TypeSpec | DataTypeName): boolean => {
  const c = typeInfo(t).category;
  return c === 'integer' || c === 'float' || c === 'decimal';
};
/** VARCHAR and NCHAR: text values. */
export const isString = (t: TypeSpec | DataTypeName): boolean => typeInfo(t).category === 'string';
/** VARBINARY, GEOMETRY, BLOB: byte values (hex on output). */
export const isBinary = (t: TypeSpec | DataTypeName): boolean => typeInfo(t).category === 'binary';
/** Types declared with a length whose width may grow by ALTER ... MODIFY. */
export const isVarLength = (t: TypeSpec | DataTypeName): boolean => typeInfo(t).hasLength;
export const isTimestamp = (t: TypeSpec | DataTypeName): boolean => typeInfo(t).category === 'timestamp';
export const isBool = (t: TypeSpec | DataTypeName): boolean => typeInfo(t).category === 'bool';
export const isJson = (t: TypeSpec | DataTypeName): boolean => typeInfo(t).category === 'json';

export function sameType(a: TypeSpec, b: TypeSpec): boolean {
  return a.name === b.name && a.length === b.length && a.precision === b.precision && a.scale === b.scale;
}
