import type { TypeSpec } from '../types';
import { TdCode, TdError } from '../errors';

/**
 * Default ENCODE/COMPRESS per type and the accepted values of the column options. Defaults as TDengine 3.3.7.5's
 * DESCRIBE shows them (conformance goldens): BIGINT is simple8b like the other integers, not delta-i as older
 * documentation says (facts §2.4); GEOMETRY is compressed with lz4, the other byte and text types with zstd.
 */
export const ENCODES = ['simple8b', 'bit-packing', 'delta-i', 'delta-d', 'disabled'] as const;
export const COMPRESSORS = ['lz4', 'zlib', 'zstd', 'tsz', 'xz', 'disabled'] as const;
const LEVELS: Record<string, string> = { high: 'high', h: 'high', medium: 'medium', m: 'medium', low: 'low', l: 'low' };

export function defaultCompression(type: TypeSpec): { encode: string; compress: string; level: string } {
  const level = 'medium';
  switch (type.name) {
    case 'TINYINT':
    case 'SMALLINT':
    case 'TINYINT UNSIGNED':
    case 'SMALLINT UNSIGNED':
      return { encode: 'simple8b', compress: 'zlib', level };
    case 'INT':
    case 'INT UNSIGNED':
    case 'BIGINT':
    case 'BIGINT UNSIGNED':
      return { encode: 'simple8b', compress: 'lz4', level };
    case 'TIMESTAMP':
      return { encode: 'delta-i', compress: 'lz4', level };
    case 'FLOAT':
    case 'DOUBLE':
      return { encode: 'delta-d', compress: 'lz4', level };
    case 'BOOL':
      return { encode: 'bit-packing', compress: 'zstd', level };
    case 'GEOMETRY':
      return { encode: 'disabled', compress: 'lz4', level };
    default:
      return { encode: 'disabled', compress: 'zstd', level };
  }
}

function bad(what: string, value: string): TdError {
  return new TdError(TdCode.PAR_INVALID_TABLE_OPTION, `Invalid column option: ${what} '${value}'`);
}

/** Validated ENCODE/COMPRESS/LEVEL values, falling back to the type's defaults. */
export function resolveCompression(
  type: TypeSpec,
  given: { encode?: string; compress?: string; level?: string },
): { encode: string; compress: string; level: string } {
  const d = defaultCompression(type);
  const encode = given.encode?.toLowerCase() ?? d.encode;
  const compress = given.compress?.toLowerCase() ?? d.compress;
  const levelRaw = given.level?.toLowerCase();
  if (!(ENCODES as readonly string[]).includes(encode)) throw bad('encode', encode);
  if (!(COMPRESSORS as readonly string[]).includes(compress)) throw bad('compress', compress);
  const level = levelRaw === undefined ? d.level : LEVELS[levelRaw];
  if (!level) throw bad('level', levelRaw ?? '');
  return { encode, compress, level };
}
