import { parse as parseLossless } from 'lossless-json';
import { exactNumber } from '@tscloud/contracts/sql';
import { ApiCode, ERROR_TOAST_SECONDS, REQUEST_TIMEOUT_MS, SESSION_ERROR_TOAST_SECONDS, pathOfNulCharacter } from '@tscloud/contracts';
import { ApiError, LocalCode } from './errors';
import { chooseErrorMessage, classify, networkErrorMessage, parseEnvelope, readBlobEnvelope } from './outcome';
import { buildUrl, type Query } from './url';

/**
 * The request layer of platform-shell.md §7–8, written once. Every server call of the app goes through `request`.
 * What it needs from the rest of the app (session, messages, texts) is injected with `configureHttp`, so this file
 * knows nothing about React, the session store or i18next.
 */
export interface HttpEnvironment {
  /**
   * The CSRF token of the open session (the readable cookie the server set beside the HttpOnly session cookie), or
   * null when no session is open. The session token itself is never in reach of the app's scripts.
   */
  csrfToken(): string | null;
  /** The current organization (Account-Id header). */
  orgId(): string | null;
  deviceId(): string;
  /** Accept-Language value (en or zh). */
  language(): string;
  /** Multi-factor headers held for the session (Verify-Token, MFA-Code), if any. */
  mfaHeaders(): { verifyToken?: string; mfaCode?: string };
  /**
   * Shows an error message for `seconds`; `closable` adds a close button. `call` names the call it is about
   * ("POST /uc/api/auth/login"), so a later success of that call can take it away (`clearErrors`).
   */
  showError(text: string, seconds: number, closable: boolean, call?: string): void;
  /** The call succeeded: the error messages it showed before are stale. */
  clearErrors?(call: string): void;
  /** The call was answered 439 after every retry: the app explains it where the user lands (issue 14 item 14). */
  onRetriesExhausted?(call: string): void;
  /** Texts for the generic messages, by key. */
  text(key: GenericTextKey): string;
  /** 432 / 512: clear multi-factor state and log out. */
  onSessionInvalid(): void;
  /** Absolute origin to resolve paths against (tests); the page's own origin when absent. */
  origin?: string;
}

export type GenericTextKey = 'validation.nulCharacter' | 'error.serviceUnavailable' | 'error.retriesExhausted' | 'error.sessionInvalid' | 'error.notLoggedIn' | 'errors.unknown' | 'errors.timeout';

export type Area = 'api' | 'auth';
const AREA_BASE: Record<Area, string> = { api: '/api', auth: '/uc/api' };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** JSON-serialised unless it is FormData, URLSearchParams or a Blob. */
  body?: unknown;
  /** 'auth' calls go to /uc/api and are sent without a session when there is none. */
  area?: Area;
  /** A main call the server answers without a session (the maintenance banner): not rejected locally. */
  public?: boolean;
  /** Default 60 s; SQL calls pass SQL_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Opt out of the error message (the caller handles the error itself). */
  silent?: boolean;
  /** A message shown instead of the server's on failure. */
  errorMessage?: string;
  responseType?: 'json' | 'blob';
  /**
   * Read integers beyond 2^53 as bigints (the SQL calls: BIGINT and BIGINT UNSIGNED cells), which JSON.parse
   * would round (9007199254740993 → …992). Off elsewhere: the native parser is faster.
   */
  exactNumbers?: boolean;
  /** Per-call multi-factor headers; override the session's. */
  verifyToken?: string;
  mfaCode?: string;
  signal?: AbortSignal;
}

let env: HttpEnvironment | null = null;

export function configureHttp(environment: HttpEnvironment): void {
  env = environment;
}

function environment(): HttpEnvironment {
  if (!env) throw new Error('configureHttp() must run before the first request');
  return env;
}

/**
 * Shows a failure as the request layer shows it (the app's message display), for a call made silent whose caller
 * decides itself whether and how long to show it; data functions use this instead of a UI component.
 */
export function showCallError(text: string, seconds: number = ERROR_TOAST_SECONDS, closable = true): void {
  environment().showError(text, seconds, closable);
}

