import { readFileSync, existsSync } from 'node:fs';
import { TOTP, Secret } from 'otpauth';
import { expect } from 'vitest';
import type { ApiEnvelope } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { smsLogPath } from '../../src/sms';
import { createTestApp, type TestApp } from '../support/app';
import { TestMailbox, type ReceivedMail } from '../support/mailbox';

export const PASSWORD = 'Secret.123';

export interface AccountsTestApp extends TestApp {
  clock: FakeClock;
}

export async function createAccountsApp(): Promise<AccountsTestApp> {
  return (await createTestApp({ clock: new FakeClock() })) as AccountsTestApp;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  lang?: 'en' | 'zh';
  headers?: Record<string, string>;
  ip?: string;
}

/** Calls the server and returns the envelope. */
export async function call<T = unknown>(t: TestApp, method: string, url: string, options: CallOptions = {}): Promise<ApiEnvelope<T>> {
  const headers: Record<string, string> = { 'accept-language': options.lang === 'zh' ? 'zh-CN' : 'en-US', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers,
    payload: options.body as Record<string, unknown> | undefined,
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return res.json() as ApiEnvelope<T>;
}

/** Expects a refusal with that code and exact message. */
export function expectRefusal(envelope: ApiEnvelope, code: number, message: string): void {
  expect({ code: envelope.code, message: envelope.message }).toEqual({ code, message });
}

/** Waits for the (count+1)-th mail to `to` whose subject matches. */
export async function nthMail(mailbox: TestMailbox, to: string, subject: RegExp, index = 0, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailbox.messages.filter((m) => m.to.includes(to) && subject.test(m.subject));
    if (found.length > index) return found[index];
    if (Date.now() > deadline) throw new Error(`mail #${index + 1} to ${to} matching ${subject} did not arrive`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The token query parameter of the link in a mail that contains `fragment`. */
export function tokenFromMail(mail: ReceivedMail, fragment: string): string {
  const link = TestMailbox.linkIn(mail, fragment);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

export const ACTIVATION_SUBJECT = /Activate your tscloud account|激活您的 tscloud 账号/;
export const RESET_SUBJECT = /Reset your tscloud password|重置您的 tscloud 密码/;

export function signupBody(email: string, extra: Record<string, unknown> = {}) {
  return { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical', acceptTerms: true, ...extra };
}

/** Signs up, activates from the real mail and signs in; returns the bearer token. */
export async function activeAccount(t: TestApp, email: string, lang: 'en' | 'zh' = 'en'): Promise<string> {
  const before = t.mailbox.messages.filter((m) => m.to.includes(email) && ACTIVATION_SUBJECT.test(m.subject)).length;
  const signup = await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email), lang });
  expect(signup.code).toBe(200);
  const mail = await nthMail(t.mailbox, email, ACTIVATION_SUBJECT, before);
  const token = tokenFromMail(mail, '/auth/activate');
  expect((await call(t, 'POST', '/uc/api/auth/activate', { body: { token, password: PASSWORD } })).code).toBe(200);
  return signIn(t, email);
}

export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const login = await call<{ token: string }>(t, 'POST', '/uc/api/auth/login', { body: { email, password } });
  expect(login.code).toBe(200);
  return login.data.token;
}

/** A TOTP code computed the way an authenticator app does, at the server's (fake) time. */
export function totpCode(secret: string, clock: FakeClock): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: clock.now() });
}

/** The text messages the SMS provider wrote to DATA_DIR/outbox/sms.log. */
export function sentSms(t: TestApp): Array<{ phone: string; text: string }> {
  const path = smsLogPath(t.dataDir);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { phone: string; text: string });
}
