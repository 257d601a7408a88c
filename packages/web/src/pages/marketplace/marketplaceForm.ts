import { z } from 'zod';
import { marketplaceRegisterSchema, verificationCodeSchema, type MarketplaceKindValue, type MarketplaceRegisterBody } from '@tscloud/contracts';

/**
 * The landing form: the contracts' registration rules (a new account needs a valid password, names and the
 * terms), plus what only the page asks for — the password typed twice and the e-mail code for a new account.
 */
export const marketplaceFormSchema = z
  .intersection(marketplaceRegisterSchema, z.object({ confirmPassword: z.string().optional(), code: z.string().optional() }))
  .superRefine((v, ctx) => {
    if (!v.newAccount) return;
    if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
    if (!verificationCodeSchema.safeParse(v.code ?? '').success) ctx.addIssue({ code: 'custom', path: ['code'], message: 'validation.code' });
  });
export type MarketplaceForm = z.input<typeof marketplaceFormSchema>;

export function emptyMarketplaceForm(marketplace: MarketplaceKindValue, token: string, email: string): MarketplaceForm {
  return { marketplace, token, email, password: '', newAccount: true, firstName: '', lastName: '', acceptTerms: false, confirmPassword: '', code: '', mfaCode: '' };
}

/** The body the server gets: only what it reads (an existing account sends no names). */
export function registerBody(form: MarketplaceForm): MarketplaceRegisterBody {
  const base = { marketplace: form.marketplace, token: form.token, email: form.email.trim(), password: form.password, newAccount: form.newAccount };
  if (form.newAccount) return { ...base, firstName: form.firstName?.trim(), lastName: form.lastName?.trim(), acceptTerms: form.acceptTerms === true };
  return form.mfaCode ? { ...base, mfaCode: form.mfaCode.trim() } : base;
}

/** The registration token: AWS posts it as x-amzn-marketplace-token, Azure appends ?token=. */
export function marketplaceTokenFrom(params: URLSearchParams): string {
  return (params.get('token') ?? params.get('x-amzn-marketplace-token') ?? '').trim();
}
