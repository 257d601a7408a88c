import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  assetRegisterSchema,
  changePasswordSchema,
  emailBodySchema,
  marketplaceKindSchema,
  MarketplaceKind,
  mfaExemptionSchema,
  mfaSignInCodeSchema,
  passwordPairSchema,
  phoneCodeSendSchema,
  phoneCodeVerifySchema,
  profileUpdateSchema,
  resetPasswordSchema,
  signupSchema,
  verifyTokenSchema,
  type AssetRegisterBody,
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type LoginBody,
  type loginSchema,
  type MarketplaceKindValue,
  type MfaExemptionBody,
  type PhoneCodeSendBody,
  type PhoneCodeVerifyBody,
  type ProfileUpdateBody,
  type ResetPasswordBody,
  type SignupBody,
  type VerifyCodeBody,
  type VerifyTokenBody,
} from '../src';

/** The message key of a refused body's first issue at each field (the one a form shows). */
function refusals(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
  return byField;
}

describe('account request bodies: one schema, the type taken from it', () => {
  it('types are the schemas’ input types (checked by the type check)', () => {
    expectTypeOf<LoginBody>().toEqualTypeOf<z.input<typeof loginSchema>>();
    expectTypeOf<SignupBody>().toEqualTypeOf<z.input<typeof signupSchema>>();
    expectTypeOf<AssetRegisterBody>().toEqualTypeOf<z.input<typeof assetRegisterSchema>>();
    expectTypeOf<ChangePasswordBody>().toEqualTypeOf<z.input<typeof changePasswordSchema>>();
    expectTypeOf<ResetPasswordBody>().toEqualTypeOf<z.input<typeof resetPasswordSchema>>();
    expectTypeOf<VerifyCodeBody>().toEqualTypeOf<z.input<typeof mfaSignInCodeSchema>>();
    expectTypeOf<ForgotPasswordBody>().toEqualTypeOf<z.input<typeof emailBodySchema>>();
    expectTypeOf<ProfileUpdateBody>().toEqualTypeOf<z.input<typeof profileUpdateSchema>>();
    expectTypeOf<PhoneCodeSendBody>().toEqualTypeOf<z.input<typeof phoneCodeSendSchema>>();
    expectTypeOf<PhoneCodeVerifyBody>().toEqualTypeOf<z.input<typeof phoneCodeVerifySchema>>();
    expectTypeOf<MfaExemptionBody>().toEqualTypeOf<z.input<typeof mfaExemptionSchema>>();
    expectTypeOf<VerifyTokenBody>().toEqualTypeOf<z.input<typeof verifyTokenSchema>>();
    expectTypeOf<MarketplaceKindValue>().toEqualTypeOf<'aws' | 'azure'>();
    // A sign-up body's `company` may be left out (the schema defaults it); `acceptTerms` must be true.
    expectTypeOf<SignupBody['company']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SignupBody['acceptTerms']>().toEqualTypeOf<true>();
  });

  it('sign-up from an IDMP console is sign-up extended with the instance: the same field rules', () => {
    for (const field of ['email', 'password', 'firstName', 'lastName', 'company', 'acceptTerms'] as const) {
      expect(assetRegisterSchema.shape[field]).toBe(signupSchema.shape[field]);
    }
    const body = { email: 'ada@example.com', password: 'Secret.123', firstName: 'Ada', lastName: 'Lovelace', acceptTerms: true };
    expect(refusals(assetRegisterSchema, { ...body, password: 'short' })).toEqual({ password: 'validation.password', instanceId: 'validation.required' });
    expect(assetRegisterSchema.parse({ ...body, instanceId: 'i-1' })).toEqual({ ...signupSchema.parse(body), instanceId: 'i-1' });
  });

  it('a new password typed twice: reset, change and the pair alone share the rule', () => {
    const mismatch = { password: 'Secret.123', confirmPassword: 'Secret.124' };
    expect(refusals(passwordPairSchema, mismatch)).toEqual({ confirmPassword: 'validation.passwordMismatch' });
    expect(refusals(resetPasswordSchema, { token: 't', ...mismatch })).toEqual({ confirmPassword: 'validation.passwordMismatch' });
    expect(refusals(changePasswordSchema, { oldPassword: '', ...mismatch })).toEqual({ oldPassword: 'validation.required', confirmPassword: 'validation.passwordMismatch' });
    expect(refusals(changePasswordSchema, { oldPassword: 'old', password: 'weak', confirmPassword: 'weak' })).toEqual({ password: 'validation.password' });
    expect(changePasswordSchema.safeParse({ oldPassword: 'old', password: 'Secret.123', confirmPassword: 'Secret.123' }).success).toBe(true);
  });

  it('the bodies the server parsed with schemas of its own', () => {
    expect(refusals(emailBodySchema, { email: 'Not An Address' })).toEqual({ email: 'validation.email' });
    expect(refusals(mfaSignInCodeSchema, { mfaTicket: '', code: ' ' })).toEqual({ mfaTicket: 'error.mfaTicketInvalid', code: 'validation.code' });
    expect(refusals(verifyTokenSchema, {})).toEqual({ code: 'validation.required' });
    expect(verifyTokenSchema.safeParse({ password: 'p' }).success).toBe(true);
    expect(phoneCodeSendSchema.parse({ phone: '13800138000' })).toEqual({ phone: '13800138000', country_code: '+86' });
    expect(refusals(phoneCodeVerifySchema, { phone: '13800138000', code: '12' })).toEqual({ code: 'validation.code' });
    expect(refusals(profileUpdateSchema, { first_name: '', nickname: '<b>' })).toEqual({ first_name: 'validation.required', nickname: 'validation.personName' });
    expect(mfaExemptionSchema.parse({ urlIds: ['org.delete'] })).toEqual({ urlIds: ['org.delete'], minutes: 10 });
    expect(marketplaceKindSchema.options).toEqual([MarketplaceKind.AWS, MarketplaceKind.AZURE]);
  });
});
