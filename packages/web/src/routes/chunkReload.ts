import { StorageKey, readJson, removeKey, writeJson } from '../state/storage';

/**
 * A lazy page whose chunk fails to load (usually: a new version was deployed): the target path is stored, the
 * page reloads once, and the stored path is replayed at start-up (platform-shell.md §2). A second failure for
 * the same path is not reloaded again but shown.
 *
 * The stored marker lives only across that one reload: start-up takes it out of session storage (and keeps the
 * path in memory for the "second failure" check), and a marker older than the reload could take is ignored, so a
 * later address typed in the tab is never replaced by it (issue 14 item 8).
 */
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed|Unable to preload CSS/i;

/** A reload starts the app again within seconds; a marker older than this was left by a reload that never came. */
export const RELOAD_MARKER_TTL_MS = 30_000;

interface ReloadMarker {
  path: string;
  at: number;
}

/**
 * The path this page load was reloaded for (taken from the marker at start-up), or null. It stays for the page
 * load: the console shell's chunk loading fine must not re-arm the reload of the page that failed (a loop).
 */
let reloadedFor: string | null = null;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_ERROR.test(message);
}

/** 'reload' the first time, 'fail' when this page load was already a reload for this path. */
export function chunkFailureAction(reloadedForPath: string | null, path: string): 'reload' | 'fail' {
  return reloadedForPath === path ? 'fail' : 'reload';
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function handleChunkFailure(error: unknown): 'reload' | 'fail' {
  if (!isChunkLoadError(error)) return 'fail';
  const path = currentPath();
  const action = chunkFailureAction(reloadedFor, path);
  if (action === 'reload') {
    const marker: ReloadMarker = { path, at: Date.now() };
    writeJson(StorageKey.CHUNK_RELOAD_PATH, marker, 'session');
    window.location.reload();
  }
  return action;
}

/** The marker's path when it was written for the reload that started this page load, else null. */
export function freshMarkerPath(marker: unknown, now: number): string | null {
  if (typeof marker !== 'object' || marker === null) return null;
  const { path, at } = marker as Partial<ReloadMarker>;
  if (typeof path !== 'string' || typeof at !== 'number') return null;
  return now - at >= 0 && now - at < RELOAD_MARKER_TTL_MS ? path : null;
}

/**
 * At start-up, before the router reads the address: takes the marker out of session storage and, when it was
 * written for this reload, puts its path back into the address bar.
 */
export function replayStoredPath(now = Date.now()): void {
  const path = freshMarkerPath(readJson<unknown>(StorageKey.CHUNK_RELOAD_PATH, null, 'session'), now);
  removeKey(StorageKey.CHUNK_RELOAD_PATH, 'session');
  reloadedFor = path;
  if (path && path !== currentPath()) window.history.replaceState(null, '', path);
}
