import { describe, expect, it } from 'vitest';
import { chunkFailureAction, isChunkLoadError } from './chunkReload';

describe('chunk-load failure', () => {
  it('recognizes the errors browsers and bundlers give for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
  it('reloads once per path, then fails', () => {
    expect(chunkFailureAction(null, '/activity')).toBe('reload');
    expect(chunkFailureAction('/instances', '/activity')).toBe('reload');
    expect(chunkFailureAction('/activity', '/activity')).toBe('fail');
  });
});
