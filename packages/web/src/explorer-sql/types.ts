/**
 * Column and tag types of the super table and table designers (data-explorer.md §5): lengths, maximum lengths and
 * the ENCODE / COMPRESS / LEVEL choices per type group (3.3.0 and later).
 */
export const COLUMN_TYPES = [
  'TIMESTAMP', 'INT', 'INT UNSIGNED', 'BIGINT', 'BIGINT UNSIGNED', 'FLOAT', 'DOUBLE', 'SMALLINT', 'SMALLINT UNSIGNED',
  'TINYINT', 'TINYINT UNSIGNED', 'BOOL', 'BINARY', 'VARCHAR', 'NCHAR', 'GEOMETRY', 'VARBINARY',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];
/** Tags take every column type and JSON (a JSON tag must be the only tag). */
export const TAG_TYPES = [...COLUMN_TYPES, 'JSON'] as const;
export type TagType = (typeof TAG_TYPES)[number];
export type FieldType = TagType;

/** §5 maximum lengths of the types written with a length in brackets. */
export const MAX_LENGTH: Readonly<Record<string, number>> = { BINARY: 16374, NCHAR: 4093, VARCHAR: 16374, GEOMETRY: 16382, VARBINARY: 16382 };
/** Length of a new string-like field; the default tag of a new super table is INT "of length 8" (no brackets). */
export const DEFAULT_LENGTH = 32;

export function hasLength(type: string): boolean {
  return type in MAX_LENGTH;
}

/** `VARCHAR(20)`, `INT`. */
export function typeText(type: string, length?: number | null): string {
  return hasLength(type) ? `${type}(${length ?? DEFAULT_LENGTH})` : type;
}

/** DESCRIBE prints `VARCHAR`, `NCHAR`, … with the length apart; BINARY is shown as VARCHAR. */
export function normaliseDescribedType(type: string): FieldType {
  const upper = type.toUpperCase().replace(/\(.*\)$/, '').trim();
  return ((TAG_TYPES as readonly string[]).includes(upper) ? upper : 'VARCHAR') as FieldType;
}

export const STRING_TYPES: ReadonlySet<string> = new Set(['BINARY', 'VARCHAR', 'NCHAR', 'GEOMETRY', 'VARBINARY', 'JSON']);
export const NUMBER_TYPES: ReadonlySet<string> = new Set([
  'INT', 'INT UNSIGNED', 'BIGINT', 'BIGINT UNSIGNED', 'FLOAT', 'DOUBLE', 'SMALLINT', 'SMALLINT UNSIGNED', 'TINYINT', 'TINYINT UNSIGNED',
]);
export const INTEGER_TYPES: ReadonlySet<string> = new Set([...NUMBER_TYPES].filter((t) => t !== 'FLOAT' && t !== 'DOUBLE'));

/** §5 compression groups. */
export type CompressionGroup = 'integer' | 'wideInteger' | 'float' | 'text' | 'bool';

export function compressionGroup(type: string): CompressionGroup {
  if (type === 'BIGINT' || type === 'BIGINT UNSIGNED' || type === 'TIMESTAMP') return 'wideInteger';
  if (type === 'FLOAT' || type === 'DOUBLE') return 'float';
  if (type === 'BOOL') return 'bool';
  if (INTEGER_TYPES.has(type)) return 'integer';
  return 'text';
}

/** ENCODE choices per group; the first is the default. */
export const ENCODE_OPTIONS: Readonly<Record<CompressionGroup, readonly string[]>> = {
  integer: ['simple8b'],
  wideInteger: ['delta-i', 'simple8b'],
  float: ['delta-d'],
  text: ['disabled'],
  bool: ['bit-packing'],
};
/** COMPRESS choices: FLOAT and DOUBLE add tsz; the others xz. */
export const FLOAT_COMPRESS_OPTIONS = ['lz4', 'zlib', 'zstd', 'tsz'] as const;
export const COMPRESS_OPTIONS = ['lz4', 'zlib', 'zstd', 'xz'] as const;
export const LEVEL_OPTIONS = ['high', 'medium', 'low'] as const;
export const DEFAULT_COMPRESS = 'lz4';
export const DEFAULT_LEVEL = 'medium';

export function encodeOptions(type: string): readonly string[] {
  return ENCODE_OPTIONS[compressionGroup(type)];
}

export function compressOptions(type: string): readonly string[] {
  return compressionGroup(type) === 'float' ? FLOAT_COMPRESS_OPTIONS : COMPRESS_OPTIONS;
}

/** The defaults of a column of this type: its group's first encoding, lz4, medium. */
export function compressionDefaults(type: string): { encode: string; compress: string; level: string } {
  return { encode: encodeOptions(type)[0], compress: DEFAULT_COMPRESS, level: DEFAULT_LEVEL };
}

/** Version from which columns carry ENCODE/COMPRESS/LEVEL and a second-column PRIMARY KEY (§3 "3.3.0 extras"). */
export const COMPRESSION_VERSION = '3.3.0.0';
/** Types a composite primary key (the second column) may have. */
export const PRIMARY_KEY_TYPES: ReadonlySet<string> = new Set([...INTEGER_TYPES, 'VARCHAR', 'BINARY']);
