import { describe, expect, it } from 'vitest';
import {
  DATA_TYPES,
  DATA_TYPE_NAMES,
  TYPE_ALIASES,
  describeTypeName,
  formatTypeSpec,
  isBinary,
  isInteger,
  isNumeric,
  isString,
  isUnsigned,
  isVarLength,
  restTypeName,
  typeLength,
} from '../../src/types';

describe('data types', () => {
  it('has an entry for every type name', () => {
    for (const name of DATA_TYPE_NAMES) expect(DATA_TYPES[name].name).toBe(name);
  });

  it('gives integer ranges including unsigned ones', () => {
    expect(DATA_TYPES.TINYINT.range).toEqual({ min: -128n, max: 127n });
    expect(DATA_TYPES['TINYINT UNSIGNED'].range).toEqual({ min: 0n, max: 255n });
    expect(DATA_TYPES.INT.range).toEqual({ min: -2147483648n, max: 2147483647n });
    expect(DATA_TYPES['BIGINT UNSIGNED'].range?.max).toBe(18446744073709551615n);
    expect(DATA_TYPES.BIGINT.range?.min).toBe(-9223372036854775808n);
  });

  it('knows fixed widths and sized types', () => {
    expect(DATA_TYPES.TIMESTAMP.fixedBytes).toBe(8);
    expect(DATA_TYPES.BOOL.fixedBytes).toBe(1);
    expect(DATA_TYPES.SMALLINT.fixedBytes).toBe(2);
    expect(DATA_TYPES.FLOAT.fixedBytes).toBe(4);
    expect(DATA_TYPES.VARCHAR.hasLength).toBe(true);
    expect(DATA_TYPES.VARCHAR.maxColumnLength).toBe(65517);
    expect(DATA_TYPES.VARCHAR.maxTagLength).toBe(16382);
    expect(DATA_TYPES.NCHAR.maxColumnLength).toBe(16379);
    expect(DATA_TYPES.NCHAR.maxTagLength).toBe(4093);
    expect(DATA_TYPES.JSON.allowedAsColumn).toBe(false);
    expect(DATA_TYPES.DECIMAL.allowedAsTag).toBe(false);
  });

  it('treats BINARY as VARCHAR', () => {
    expect(TYPE_ALIASES.BINARY).toBe('VARCHAR');
    expect(TYPE_ALIASES.INTEGER).toBe('INT');
  });

  it('formats type specs like SHOW CREATE and ins_columns (DECIMAL without a space), DESCRIBE with one', () => {
    expect(formatTypeSpec({ name: 'VARCHAR', length: 20 })).toBe('VARCHAR(20)');
    expect(formatTypeSpec({ name: 'NCHAR', length: 8 })).toBe('NCHAR(8)');
    expect(formatTypeSpec({ name: 'DECIMAL', precision: 20, scale: 4 })).toBe('DECIMAL(20,4)');
    expect(formatTypeSpec({ name: 'INT UNSIGNED' })).toBe('INT UNSIGNED');
    expect(describeTypeName({ name: 'VARCHAR', length: 20 })).toBe('VARCHAR');
    expect(describeTypeName({ name: 'DECIMAL', precision: 20, scale: 4 })).toBe('DECIMAL(20, 4)');
    expect(restTypeName({ name: 'DECIMAL', precision: 20, scale: 4 })).toBe('DECIMAL(20,4)');
    expect(restTypeName({ name: 'NCHAR', length: 3 })).toBe('NCHAR');
  });

  it('reports column_meta lengths', () => {
    expect(typeLength({ name: 'VARCHAR', length: 24 })).toBe(24);
    expect(typeLength({ name: 'NCHAR', length: 10 })).toBe(10);
    expect(typeLength({ name: 'BIGINT' })).toBe(8);
    expect(typeLength({ name: 'DECIMAL', precision: 18, scale: 2 })).toBe(8);
    expect(typeLength({ name: 'DECIMAL', precision: 30, scale: 2 })).toBe(16);
    expect(typeLength({ name: 'BLOB' })).toBe(4194304);
  });

  it('classifies types', () => {
    expect(isInteger('SMALLINT UNSIGNED')).toBe(true);
    expect(isUnsigned('SMALLINT UNSIGNED')).toBe(true);
    expect(isUnsigned('SMALLINT')).toBe(false);
    expect(isNumeric({ name: 'DOUBLE' })).toBe(true);
    expect(isNumeric('DECIMAL')).toBe(true);
    expect(isNumeric('VARCHAR')).toBe(false);
    expect(isString('NCHAR')).toBe(true);
    expect(isString('VARBINARY')).toBe(false);
    expect(isBinary('GEOMETRY')).toBe(true);
    expect(isVarLength('GEOMETRY')).toBe(true);
    expect(isVarLength('TIMESTAMP')).toBe(false);
  });
});
