import { z } from 'zod/mini';
import { EMAIL_PATTERN } from './patterns';

/**
 * The schemas of the sign-in page, in zod's mini form (functions instead of methods): the classic form carries its
 * whole method set and JSON-schema export onto any page that builds one schema, and the sign-in page must load
 * little (docs/web.md "Delivery"). They parse like any other schema, and classic schemas embed them (`email`).
 */
export const emailSchema = z.string().check(z.trim(), z.regex(EMAIL_PATTERN, { message: 'validation.email' }));

/** `unlockToken`: the token of an e-mailed unlock link, which lets a throttled account's owner sign in (docs/accounts.md). */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, { message: 'validation.required' })),
  unlockToken: z.optional(z.string().check(z.minLength(1))),
});
export type LoginRequest = z.infer<typeof loginSchema>;
