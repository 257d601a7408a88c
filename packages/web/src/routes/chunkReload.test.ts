import { afterEach, describe, expect, it } from 'vitest';
import { StorageKey, readJson, writeJson } from '../state/storage';
import { RELOAD_MARKER_TTL_MS, chunkFailureAction, freshMarkerPath, handleChunkFailure, isChunkLoadError, replayStoredPath } from './chunkReload';

const CHUNK_ERROR = new TypeError('Failed to fetch dynamically imported module: /assets/ActivityPage-x.js');

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('chunk-load failure', () => {
  it('recognizes the errors browsers and bundlers give for a missing chunk', () => {
    expect(isChunkLoadError(CHUNK_ERROR)).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
  it('reloads once per path, then fails', () => {
    expect(chunkFailureAction(null, '/activity')).toBe('reload');
    expect(chunkFailureAction('/instances', '/activity')).toBe('reload');
    expect(chunkFailureAction('/activity', '/activity')).toBe('fail');
  });
  it('a marker counts only for the reload that follows it: fresh, well formed', () => {
    const now = 1_000_000;
    expect(freshMarkerPath({ path: '/activity', at: now - 2000 }, now)).toBe('/activity');
    expect(freshMarkerPath({ path: '/activity', at: now - RELOAD_MARKER_TTL_MS }, now)).toBeNull();
    expect(freshMarkerPath('/activity', now)).toBeNull();
    expect(freshMarkerPath(null, now)).toBeNull();
  });
});

describe('the reload marker never outlives its reload (issue 14 item 8)', () => {
  it('start-up after the reload replays the path and takes the marker out of session storage', () => {
    writeJson(StorageKey.CHUNK_RELOAD_PATH, { path: '/activity?type=login', at: Date.now() }, 'session');
    replayStoredPath();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/activity?type=login');
    expect(readJson(StorageKey.CHUNK_RELOAD_PATH, null, 'session')).toBeNull();
  });

  it('a second failure of the same path is shown, and leaves nothing behind to hijack the next typed address', () => {
    writeJson(StorageKey.CHUNK_RELOAD_PATH, { path: '/activity', at: Date.now() }, 'session');
    replayStoredPath();
    expect(handleChunkFailure(CHUNK_ERROR)).toBe('fail');
    expect(readJson(StorageKey.CHUNK_RELOAD_PATH, null, 'session')).toBeNull();
    // The user types another address: a new page load starts at it.
    window.history.replaceState(null, '', '/instances');
    replayStoredPath();
    expect(window.location.pathname).toBe('/instances');
  });

  it('a marker left by a reload that never came (stale) does not move a later page load', () => {
    writeJson(StorageKey.CHUNK_RELOAD_PATH, { path: '/activity', at: Date.now() - RELOAD_MARKER_TTL_MS - 1 }, 'session');
    window.history.replaceState(null, '', '/instances');
    replayStoredPath();
    expect(window.location.pathname).toBe('/instances');
    expect(readJson(StorageKey.CHUNK_RELOAD_PATH, null, 'session')).toBeNull();
  });
});
