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

/**
 * The encodings a column of the type may take, as TDengine 3.3.7.5's validColEncode allows them ('disabled' fits
 * every type): integers up to 32 bits simple8b, 64-bit integers simple8b or delta-i, TIMESTAMP delta-i, FLOAT and
 * DOUBLE delta-d, BOOL bit-packing, text, binary, JSON and DECIMAL none but 'disabled'.
 */
function encodesOf(type: TypeSpec): readonly string[] {
  switch (type.name) {
    case 'TINYINT':
    case 'SMALLINT':
    case 'INT':
    case 'TINYINT UNSIGNED':
    case 'SMALLINT UNSIGNED':
    case 'INT UNSIGNED':
      return ['simple8b', 'disabled'];
    case 'BIGINT':
    case 'BIGINT UNSIGNED':
      return ['simple8b', 'delta-i', 'disabled'];
    case 'TIMESTAMP':
      return ['delta-i', 'disabled'];
    case 'FLOAT':
    case 'DOUBLE':
      return ['delta-d', 'disabled'];
    case 'BOOL':
      return ['bit-packing', 'disabled'];
    default:
      return ['disabled'];
  }
}

/**
 * Validated ENCODE/COMPRESS/LEVEL values, falling back to the type's defaults. As TDengine's checkColumnOptions: an
 * unknown encoding, or one the type cannot take, is 0x0231 "Invalid encode param"; an unknown compressor, or tsz for
 * a type other than FLOAT/DOUBLE, is 0x0233 "Invalid compress param"; an unknown level is 0x0234. `byName`: the
 * names only (ALTER … MODIFY COLUMN merges the given values with the stored ones, checked against the type apart).
 */
export function resolveCompression(
  type: TypeSpec,
  given: { encode?: string; compress?: string; level?: string },
  byName = false,
): { encode: string; compress: string; level: string } {
  const d = defaultCompression(type);
  const encode = given.encode?.toLowerCase() ?? d.encode;
  const compress = given.compress?.toLowerCase() ?? d.compress;
  const levelRaw = given.level?.toLowerCase();
  const encodeFits = (ENCODES as readonly string[]).includes(encode) && (byName || encodesOf(type).includes(encode));
  if (!encodeFits) throw new TdError(TdCode.TSC_ENCODE_PARAM_ERROR, 'Invalid encode param');
  const floating = type.name === 'FLOAT' || type.name === 'DOUBLE';
  const compressFits = (COMPRESSORS as readonly string[]).includes(compress) && (byName || compress !== 'tsz' || floating);
  if (!compressFits) throw new TdError(TdCode.TSC_COMPRESS_PARAM_ERROR, 'Invalid compress param');
  const level = levelRaw === undefined ? d.level : LEVELS[levelRaw];
  if (!level) throw new TdError(TdCode.TSC_COMPRESS_LEVEL_ERROR, 'Invalid compress level param');
  return { encode, compress, level };
}
