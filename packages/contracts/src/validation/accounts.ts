import { z } from 'zod';
import { DEFAULT_DIALING_PREFIX } from '../constants';
import { companyNameSchema, mfaDisableSchema, personNameSchema, phoneSchema, profileTextSchema, verificationCodeSchema, withPasswordPair } from './schemas';
import { emailSchema } from './signin';

/**
 * Schemas of the account calls of api/auth.ts that are not in ./schemas.ts: the server parses those bodies with
 * them, and api/auth.ts takes the body types from them (z.input: what a client sends), so a rule is written once.
 * Rules that need the server's data (the country, industry and position lists, dialing codes) are added by the
 * server with `.extend` on these schemas.
 */

/** A body that is only an e-mail address: resend activation, forgot password, mail an unlock link. */
export const emailBodySchema = z.object({ email: emailSchema });

/** POST /uc/api/auth/verify-code: the multi-factor step of a sign-in (a TOTP or recovery code, checked by the server). */
export const mfaSignInCodeSchema = z.object({
  mfaTicket: z.string().min(1, { message: 'error.mfaTicketInvalid' }),
  code: z.string().trim().min(1, { message: 'validation.code' }),
});

/** PUT /api/user/reset: change the password while signed in. */
export const changePasswordSchema = withPasswordPair({ oldPassword: z.string().min(1, { message: 'validation.required' }) });

/** PUT /uc/api/user: every field optional. The server also checks industry, position and country against its lists. */
export const profileUpdateSchema = z.object({
  first_name: personNameSchema.optional(),
  last_name: personNameSchema.optional(),
  nickname: profileTextSchema.optional(),
  username: profileTextSchema.optional(),
  company_name: companyNameSchema.optional(),
  industry_type: z.string().optional(),
  position: z.string().optional(),
  country_code: z.string().optional(),
  language: z.enum(['en', 'zh']).optional(),
});

/**
 * POST /api/user/send/phonecode and PUT /api/user/phone. `country_code` is a dialing code ('+86' when absent); the
 * server checks it against the country list.
 */
export const phoneCodeSendSchema = z.object({ phone: phoneSchema, country_code: z.string().trim().default(DEFAULT_DIALING_PREFIX) });
/** POST /api/user/verify/phonecode */
export const phoneCodeVerifySchema = phoneCodeSendSchema.extend({ code: verificationCodeSchema });

/** POST /api/user/mfa/confirm: a code from the authenticator app. */
export const mfaConfirmSchema = z.object({ code: verificationCodeSchema });
/** POST /api/user/mfa/disable: a TOTP or recovery code (checked by the server). */
export const mfaCodeSchema = z.object({ code: z.string().trim().min(1, { message: 'validation.code' }) });
/** POST /api/verify/user-mfa-urls: `minutes` (default 10, 0 re-enables) or an end time `until` (epoch ms, checked against the clock). */
export const mfaExemptionSchema = mfaDisableSchema.extend({ until: z.number().int().optional() });

/** POST /api/verify/token: a code (TOTP, recovery or prompt code) or the password; which ones count is the server's rule. */
export const verifyTokenSchema = z
  .object({ code: z.string().trim().optional(), password: z.string().optional() })
  .refine((v) => Boolean(v.code) || Boolean(v.password), { message: 'validation.required', path: ['code'] });
