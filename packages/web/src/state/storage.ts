/**
 * Local storage and cookie access in one place, tolerant of a browser that refuses storage (private mode):
 * the app keeps working, it only forgets.
 */
export const StorageKey = {
  DEVICE_ID: 'tscloud.deviceId',
  SIDEBAR_OPEN: 'tscloud.sidebarOpen',
  LANGUAGE: 'tscloud.language',
  /** Last organization + instance per user: 'org' + userId (platform-shell.md §9). */
  orgOf: (userId: string) => `org${userId}`,
  /** Last visited route per user. */
  routeOf: (userId: string) => `tscloud.route.${userId}`,
  /** The path a failed chunk load was heading to, replayed after the reload (session storage). */
  CHUNK_RELOAD_PATH: 'tscloud.chunkReloadPath',
  /** The "src" query parameter of the first load (session storage). */
  SOURCE: 'tscloud.src',
  INSTANCE_TYPE: 'tscloud.instanceType',
  PROVIDER_VALUE: 'tscloud.providerValue',
  SHARED_DB_CODE: 'tscloud.sharedDbCode',
  PLATFORM_DB_ID: 'tscloud.platformDbId',
  /** The platform or shared database the explorer is to open ({ source, value }). */
  EXPLORER_DATABASE: 'tscloud.explorerDatabase',
  /** An invitation token waiting for the invitee to sign in. */
  PENDING_INVITATION: 'tscloud.pendingInvitation',
} as const;

function area(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson<T>(key: string, fallback: T, kind: 'local' | 'session' = 'local'): T {
  const raw = area(kind)?.getItem(key);
  if (raw === null || raw === undefined) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown, kind: 'local' | 'session' = 'local'): void {
  try {
    area(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or refused: the value is simply not remembered
  }
}

export function removeKey(key: string, kind: 'local' | 'session' = 'local'): void {
  area(kind)?.removeItem(key);
}

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`;
}
