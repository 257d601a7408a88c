import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ApiCode,
  captchaVerifySchema,
  ok,
  sendEmailCodeSchema,
  verifyEmailCodeSchema,
  type CaptchaConfig,
  type CaptchaVerifyResponse,
  type PromptCodeResponse,
  type SendEmailCodeResponse,
  type VerifyEmailCodeResponse,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { ApiError } from '../../http/api-error';
import { authOf } from '../auth/guard-plugin';
import { deliver } from '../auth/mails';
import { createSmsProvider } from '../../sms';
import { createCaptchaVerifier } from './captcha';
import { CODE_SMS, codeMail, issueCode, maskAddress, verifyEmailCode } from './email-codes';
import { normalizeEmail } from './users';

/** Whether a POST /uc/api/auth/verify-code body is the e-mail form ({email, code}) rather than a multi-factor ticket. */
export function isEmailCodeBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'email' in body && !('mfaTicket' in body);
}

/** The e-mail form of POST /uc/api/auth/verify-code (the multi-factor form stays in auth/signin-routes). */
export async function verifyEmailCodeRequest(deps: AppDeps, request: FastifyRequest): Promise<VerifyEmailCodeResponse> {
  const body = parseWith(verifyEmailCodeSchema, request.body);
  const email = normalizeEmail(body.email);
  const expiresAt = await verifyEmailCode(deps.store.db, deps.clock, email, body.code, request.ip);
  return { email, verified: true, expiresAt };
}

const channelParams = z.object({ channel: z.enum(['email', 'phone']) });

/**
 * The captcha check and e-mail verification codes: GET /uc/api/auth/captcha, POST /uc/api/auth/verify,
 * POST /uc/api/auth/send/verifycode, and the signed-in verification-code prompt GET /api/user/getVerifyCode/{channel}.
 */
export const verificationRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const captcha = createCaptchaVerifier(deps.config.captcha);
  const sms = createSmsProvider(deps.config, (line) => app.log.info(line));

  app.get('/uc/api/auth/captcha', { config: { policy: { access: 'public' } } }, async () => ok<CaptchaConfig>(captcha.publicConfig()));

  app.post('/uc/api/auth/verify', { config: { policy: { access: 'public' } } }, async (request) => {
    const { reponseToken } = parseWith(captchaVerifySchema, request.body);
    if (!(await captcha.verify(reponseToken, request.ip))) throw new ApiError(ApiCode.BAD_REQUEST, 'error.captchaFailed');
    return ok<CaptchaVerifyResponse>({ success: true });
  });

  /** Sends a code to any address (sign-up by marketplace proves its mailbox this way); the captcha guards it when on. */
  app.post('/uc/api/auth/send/verifycode', { config: { policy: { access: 'public' } } }, async (request) => {
    const body = parseWith(sendEmailCodeSchema, request.body);
    if (captcha.enabled && !(await captcha.verify(body.reponseToken ?? '', request.ip))) throw new ApiError(ApiCode.BAD_REQUEST, 'error.captchaFailed');
    const email = normalizeEmail(body.email);
    const { code, expiresAt } = await issueCode(db, deps.clock, { address: email, purpose: 'verify' });
    await deliver(deps, request.log, codeMail(request.lang, email, code));
    return ok<SendEmailCodeResponse>({ expiresAt });
  });

  /**
   * The verification-code prompt of §2: a code sent to the caller's own e-mail, or to their verified phone, that
   * POST /api/verify/token accepts as `code` (like a TOTP code) for a Verify-Token.
   */
  app.get<{ Params: { channel: string } }>('/api/user/getVerifyCode/:channel', { config: { policy: { access: 'user' } } }, async (request) => {
    const parsed = channelParams.safeParse(request.params);
    if (!parsed.success) throw ApiError.notFound();
    const { channel } = parsed.data;
    const { user } = authOf(request);
    if (channel === 'phone' && (!user.phone || !user.phoneVerified)) throw new ApiError(ApiCode.BAD_REQUEST, 'error.phoneNotVerified', [user.phone]);
    const address = channel === 'email' ? user.email : user.phone;
    const { code, expiresAt } = await issueCode(db, deps.clock, { address, purpose: 'prompt', userId: user.id });
    if (channel === 'email') await deliver(deps, request.log, codeMail(user.language, address, code));
    else await sms.send(address, CODE_SMS[user.language](code));
    return ok<PromptCodeResponse>({ channel, to: maskAddress(address), expiresAt });
  });
};