function buildHeaders(e: HttpEnvironment, csrfToken: string | null, options: RequestOptions): Headers {
  const headers = new Headers();
  // The session travels in the HttpOnly cookie the browser sends by itself (same origin); a write proves it comes
  // from this app with the CSRF token, which only a page of this origin can read. A sign-in asks for that cookie.
  if (csrfToken) headers.set('X-CSRF-Token', csrfToken);
  headers.set('Session-Transport', 'cookie');
  const orgId = e.orgId();
  if (orgId) headers.set('Account-Id', orgId);
  headers.set('Device-Id', e.deviceId());
  headers.set('Accept-Language', e.language());
  const mfa = e.mfaHeaders();
  const verifyToken = options.verifyToken ?? mfa.verifyToken;
  const mfaCode = options.mfaCode ?? mfa.mfaCode;
  if (verifyToken) headers.set('Verify-Token', verifyToken);
  if (mfaCode) headers.set('MFA-Code', mfaCode);
  return headers;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** One round trip: resolves with the parsed envelope (or a Blob), rejects with a local ApiError. */
async function send(e: HttpEnvironment, url: string, init: RequestInit, options: RequestOptions): Promise<{ code: number; message: string; data: unknown }> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const type = response.headers.get('Content-Type') ?? '';
    if (options.responseType === 'blob' && !type.includes('application/json')) {
      const blob = await response.blob();
      if (response.ok) return { code: 200, message: '', data: blob };
      const envelope = await readBlobEnvelope(blob);
      return envelope ?? { code: response.status, message: '', data: null };
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = !text ? null : options.exactNumbers ? parseLossless(text, null, exactNumber) : JSON.parse(text);
    } catch {
      body = null;
    }
    const envelope = parseEnvelope(body);
    if (envelope) return envelope;
    throw new ApiError(response.ok ? LocalCode.BAD_RESPONSE : response.status, '', null);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(LocalCode.TIMEOUT, e.text('errors.timeout'));
    if (options.signal?.aborted) throw error;
    throw new ApiError(LocalCode.NETWORK, networkErrorMessage(error, e.text('errors.unknown')));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const e = environment();
  const area = options.area ?? 'api';
  const csrfToken = e.csrfToken();
  if (!csrfToken && area !== 'auth' && !options.public) {
    // §7: calls are rejected locally if there is no token (auth calls excepted); the session indicator stands for
    // the token, which scripts cannot read (docs/accounts.md).
    throw new ApiError(LocalCode.NO_TOKEN, e.text('error.notLoggedIn'));
  }
  // The server refuses a NUL character in any text (its NUL guard, contracts pathOfNulCharacter): so does the app,
  // before sending, with the same message.
  const nulAt = pathOfNulCharacter(options.body) ?? pathOfNulCharacter(options.query);
  if (nulAt !== null) {
    // The catalogue holds the contracts' messages (i18n/catalogues), in the language shown: contracts' `translate`
    // would bring every language's messages onto each page.
    const text = e.text('validation.nulCharacter');
    if (!options.silent) e.showError(text, ERROR_TOAST_SECONDS, true);
    throw new ApiError(ApiCode.BAD_REQUEST, text, { field: nulAt || 'body' });
  }
  const url = buildUrl(AREA_BASE[area], path, options.query, e.origin);
  const headers = buildHeaders(e, csrfToken, options);
  const init: RequestInit = { method: options.method ?? 'GET', headers, body: encodeBody(options.body, headers), credentials: 'same-origin' };
  const call = `${init.method} ${AREA_BASE[area]}${path}`;

  for (let attempt = 0; ; attempt++) {
    let envelope: { code: number; message: string; data: unknown };
    try {
      envelope = await send(e, url, init, options);
    } catch (error) {
      if (error instanceof ApiError && !options.silent) {
        const text = error.code === LocalCode.BAD_RESPONSE || error.code > 0 ? chooseErrorMessage(options.errorMessage, '', e.text('error.serviceUnavailable')) : error.message;
        e.showError(text, ERROR_TOAST_SECONDS, true, call);
      }
      throw error;
    }
    const outcome = classify(envelope.code, attempt);
    if (outcome.kind === 'retry') continue;
    if (outcome.kind === 'success') {
      e.clearErrors?.(call);
      return envelope.data as T;
    }
    if (outcome.kind === 'sessionInvalid') {
      e.showError(chooseErrorMessage(undefined, envelope.message, e.text('error.sessionInvalid')), SESSION_ERROR_TOAST_SECONDS, false);
      e.onSessionInvalid();
      throw new ApiError(envelope.code, envelope.message, envelope.data);
    }
    // 439 after every retry: the app is told even for a silent call, and the generic text says the server is busy.
    const exhausted = envelope.code === ApiCode.RETRY;
    if (exhausted) e.onRetriesExhausted?.(call);
    const text = chooseErrorMessage(options.errorMessage, envelope.message, e.text(exhausted ? 'error.retriesExhausted' : 'error.serviceUnavailable'));
    if (!options.silent) e.showError(text, ERROR_TOAST_SECONDS, true, call);
    throw new ApiError(envelope.code, envelope.message || text, envelope.data);
  }
}

type BodyLess = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T>(path: string, options?: BodyLess) => request<T>(path, { ...options, method: 'GET' }),
  delete: <T>(path: string, options?: BodyLess & { body?: unknown }) => request<T>(path, { ...options, method: 'DELETE' }),
  post: <T>(path: string, body?: unknown, options?: BodyLess) => request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyLess) => request<T>(path, { ...options, method: 'PUT', body }),
};
