import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lte } from 'drizzle-orm';
import { SIGNIN_UNLOCK_TTL_MS, type Language } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../store/schema';
import { signInUnlocks } from '../../store/schema';
import { newOpaqueToken } from '../sessions/tokens';
import { deliver } from './mails';

/**
 * The CAPTCHA-free way back in for a throttled account's owner: a one-time link mailed to the account's address
 * (`PUBLIC_URL/auth/login?unlock=…&email=…`). A sign-in that brings it is held back by the link's own counter
 * only (attempts.ts), and the first right password with it uses it up and clears the account's throttle.
 */
const UNLOCK_MAIL: Record<Language, (name: string, link: string, minutes: number) => { subject: string; lines: string[] }> = {
  en: (name, link, minutes) => ({
    subject: 'Sign in to tscloud',
    lines: [
      `Hello ${name},`,
      '',
      'Sign-in to your account was slowed down after many wrong passwords. Open this link to sign in anyway:',
      link,
      '',
      `The link is valid for ${minutes} minutes and works once. If you did not ask for it, someone may be guessing your password: you can ignore this mail, or change your password.`,
    ],
  }),
  zh: (name, link, minutes) => ({
    subject: '登录 tscloud',
    lines: [
      `${name}，您好：`,
      '',
      '由于多次输入错误密码，您账号的登录已被延缓。请打开以下链接继续登录：',
      link,
      '',
      `链接在 ${minutes} 分钟内有效，且只能使用一次。如果不是您本人操作，可能有人在猜测您的密码：您可以忽略此邮件，或修改密码。`,
    ],
  }),
};

/** Issues an unlock link for the account and mails it (after the caller has answered: the timing reveals nothing). */
export async function mailUnlockLink(deps: AppDeps, log: FastifyBaseLogger, user: UserRow): Promise<void> {
  const { db } = deps.store;
  const now = deps.clock.now();
  const { token, hash } = newOpaqueToken();
  await db.delete(signInUnlocks).where(and(eq(signInUnlocks.subject, user.email), lte(signInUnlocks.expiresAt, now)));
  await db.insert(signInUnlocks).values({ tokenHash: hash, subject: user.email, createdAt: now, expiresAt: now + SIGNIN_UNLOCK_TTL_MS });
  const link = `${deps.config.publicUrl}/auth/login?unlock=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  const text = UNLOCK_MAIL[user.language](user.firstName || user.email, link, Math.round(SIGNIN_UNLOCK_TTL_MS / 60_000));
  void deliver(deps, log, { to: user.email, subject: text.subject, text: text.lines.join('\n') });
}
