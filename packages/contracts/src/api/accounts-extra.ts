/**
 * Request and response types of the account calls added after the first accounts issue: e-mail verification
 * codes and the captcha check, IDMP (asset) sign-in, marketplace registration, the organization user calls and
 * the free plan's organization quota (platform-shell.md §7; decisions in docs/accounts.md "More account calls").
 * Request types come from the schemas of ../validation/accounts-extra.ts (`z.input`: what a client sends).
 */
import type { z } from 'zod';
import type {
  assetLoginSchema,
  assetRegisterSchema,
  assetTokenCheckSchema,
  assetUserLoginSchema,
  captchaVerifySchema,
  marketplaceCheckSchema,
  marketplaceKindSchema,
  marketplaceRegisterSchema,
  orgUserListQuerySchema,
  orgUserReactivateSchema,
  orgUserUpdateSchema,
  sendEmailCodeSchema,
  verifyEmailCodeSchema,
} from '../validation';
import type { PlanLevelValue } from './instances';
import type { OrgMember } from './orgs';
import type { TokenResponse } from './auth';

// ---- e-mail verification code and captcha (/uc/api/auth/…) ----

/** POST /uc/api/auth/send/verifycode — `reponseToken` (the spec's spelling) is needed when the captcha is on. */
export type SendEmailCodeBody = z.input<typeof sendEmailCodeSchema>;
export interface SendEmailCodeResponse {
  expiresAt: number;
}
/** POST /uc/api/auth/verify-code with an e-mail instead of a multi-factor ticket. */
export type VerifyEmailCodeBody = z.input<typeof verifyEmailCodeSchema>;
export interface VerifyEmailCodeResponse {
  email: string;
  verified: true;
  /** Until when the verified code may be used (registration). */
  expiresAt: number;
}

/** GET /uc/api/auth/captcha — whether the human check is on and how the web app loads it. */
export interface CaptchaConfig {
  enabled: boolean;
  provider: 'off' | 'recaptcha';
  siteKey: string;
  scriptUrl: string;
}
/** POST /uc/api/auth/verify */
export type CaptchaVerifyBody = z.input<typeof captchaVerifySchema>;
export interface CaptchaVerifyResponse {
  success: true;
}

// ---- IDMP (asset) sign-in ----

/**
 * POST /uc/api/auth/asset-login — sign in to an IDMP instance's console with the tscloud account; `code` is the TOTP
 * or recovery code when the account has multi-factor on.
 */
export type AssetLoginBody = z.input<typeof assetLoginSchema>;
/** POST /uc/api/user/login/asset — the signed-in console user opens an IDMP instance's console. */
export type AssetUserLoginBody = z.input<typeof assetUserLoginSchema>;
/** A bearer token valid for one IDMP instance only. */
export interface AssetTokenResponse {
  token: string;
  tokenType: 'Bearer';
  expiresAt: number;
  instanceId: string;
  instanceAlias: string;
}
/** POST /uc/api/auth/asset/verify — what an IDMP instance learns about a token it was handed. */
export type AssetTokenCheckBody = z.input<typeof assetTokenCheckSchema>;
export interface AssetTokenInfo {
  userId: string;
  email: string;
  instanceId: string;
  expiresAt: number;
}
/** POST /uc/api/auth/register/asset — sign-up (SignupBody) from an IDMP console; the activation link leads back to it. */
export type AssetRegisterBody = z.input<typeof assetRegisterSchema>;

// ---- marketplace ----

export type MarketplaceKindValue = z.output<typeof marketplaceKindSchema>;

/** POST /uc/api/auth/marketplace/check */
export type MarketplaceCheckBody = z.input<typeof marketplaceCheckSchema>;
export interface MarketplaceCheckResponse {
  marketplace: MarketplaceKindValue;
  customerId: string;
  productCode: string;
  /** The contact e-mail the marketplace gave, to prefill the form ('' when none). */
  email: string;
  /** Whether the subscription is already linked to an organization. */
  bound: boolean;
}
/**
 * POST /uc/api/auth/register/marketplace — links the subscription to a new marketplace organization owned by
 * the account: an existing account proves itself with its password (and `mfaCode` when multi-factor is on); a
 * new one needs names, the terms, and an e-mail verified with a code first.
 */
export type MarketplaceRegisterBody = z.input<typeof marketplaceRegisterSchema>;
/** The session answer of a sign-in (TokenResponse: a bearer token, or a cookie session) and the organization. */
export interface MarketplaceRegisterResponse extends TokenResponse {
  orgId: string;
}

// ---- organization users (/api/user…) ----

/** GET /api/user — the organization's users, paged, optionally filtered by e-mail (substring) and status. */
export type OrgUserListQuery = z.input<typeof orgUserListQuerySchema>;
/** PUT /api/user/{userId} — member status and/or the member's groups (replaced). Answers the OrgMember. */
export type OrgUserUpdateBody = z.input<typeof orgUserUpdateSchema>;
export type OrgUserUpdateResponse = OrgMember;
/** POST /api/user/reactivate — sends a new invitation to a member still INVITED (the old link may have expired). */
export type OrgUserReactivateBody = z.input<typeof orgUserReactivateSchema>;

/** GET /api/user/getVerifyCode/{channel} — a code for the verification-code prompt, usable at POST /api/verify/token. */
export type VerifyCodeChannel = 'email' | 'phone';
export interface PromptCodeResponse {
  channel: VerifyCodeChannel;
  /** Where it went, partly hidden (a***@example.com, +86 138****8000). */
  to: string;
  expiresAt: number;
}

// ---- organization quota ----

/** GET /api/org/quota — the caller's plan and how many organizations it may still own. */
export interface OrgQuota {
  planLevel: PlanLevelValue;
  /** Organizations the user owns that count against the limit (marketplace organizations do not). */
  owned: number;
  /** null: no limit on this plan. */
  max: number | null;
  canCreate: boolean;
}
