/**
 * The response envelope every server call answers with (platform-shell.md §7–8) and the codes it uses.
 * `code` 200 is success. Clients strip a leading "21" from codes before reading them (a legacy prefix some
 * deployments send), so 21432 reads as 432.
 */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const ApiCode = {
  SUCCESS: 200,
  REDIRECT: 302,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  /** Session invalid: the client shows a 5 s message, clears MFA state and logs out. */
  SESSION_INVALID: 432,
  /** The operation needs a multi-factor code or password (Verify-Token / MFA-Code headers). */
  MFA_REQUIRED: 433,
  /** Organization is read-only (orgStatus not ACTIVE). */
  ORG_READ_ONLY: 434,
  /** The account is not in a state that allows this (not activated, disabled…). */
  ACCOUNT_STATE: 435,
  /** Retry the same request (the client retries up to 5 times). */
  RETRY: 439,
  SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  /** Session expired: handled like 432. */
  SESSION_EXPIRED: 512,
} as const;

export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

export const SUCCESS_CODES: readonly number[] = [ApiCode.SUCCESS, ApiCode.REDIRECT];
export const SESSION_INVALID_CODES: readonly number[] = [ApiCode.SESSION_INVALID, ApiCode.SESSION_EXPIRED];

/** Reads a code as the client sees it: a leading "21" is stripped (21432 → 432). */
export function normalizeCode(code: number | string): number {
  const text = String(code);
  return Number(text.length > 3 && text.startsWith('21') ? text.slice(2) : text);
}

export function ok<T>(data: T, message = 'success'): ApiEnvelope<T> {
  return { code: ApiCode.SUCCESS, message, data };
}

/** A paged list as every list call returns it. */
export interface Page<T> {
  list: T[];
  total: number;
  current_page: number;
  page_size: number;
}
