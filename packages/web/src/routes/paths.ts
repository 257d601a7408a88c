/** Paths the shell's logic refers to by name (platform-shell.md §2). */
export const Paths = {
  ROOT: '/',
  AUTH: '/auth',
  LOGIN: '/auth/login',
  /** Where identity providers send the browser back (docs/sso.md). */
  AUTHORIZE: '/auth/authorize',
  SIGNUP: '/auth/signup',
  FORGOT: '/auth/forgot',
  CHECK: '/auth/check',
  VERIFY: '/auth/verify',
  MAINTENANCE: '/auth/maintenance',
  ACTIVATE: '/auth/activate',
  TERMS: '/tdcsvc',
  REGISTER: '/register',
  VERIFIED: '/verified',
  SELECT_RESOURCE: '/selectResource',
  CREATE_FIRST_INSTANCE: '/createFirstInstance',
  INSTANCES: '/instances',
  EXPLORER: '/explorer',
  DATA_IN: '/dataIn',
  DATA_IN_AGENTS: '/dataIn/dataCollectionAgents',
  SETTING: '/setting',
  ALERT: '/alert',
} as const;

/** Reachable without the normal user-state check (rule 4). */
export const EXEMPT_PATHS: readonly string[] = [Paths.ACTIVATE, Paths.TERMS, Paths.VERIFIED, Paths.SELECT_RESOURCE];

export function isAuthPath(path: string): boolean {
  return path === Paths.AUTH || path.startsWith(`${Paths.AUTH}/`);
}

/** '/a/b/' and '/a/b' are the same page. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}
