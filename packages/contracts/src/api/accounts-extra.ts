/**
 * Request and response types of the account calls added after the first accounts issue: e-mail verification
 * codes and the captcha check, IDMP (asset) sign-in, marketplace registration, the organization user calls and
 * the free plan's organization quota (platform-shell.md §7; decisions in docs/accounts.md "More account calls").
 */
import type { PlanLevelValue } from './instances';
import type { OrgMember } from './orgs';
import type { TokenResponse } from './auth';

// ---- e-mail verification code and captcha (/uc/api/auth/…) ----

/** POST /uc/api/auth/send/verifycode — `reponseToken` (the spec's spelling) is needed when the captcha is on. */
export interface SendEmailCodeBody {
  email: string;
  reponseToken?: string;
}
export interface SendEmailCodeResponse {
  expiresAt: number;
}
/** POST /uc/api/auth/verify-code with an e-mail instead of a multi-factor ticket. */
export interface VerifyEmailCodeBody {
  email: string;
  code: string;
}
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
export interface CaptchaVerifyBody {
  reponseToken: string;
}
export interface CaptchaVerifyResponse {
  success: true;
}

// ---- IDMP (asset) sign-in ----

/** POST /uc/api/auth/asset-login — sign in to an IDMP instance's console with the tscloud account. */
export interface AssetLoginBody {
  email: string;
  password: string;
  instanceId: string;
  /** The TOTP or recovery code when the account has multi-factor on. */
  code?: string;
}
/** POST /uc/api/user/login/asset — the signed-in console user opens an IDMP instance's console. */
export interface AssetUserLoginBody {
  instanceId: string;
}
/** A bearer token valid for one IDMP instance only. */
export interface AssetTokenResponse {
  token: string;
  tokenType: 'Bearer';
  expiresAt: number;
  instanceId: string;
  instanceAlias: string;
}
/** POST /uc/api/auth/asset/verify — what an IDMP instance learns about a token it was handed. */
export interface AssetTokenCheckBody {
  token: string;
  instanceId: string;
}
export interface AssetTokenInfo {
  userId: string;
  email: string;
  instanceId: string;
  expiresAt: number;
}
/** POST /uc/api/auth/register/asset — sign-up from an IDMP console; the activation link leads back to it. */
export interface AssetRegisterBody {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company?: string;
  acceptTerms: true;
  instanceId: string;
}

// ---- marketplace ----

export const MarketplaceKind = { AWS: 'aws', AZURE: 'azure' } as const;
export type MarketplaceKindValue = (typeof MarketplaceKind)[keyof typeof MarketplaceKind];

/** POST /uc/api/auth/marketplace/check */
export interface MarketplaceCheckBody {
  marketplace: MarketplaceKindValue;
  token: string;
}
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
export interface MarketplaceRegisterBody {
  marketplace: MarketplaceKindValue;
  token: string;
  email: string;
  password: string;
  newAccount: boolean;
  firstName?: string;
  lastName?: string;
  acceptTerms?: boolean;
  mfaCode?: string;
}
/** The session answer of a sign-in (TokenResponse: a bearer token, or a cookie session) and the organization. */
export interface MarketplaceRegisterResponse extends TokenResponse {
  orgId: string;
}

// ---- organization users (/api/user…) ----

/** GET /api/user — the organization's users, paged, optionally filtered by e-mail (substring) and status. */
export interface OrgUserListQuery {
  current_page?: number;
  page_size?: number;
  email?: string;
  status?: 'INVITED' | 'ACTIVE' | 'DISABLED';
}
/** PUT /api/user/{userId} — member status and/or the member's groups (replaced). Answers the OrgMember. */
export interface OrgUserUpdateBody {
  status?: 'ACTIVE' | 'DISABLED';
  groupIds?: string[];
}
export type OrgUserUpdateResponse = OrgMember;
/** POST /api/user/reactivate — sends a new invitation to a member still INVITED (the old link may have expired). */
export interface OrgUserReactivateBody {
  userId?: string;
  memberId?: string;
}

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
