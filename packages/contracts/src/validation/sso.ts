import { z } from 'zod';

/**
 * Single sign-on settings rules (platform-shell.md §5: "Azure AD domain and client ID valid"; docs/sso.md).
 *
 * Domain: the directory's DNS domain (contoso.com, contoso.onmicrosoft.com): lower-case labels of letters, digits
 * and inner dashes, at least two labels, the last one letters only, at most 253 characters. It names the Azure AD
 * tenant in the authority URL and is the e-mail domain of the members who must sign in through SSO.
 * Client ID: the application (client) ID Azure AD shows, a GUID (8-4-4-4-12 hexadecimal digits).
 */
export const SSO_DOMAIN_PATTERN = /^(?=.{4,253}$)[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*\.[a-z]{2,63}$/;
export const SSO_CLIENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SSO_CLIENT_SECRET_MAX_LENGTH = 512;

export function isValidSsoDomain(value: string): boolean {
  return SSO_DOMAIN_PATTERN.test(value);
}
export function isValidSsoClientId(value: string): boolean {
  return SSO_CLIENT_ID_PATTERN.test(value);
}

export const ssoDomainSchema = z.string().trim().toLowerCase().regex(SSO_DOMAIN_PATTERN, { message: 'validation.ssoDomain' });
export const ssoClientIdSchema = z.string().trim().regex(SSO_CLIENT_ID_PATTERN, { message: 'validation.ssoClientId' });
const secretSchema = z.string().trim().max(SSO_CLIENT_SECRET_MAX_LENGTH, { message: 'validation.ssoClientSecret' });

/** POST /api/org/sso/azure-ad: a new setting; the secret is required. */
export const ssoCreateSchema = z.object({
  domain: ssoDomainSchema,
  clientId: ssoClientIdSchema,
  clientSecret: secretSchema.min(1, { message: 'validation.ssoClientSecret' }),
  enabled: z.boolean().optional().default(false),
});
export type SsoCreateRequest = z.input<typeof ssoCreateSchema>;

/** PUT /api/org/sso/azure-ad/{id}: an empty or absent secret keeps the saved one. */
export const ssoUpdateSchema = z.object({
  domain: ssoDomainSchema,
  clientId: ssoClientIdSchema,
  clientSecret: secretSchema.optional().default(''),
  enabled: z.boolean().optional().default(false),
});
export type SsoUpdateRequest = z.input<typeof ssoUpdateSchema>;

/** POST /uc/api/auth/sso/start: exactly one of a provider id, an Azure AD connection name or a work e-mail. */
export const ssoStartSchema = z
  .object({
    provider: z.string().trim().min(1).max(64).optional(),
    connection: z.string().trim().min(1).max(128).optional(),
    email: z.string().trim().toLowerCase().max(254).optional(),
    /** Where to go after signing in (a path of the console). */
    redirect: z.string().max(2048).optional(),
  })
  .refine((v) => [v.provider, v.connection, v.email].filter(Boolean).length === 1, { message: 'validation.formFormat' });
export type SsoStartRequest = z.input<typeof ssoStartSchema>;

/** POST /uc/api/auth/auth0-login: what the identity provider sent back to /auth/authorize. */
export const ssoCallbackSchema = z.object({
  state: z.string().min(1, { message: 'error.ssoStateInvalid' }).max(256),
  code: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});
export type SsoCallbackRequest = z.input<typeof ssoCallbackSchema>;
