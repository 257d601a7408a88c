import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { ApiCode, EMAIL_CODE_MAX_PER_TTL, EMAIL_CODE_TTL_MS, type Language } from '@tscloud/contracts';
import type { Clock } from '../../clock';
import type { Db } from '../../store/database';
import { emailCodes, type EmailCodePurpose } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { hashToken } from '../sessions';
import { throttledGuess } from '../auth/attempts';

/**
 * 6-digit codes sent to an address (an e-mail; for the prompt's phone channel, a phone), following the phone-code
 * rules of §5: valid EMAIL_CODE_TTL_MS (10 min), at most EMAIL_CODE_MAX_PER_TTL codes per address and purpose
 * within that time, stored hashed, the latest unused code counts, wrong codes throttled like sign-in failures.
 */
const codeHash = (purpose: EmailCodePurpose, address: string, code: string) => hashToken(`${purpose}\n${address}\n${code}`);

export interface IssuedCode {
  code: string;
  expiresAt: number;
}

export async function issueCode(db: Db, clock: Clock, input: { address: string; purpose: EmailCodePurpose; userId?: string | null }): Promise<IssuedCode> {
  const now = clock.now();
  const recent = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, input.address), eq(emailCodes.purpose, input.purpose), gt(emailCodes.createdAt, now - EMAIL_CODE_TTL_MS)));
  if (Number(recent[0]?.n ?? 0) >= EMAIL_CODE_MAX_PER_TTL) throw new ApiError(ApiCode.TOO_MANY_REQUESTS, 'error.tooManyAttempts');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = now + EMAIL_CODE_TTL_MS;
  await db.insert(emailCodes).values({
    id: randomUUID(),
    email: input.address,
    purpose: input.purpose,
    userId: input.userId ?? null,
    codeHash: codeHash(input.purpose, input.address, code),
    createdAt: now,
    expiresAt,
  });
  return { code, expiresAt };
}

async function latestUnused(db: Db, address: string, purpose: EmailCodePurpose) {
  const rows = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, address), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * POST /uc/api/auth/verify-code {email, code}: confirms the latest code sent to the address. Wrong:
 * 'error.wrongCode'; expired: 'error.codeExpired'. Answers until when the verified code may be used.
 */
export async function verifyEmailCode(db: Db, clock: Clock, address: string, code: string, ip: string): Promise<number> {
  const latest = await latestUnused(db, address, 'verify');
  const guess = { subject: `email-code:${address}`, address: ip };
  if (!latest || !(await throttledGuess(db, clock, guess, async () => latest.codeHash === codeHash('verify', address, code)))) {
    throw new ApiError(ApiCode.BAD_REQUEST, 'error.wrongCode');
  }
  if (latest.expiresAt <= clock.now()) throw new ApiError(ApiCode.BAD_REQUEST, 'error.codeExpired');
  await db.update(emailCodes).set({ verifiedAt: clock.now() }).where(eq(emailCodes.id, latest.id));
  return latest.expiresAt;
}

/** Uses up a verified, unexpired code of the address (registration); false when there is none. */
export async function consumeVerifiedEmail(db: Db, clock: Clock, address: string): Promise<boolean> {
  const now = clock.now();
  const used = await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.email, address), eq(emailCodes.purpose, 'verify'), isNotNull(emailCodes.verifiedAt), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, now)))
    .returning({ id: emailCodes.id });
  return used.length > 0;
}

/** The verification-code prompt: the latest unused, unexpired prompt code of the user, used up once it matches. */
export async function consumePromptCode(db: Db, clock: Clock, userId: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const now = clock.now();
  const rows = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, 'prompt'), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, now)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  const latest = rows[0];
  if (!latest || latest.codeHash !== codeHash('prompt', latest.email, code)) return false;
  const used = await db
    .update(emailCodes)
    .set({ usedAt: now, verifiedAt: now })
    .where(and(eq(emailCodes.id, latest.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  return used.length > 0;
}

const MAIL: Record<Language, (code: string, minutes: number) => { subject: string; text: string }> = {
  en: (code, minutes) => ({
    subject: 'Your tscloud verification code',
    text: [`Your tscloud verification code is ${code}.`, '', `It is valid for ${minutes} minutes. If you did not ask for it, ignore this mail.`].join('\n'),
  }),
  zh: (code, minutes) => ({
    subject: '您的 tscloud 验证码',
    text: [`您的 tscloud 验证码是 ${code}。`, '', `${minutes} 分钟内有效。如果不是您本人操作，请忽略此邮件。`].join('\n'),
  }),
};

export function codeMail(language: Language, to: string, code: string): { to: string; subject: string; text: string } {
  return { to, ...MAIL[language](code, EMAIL_CODE_TTL_MS / 60_000) };
}

export const CODE_SMS: Record<Language, (code: string) => string> = {
  en: (code) => `Your tscloud verification code is ${code}. It is valid for ${EMAIL_CODE_TTL_MS / 60_000} minutes.`,
  zh: (code) => `您的 tscloud 验证码是 ${code}，${EMAIL_CODE_TTL_MS / 60_000} 分钟内有效。`,
};

/** 'ada@example.com' → 'a***@example.com'; '+86 13800138000' → '+86 138****8000'. */
export function maskAddress(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) return `${address[0]}***${address.slice(at)}`;
  const [prefix, number = ''] = address.split(' ');
  return number.length > 7 ? `${prefix} ${number.slice(0, 3)}****${number.slice(-4)}` : `${prefix} ****`;
}
