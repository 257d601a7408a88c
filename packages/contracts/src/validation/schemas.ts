import { z } from 'zod';
import {
  ACCESS_CODE_PATTERN,
  COMPANY_NAME_PATTERN,
  COUPON_CODE_PATTERN,
  ORG_NAME_PATTERN,
  PERSON_NAME_PATTERN,
  PHONE_PATTERN,
  VERIFICATION_CODE_PATTERN,
  isValidIpAddress,
  isValidPassword,
  isValidResourceName,
} from './patterns';
import { isVisibleText } from './characters';
import { emailSchema } from './signin';
import { INSTANCE_NAME_MAX_LENGTH, MFA_DEFAULT_DISABLE_MINUTES, ORG_NAME_MAX_LENGTH } from '../constants';

/**
 * zod schemas of the request bodies, with message keys (see ../messages). The server parses every body with
 * these; the web app's forms use the same schemas through react-hook-form, so both show the same rule.
 */
export const passwordSchema = z.string().refine((v) => isValidPassword(v), { message: 'validation.password' });
export const verificationCodeSchema = z.string().regex(VERIFICATION_CODE_PATTERN, { message: 'validation.code' });
/** A second-factor code: 6 digits from the authenticator app, or a recovery code (`xxxxx-xxxxx`, case and dash ignored). */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { message: 'validation.secondFactorCode' });
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, { message: 'validation.phone' });
/** The refinement every name carries: no invisible or text-direction characters (./characters.ts). */
export const VISIBLE_NAME = [isVisibleText, { message: 'validation.hiddenCharacter' }] as const;
export const orgNameSchema = z
  .string()
  .trim()
  .refine(...VISIBLE_NAME)
  .max(ORG_NAME_MAX_LENGTH, { message: 'validation.orgNameLength' })
  .regex(ORG_NAME_PATTERN, { message: 'validation.orgName' });
export const personNameSchema = z
  .string()
  .trim()
  .refine(...VISIBLE_NAME)
  .min(1, { message: 'validation.required' })
  .max(64)
  .regex(PERSON_NAME_PATTERN, { message: 'validation.personName' });
/** The profile's optional free texts (nickname, username): at most 64 characters, no angle brackets. */
export const profileTextSchema = z
  .string()
  .trim()
  .refine(...VISIBLE_NAME)
  .max(64)
  .regex(/^[^<>]*$/, { message: 'validation.personName' });
/** A company name (sign-up, account completion, profile): optional unless a form requires it. */
export const companyNameSchema = z
  .string()
  .trim()
  .refine(...VISIBLE_NAME)
  .max(128)
  .refine((value) => value === '' || COMPANY_NAME_PATTERN.test(value), { message: 'validation.companyName' });
export const instanceNameSchema = z
  .string()
  .trim()
  .refine(...VISIBLE_NAME)
  .min(1, { message: 'validation.required' })
  .max(INSTANCE_NAME_MAX_LENGTH)
  .refine(isValidResourceName, { message: 'validation.instanceName' });
export const couponCodeSchema = z.string().regex(COUPON_CODE_PATTERN, { message: 'validation.coupon' });
export const accessCodeSchema = z.string().regex(ACCESS_CODE_PATTERN, { message: 'validation.accessCode' });
export const ipAddressSchema = z.string().trim().refine(isValidIpAddress, { message: 'validation.ip' });


export const signupSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  company: companyNameSchema.optional().default(''),
  acceptTerms: z.literal(true, { message: 'validation.terms' }),
});
export type SignupRequest = z.infer<typeof signupSchema>;

/**
 * A new password typed twice, after other fields: the two must match (reported at `confirmPassword`). Sign-up's
 * form, reset and change share the rule.
 */
export function withPasswordPair<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({ ...shape, password: passwordSchema, confirmPassword: z.string() })
    .refine(
      // The object always has both fields; TypeScript cannot see through the generic shape.
      (v) => (v as { password: string }).password === (v as { confirmPassword: string }).confirmPassword,
      { message: 'validation.passwordMismatch', path: ['confirmPassword'] },
    );
}

export const passwordPairSchema = withPasswordPair({});

export const resetPasswordSchema = withPasswordPair({ token: z.string().min(1) });

/** The activation page's form: the password chosen at sign-up (checked by the server, so only required here). */
export const activatePasswordSchema = z.object({ password: z.string().min(1, { message: 'validation.required' }) });
export const activateSchema = activatePasswordSchema.extend({ token: z.string().min(1, { message: 'error.activationFailed' }) });

export const completeAccountSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  company_name: companyNameSchema.refine((value) => value !== '', { message: 'validation.required' }),
  industry_type: z.string().min(1, { message: 'validation.required' }),
  position: z.string().min(1, { message: 'validation.required' }),
  country_code: z.string().min(1, { message: 'validation.required' }),
});

/** An invitation: the e-mail, the groups to join and the organization-level role the member gets (issue 14). */
export const inviteSchema = z.object({ email: emailSchema, groupIds: z.array(z.string()).optional().default([]), roleId: z.string().min(1).optional() });

export const mfaDisableSchema = z.object({
  urlIds: z.array(z.string()).min(1, { message: 'validation.required' }),
  /** Minutes; 0 re-enables multi-factor for those operations. */
  minutes: z.number().int().min(0).max(24 * 60).default(MFA_DEFAULT_DISABLE_MINUTES),
});

/** A role grant's expiration must be later than now plus the minimum lead; null means no expiry. */
export function isExpirationAcceptable(expiration: number | null, now: number, minLeadMs: number): boolean {
  return expiration === null || expiration > now + minLeadMs;
}
