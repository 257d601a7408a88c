import type { ApiEnvelope } from '@tscloud/contracts';
import type { TestApp } from '../support/app';
import { createActiveUser, createSession } from '../../src/platform/accounts';
import type { UserRow } from '../../src/store/schema';

export interface Caller {
  user: UserRow;
  token: string;
  /** Calls the API as this user, acting in `orgId` (Account-Id) when given. */
  call<T = unknown>(method: string, url: string, body?: unknown, orgId?: string | null, headers?: Record<string, string>): Promise<ApiEnvelope<T>>;
}

/** Sends one request and returns the envelope. */
export async function request<T = unknown>(t: TestApp, options: { method: string; url: string; token?: string | null; orgId?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<ApiEnvelope<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.orgId) headers['account-id'] = options.orgId;
  const res = await t.app.inject({ method: options.method as 'GET', url: options.url, headers, payload: options.body === undefined ? undefined : (options.body as object) });
  return res.json() as ApiEnvelope<T>;
}

/** An active account (accounts' service) with a session; the account-status is normal (2). */
export async function signedIn(t: TestApp, email: string, firstName = 'Tester'): Promise<Caller> {
  const user = await createActiveUser(t.store.db, t.clock, { email, password: null, firstName, lastName: 'User', accountStatus: 2 });
  return newSession(t, user);
}

/** A new session for a user (after a fake clock outran the old one). */
export async function newSession(t: TestApp, user: UserRow): Promise<Caller> {
  const { token } = await createSession(t.store.db, t.clock, user.id);
  return {
    user,
    token,
    call: (method, url, body, orgId, headers) => request(t, { method, url, token, orgId, body, headers }),
  };
}

/** Creates an organization as `owner` and returns its id. */
export async function createOrg(owner: Caller, name: string): Promise<string> {
  const res = await owner.call<{ orgId: string }>('POST', '/api/org', { name });
  if (res.code !== 200) throw new Error(`create org ${name}: ${res.code} ${res.message}`);
  return res.data.orgId;
}
