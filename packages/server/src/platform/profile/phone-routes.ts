import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { ApiCode, MfaOperation, PHONE_CODE_TTL_MS, ok, phoneCodeSendSchema, phoneCodeVerifySchema, type Language } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { phoneCodes } from '../../store/schema';
import { parseWith } from '../../http/validate';
import { ApiError } from '../../http/api-error';
import { authOf } from '../auth/guard-plugin';
import { updateUser } from '../accounts/users';
import { toUserInfo } from '../accounts/user-info';
import { getMfaState } from '../mfa/mfa-service';
import { hashToken } from '../sessions';
import { createSmsProvider } from '../../sms';
import { isDialingCode } from './dictionaries';
import { throttledGuess } from '../auth/attempts';

/** Codes a user may ask for within one code lifetime, so the SMS gateway cannot be used to flood a phone. */
const MAX_CODES_PER_TTL = 5;

/** `country_code` of the phone calls is a dialing code ('+86' by default): one of the country list's. */
const dialingCode = phoneCodeSendSchema.shape.country_code.refine(isDialingCode, { message: 'validation.phone' });
const phoneBody = phoneCodeSendSchema.extend({ country_code: dialingCode });
const verifyBody = phoneCodeVerifySchema.extend({ country_code: dialingCode });

/** The stored form: dialing code, a space, the number without layout characters ('+1 4155550100'). */
const fullPhone = (body: { phone: string; country_code: string }) => `${body.country_code} ${body.phone.replace(/[\s()-]/g, '')}`;
const codeHash = (userId: string, phone: string, code: string) => hashToken(`${userId}\n${phone}\n${code}`);

const SMS_TEXT: Record<Language, (code: string, minutes: number) => string> = {
  en: (code, minutes) => `Your tscloud verification code is ${code}. It is valid for ${minutes} minutes.`,
  zh: (code, minutes) => `您的 tscloud 验证码是 ${code}，${minutes} 分钟内有效。`,
};

/** Phone number with a 6-digit code (PHONE_CODE_TTL_MS): send, verify, then change to the verified number. */
export const phoneRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const sms = createSmsProvider(deps.config, (line) => app.log.info(line));

  app.post('/api/user/send/phonecode', { config: { policy: { access: 'user' } } }, async (request) => {
    const body = parseWith(phoneBody, request.body);
    const { user } = authOf(request);
    const now = deps.clock.now();
    const recent = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.userId, user.id), gt(phoneCodes.createdAt, now - PHONE_CODE_TTL_MS)));
    if (Number(recent[0]?.n ?? 0) >= MAX_CODES_PER_TTL) throw new ApiError(ApiCode.TOO_MANY_REQUESTS, 'error.tooManyAttempts');
    const phone = fullPhone(body);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = now + PHONE_CODE_TTL_MS;
    await db.insert(phoneCodes).values({ id: randomUUID(), userId: user.id, countryCode: body.country_code, phone, codeHash: codeHash(user.id, phone, code), createdAt: now, expiresAt });
    await sms.send(phone, SMS_TEXT[user.language](code, PHONE_CODE_TTL_MS / 60_000));
    return ok({ expiresAt });
  });

  /** Confirms the code of the latest code sent to that phone; confirming the current phone marks it verified. */
  app.post('/api/user/verify/phonecode', { config: { policy: { access: 'user' } } }, async (request) => {
    const body = parseWith(verifyBody, request.body);
    const { user } = authOf(request);
    const phone = fullPhone(body);
    // Wrong codes are throttled like sign-in failures, under a subject of their own.
    const latest = (
      await db
        .select()
        .from(phoneCodes)
        .where(and(eq(phoneCodes.userId, user.id), eq(phoneCodes.phone, phone), isNull(phoneCodes.usedAt)))
        .orderBy(desc(phoneCodes.createdAt))
        .limit(1)
    )[0];
    const guess = { subject: `phone-code:${user.id}`, address: request.ip };
    if (!(await throttledGuess(db, deps.clock, guess, async () => latest?.codeHash === codeHash(user.id, phone, body.code)))) {
      throw new ApiError(ApiCode.BAD_REQUEST, 'error.phoneCodeInvalid', [body.code]);
    }
    if (latest.expiresAt <= deps.clock.now()) throw new ApiError(ApiCode.BAD_REQUEST, 'error.codeExpired');
    await db.update(phoneCodes).set({ verifiedAt: deps.clock.now() }).where(eq(phoneCodes.id, latest.id));
    if (phone === user.phone && !user.phoneVerified) await updateUser(db, deps.clock, user.id, { phoneVerified: true });
    return ok({ verified: true });
  });

  /** Changes the phone to a different number whose code was verified within its lifetime. */
  app.put('/api/user/phone', { config: { policy: { access: 'user', write: true, mfa: MfaOperation.PHONE_CHANGE } } }, async (request) => {
    const body = parseWith(phoneBody, request.body);
    const { user } = authOf(request);
    const phone = fullPhone(body);
    if (phone === user.phone) throw new ApiError(ApiCode.BAD_REQUEST, 'error.phoneSame');
    const used = await db
      .update(phoneCodes)
      .set({ usedAt: deps.clock.now() })
      .where(
        and(
          eq(phoneCodes.userId, user.id),
          eq(phoneCodes.phone, phone),
          isNotNull(phoneCodes.verifiedAt),
          isNull(phoneCodes.usedAt),
          gt(phoneCodes.expiresAt, deps.clock.now()),
        ),
      )
      .returning({ id: phoneCodes.id });
    if (used.length === 0) throw new ApiError(ApiCode.BAD_REQUEST, 'error.phoneNotVerified', [phone]);
    const updated = await updateUser(db, deps.clock, user.id, { phone, phoneVerified: true });
    return ok(toUserInfo(updated, (await getMfaState(db, user.id)).enabled));
  });
};
