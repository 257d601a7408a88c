import { StorageKey, readJson, removeKey, writeJson } from '../state/storage';

/**
 * A lazy page whose chunk fails to load (usually: a new version was deployed): the target path is stored, the
 * page reloads once, and the stored path is replayed at start-up (platform-shell.md §2). A second failure for
 * the same path is not reloaded again but shown.
 */
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_ERROR.test(message);
}

/** 'reload' the first time, 'fail' when this path was already reloaded for. */
export function chunkFailureAction(storedPath: string | null, path: string): 'reload' | 'fail' {
  return storedPath === path ? 'fail' : 'reload';
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function handleChunkFailure(error: unknown): 'reload' | 'fail' {
  if (!isChunkLoadError(error)) return 'fail';
  const path = currentPath();
  const action = chunkFailureAction(readJson<string | null>(StorageKey.CHUNK_RELOAD_PATH, null, 'session'), path);
  if (action === 'reload') {
    writeJson(StorageKey.CHUNK_RELOAD_PATH, path, 'session');
    window.location.reload();
  }
  return action;
}

/** At start-up: the path stored before the reload, put back into the address bar before the router starts. */
export function replayStoredPath(): void {
  const stored = readJson<string | null>(StorageKey.CHUNK_RELOAD_PATH, null, 'session');
  if (stored && stored !== currentPath()) window.history.replaceState(null, '', stored);
}

/** A page chunk loaded: the reload marker is no longer needed. */
export function chunkLoaded(): void {
  removeKey(StorageKey.CHUNK_RELOAD_PATH, 'session');
}
