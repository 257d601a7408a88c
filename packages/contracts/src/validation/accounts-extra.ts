import { z } from 'zod';
import { passwordSchema, personNameSchema, signupSchema, verificationCodeSchema } from './schemas';
import { emailSchema } from './signin';

/** Schemas of the calls in api/accounts-extra.ts, with message keys (server and web forms share them). */

export const sendEmailCodeSchema = z.object({ email: emailSchema, reponseToken: z.string().optional() });
export const verifyEmailCodeSchema = z.object({ email: emailSchema, code: verificationCodeSchema });
export const captchaVerifySchema = z.object({ reponseToken: z.string({ message: 'error.captchaFailed' }).min(1, { message: 'error.captchaFailed' }) });

const instanceIdSchema = z.string({ message: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(128);

export const assetLoginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: 'validation.required' }),
  instanceId: instanceIdSchema,
  code: z.string().trim().optional(),
});
export const assetUserLoginSchema = z.object({ instanceId: instanceIdSchema });
export const assetTokenCheckSchema = z.object({ token: z.string().min(1, { message: 'error.assetTokenInvalid' }), instanceId: instanceIdSchema });
/** Sign-up (signupSchema) started from an IDMP console. */
export const assetRegisterSchema = signupSchema.extend({ instanceId: instanceIdSchema });

export const MarketplaceKind = { AWS: 'aws', AZURE: 'azure' } as const;
export const marketplaceKindSchema = z.enum([MarketplaceKind.AWS, MarketplaceKind.AZURE], { message: 'validation.marketplace' });
export const marketplaceTokenSchema = z.string().trim().min(1, { message: 'error.marketplaceTokenInvalid' }).max(4096, { message: 'error.marketplaceTokenInvalid' });
export const marketplaceCheckSchema = z.object({ marketplace: marketplaceKindSchema, token: marketplaceTokenSchema });

/** An existing account signs in with its password; a new one chooses a valid password, names and the terms. */
export const marketplaceRegisterSchema = z
  .object({
    marketplace: marketplaceKindSchema,
    token: marketplaceTokenSchema,
    email: emailSchema,
    password: z.string().min(1, { message: 'validation.required' }),
    newAccount: z.boolean(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    acceptTerms: z.boolean().optional(),
    mfaCode: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.newAccount) return;
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!passwordSchema.safeParse(v.password).success) issue('password', 'validation.password');
    for (const field of ['firstName', 'lastName'] as const) {
      const parsed = personNameSchema.safeParse(v[field] ?? '');
      if (!parsed.success) issue(field, parsed.error.issues[0]?.message ?? 'validation.required');
    }
    if (v.acceptTerms !== true) issue('acceptTerms', 'validation.terms');
  });

export const orgUserListQuerySchema = z.object({
  current_page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(10_000).optional().default(10),
  email: z.string().trim().max(320).optional().default(''),
  status: z.enum(['INVITED', 'ACTIVE', 'DISABLED']).optional(),
});
export const orgUserUpdateSchema = z
  .object({ status: z.enum(['ACTIVE', 'DISABLED']).optional(), groupIds: z.array(z.string()).optional() })
  .refine((v) => v.status !== undefined || v.groupIds !== undefined, { message: 'validation.required', path: ['status'] });
export const orgUserReactivateSchema = z
  .object({ userId: z.string().optional(), memberId: z.string().optional() })
  .refine((v) => Boolean(v.userId) || Boolean(v.memberId), { message: 'validation.required', path: ['userId'] });
