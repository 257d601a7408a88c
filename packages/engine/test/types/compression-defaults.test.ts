import { describe, expect, it } from 'vitest';
import { defaultCompression } from '../../src/catalog/compression';

// DESCRIBE's encode/compress defaults as TDengine 3.3.7.5 shows them (02_types_numeric#3, 04_…#31, 20_system_tables).
describe('default column compression', () => {
  it('encodes BIGINT like the other integers (simple8b + lz4), TIMESTAMP with delta-i', () => {
    expect(defaultCompression({ name: 'BIGINT' })).toEqual({ encode: 'simple8b', compress: 'lz4', level: 'medium' });
    expect(defaultCompression({ name: 'BIGINT UNSIGNED' })).toEqual({ encode: 'simple8b', compress: 'lz4', level: 'medium' });
    expect(defaultCompression({ name: 'TIMESTAMP' })).toEqual({ encode: 'delta-i', compress: 'lz4', level: 'medium' });
  });

  it('compresses GEOMETRY with lz4, other byte and text types with zstd', () => {
    expect(defaultCompression({ name: 'GEOMETRY', length: 128 })).toEqual({ encode: 'disabled', compress: 'lz4', level: 'medium' });
    expect(defaultCompression({ name: 'VARBINARY', length: 8 })).toEqual({ encode: 'disabled', compress: 'zstd', level: 'medium' });
    expect(defaultCompression({ name: 'DECIMAL', precision: 10, scale: 2 })).toEqual({ encode: 'disabled', compress: 'zstd', level: 'medium' });
  });
});
