/**
 * Request and response types of the account, session, profile, phone and multi-factor calls
 * (platform-shell.md §3, §7 auth calls). Bodies are validated on the server with the zod schemas of
 * ../validation, and their types come from those schemas (`z.input`: what the web app sends, defaults optional), so
 * a rule changed there changes here; the other types are what the web app receives inside the envelope's `data`.
 */
import type { z } from 'zod';
import type { UserStatusValue } from '../constants';
import type {
  activateSchema,
  changePasswordSchema,
  completeAccountSchema,
  emailBodySchema,
  loginSchema,
  mfaCodeSchema,
  mfaExemptionSchema,
  mfaSignInCodeSchema,
  phoneCodeSendSchema,
  phoneCodeVerifySchema,
  profileUpdateSchema,
  resetPasswordSchema,
  signupSchema,
  verifyTokenSchema,
} from '../validation';

// ---- sign-up, activation, sign-in (/uc/api/auth/…) ----

/** POST /uc/api/auth/register — signupSchema. Answers SignupResponse. */
export type SignupBody = z.input<typeof signupSchema>;
export interface SignupResponse {
  email: string;
  /** Always false after sign-up: the activation mail was sent. */
  activated: boolean;
}

/** POST /uc/api/auth/reactivate — resends the activation mail; answers null whether or not the e-mail exists. */
export type ReactivateBody = z.input<typeof emailBodySchema>;

/**
 * GET /uc/api/auth/activate?token=… checks the link without using it (`activated: false`, the address it is for);
 * POST /uc/api/auth/activate activates with the password chosen at the sign-up that sent the link, so that
 * nobody else's sign-up of the address can be activated by its owner (`activated: true`). A wrong password leaves
 * the link usable.
 */
export type ActivateQuery = Pick<ActivateBody, 'token'>;
export type ActivateBody = z.input<typeof activateSchema>;
export interface ActivateResponse {
  email: string;
  activated: boolean;
}

/**
 * POST /uc/api/auth/login — loginSchema. `unlockToken` comes from an unlock link (`/auth/login?unlock=…`): the
 * sign-in is then held back by the link's own counter only.
 */
export type LoginBody = z.input<typeof loginSchema>;
/**
 * POST /uc/api/auth/unlock/send: mails the account an unlock link (same answer for any address). A throttled
 * sign-in answers 429 with `data: SignInDelay`.
 */
export type UnlockSendBody = z.input<typeof emailBodySchema>;
export interface SignInDelay {
  retryAfterSeconds: number;
}
export interface TokenResponse {
  /**
   * The bearer token. Absent when the sign-in asked for a cookie session (`Session-Transport: cookie`, the web app):
   * the token is then only in the HttpOnly session cookie, out of reach of scripts (docs/accounts.md).
   */
  token?: string;
  tokenType: 'Bearer' | 'Cookie';
  /** Epoch ms when the session ends if idle (it slides forward with every call). */
  expiresAt: number;
}
export interface MfaChallengeResponse {
  mfaRequired: true;
  /** Single-use, valid a few minutes: send it with the code to /uc/api/auth/verify-code. */
  mfaTicket: string;
}
export type LoginResponse = TokenResponse | MfaChallengeResponse;
export function isMfaChallenge(r: LoginResponse): r is MfaChallengeResponse {
  return (r as MfaChallengeResponse).mfaRequired === true;
}

/** POST /uc/api/auth/verify-code — `code` is a 6-digit TOTP code or a one-time recovery code. Answers TokenResponse. */
export type VerifyCodeBody = z.input<typeof mfaSignInCodeSchema>;

/** POST /uc/api/auth/forget-password and its alias /uc/api/auth/recover. Answers null, never revealing the e-mail. */
export type ForgotPasswordBody = z.input<typeof emailBodySchema>;

/** POST /uc/api/auth/reset-password — revokes every session of the account. Answers null. */
export type ResetPasswordBody = z.input<typeof resetPasswordSchema>;

/** PUT /api/user/reset — change password while signed in (protected operation 'password.change'). */
export type ChangePasswordBody = z.input<typeof changePasswordSchema>;

// POST /api/user/logout — answers null; the token is revoked.

// ---- user info and profile ----

/** The user profile's userInfo (platform-shell.md §3). */
export interface UserInfo {
  id: string;
  email: string;
  phone: string;
  country_code: string;
  phone_verified: boolean;
  company_name: string;
  industry_type: string;
  position: string;
  status: UserStatusValue;
  role_id: string;
  first_name: string;
  last_name: string;
  username: string;
  nickname: string;
  /** URL of the avatar image (GET /api/files/avatar/{id}) or '' when none. */
  avatar: string;
  language: 'en' | 'zh';
  /** 0 or 1: registration incomplete (go to /register); 2: normal. */
  accountStatus: number;
  mfaEnabled: boolean;
}

/** GET /api/user/info and GET /uc/api/user/mgmt answer UserInfo. PUT /uc/api/user updates (all optional): */
export type ProfileUpdateBody = z.input<typeof profileUpdateSchema>;

/** PUT /api/user/complete — see completeAccountSchema; sets accountStatus 2. Answers UserInfo. */
export type CompleteAccountBody = z.input<typeof completeAccountSchema>;

/** GET /api/dict/industry and /api/dict/position: label in the caller's language. */
export interface DictEntry {
  value: string;
  label: string;
}
/** GET /api/dict/country */
export interface CountryEntry extends DictEntry {
  /** The dialing code, e.g. '+86'. */
  dialingCode: string;
}

/** POST /api/user/avatar (multipart, field `file`: jpg/jpeg/png/gif ≤ 1 MB). */
export interface AvatarResponse {
  fileId: string;
  url: string;
}

// ---- phone ----

/** POST /api/user/send/phonecode — sends a 6-digit code valid 10 minutes. Answers { expiresAt }. */
export type PhoneCodeSendBody = z.input<typeof phoneCodeSendSchema>;
export interface PhoneCodeSendResponse {
  expiresAt: number;
}
/** POST /api/user/verify/phonecode — answers { verified: true }. */
export type PhoneCodeVerifyBody = z.input<typeof phoneCodeVerifySchema>;
/** PUT /api/user/phone — the phone must differ from the current one and have been verified first. Answers UserInfo. */
export type PhoneChangeBody = PhoneCodeSendBody;

// ---- multi-factor ----

/** The protected operations (GET /api/dict/verify-urls ids); routes name them in `policy.mfa`. */
export const MfaOperation = {
  ORG_DELETE: 'org.delete',
  ORG_TRANSFER_OWNER: 'org.transferOwner',
  ORG_SSO: 'org.sso',
  MEMBER_DELETE: 'member.delete',
  INSTANCE_DELETE: 'instance.delete',
  INSTANCE_TOKEN_RESET: 'instance.tokenReset',
  PASSWORD_CHANGE: 'password.change',
  PHONE_CHANGE: 'phone.change',
  /** Changing the temporary exemptions themselves; it can never be exempted. */
  MFA_SETTINGS: 'mfa.settings',
} as const;
export type MfaOperationId = (typeof MfaOperation)[keyof typeof MfaOperation];

/** GET /api/dict/verify-urls */
export interface VerifyUrl {
  id: MfaOperationId;
  url: string;
  method: string;
  name: string;
  /** Whether the user may exempt it temporarily (POST /api/verify/user-mfa-urls). */
  exemptible: boolean;
}

/** GET /api/user/mfa */
export interface MfaStatus {
  enabled: boolean;
  /** Unused recovery codes left. */
  recoveryCodesRemaining: number;
}
/** POST /api/user/mfa/enroll */
export interface MfaEnrollResponse {
  secret: string;
  otpauthUri: string;
  /** data:image/png;base64,… of the otpauth URI. */
  qrDataUrl: string;
}
/** POST /api/user/mfa/confirm {code} — the codes are shown once. */
export interface MfaConfirmResponse {
  recoveryCodes: string[];
}
/** POST /api/user/mfa/confirm and /api/user/mfa/disable: a TOTP code (disable also takes a recovery code). */
export type MfaCodeBody = z.input<typeof mfaCodeSchema>;

/** GET /api/verify/user-mfa-urls — the temporary exemption state (§3 "unverified-url check state"). */
export interface MfaExemptionState {
  /** Whether the user has multi-factor on. */
  enabled: boolean;
  /** Seconds until the exemption ends (0 when none). */
  remaining: number;
  /** Whether this request carried a valid Verify-Token. */
  certified: boolean;
  /** Epoch ms when the exemption ends, null when none. */
  expiration: number | null;
  /** Operations currently exempted. */
  urlIds: MfaOperationId[];
}
/** POST /api/verify/user-mfa-urls — minutes default 10; 0 re-enables; `until` (epoch ms) instead of minutes must be in the future. */
export type MfaExemptionBody = z.input<typeof mfaExemptionSchema>;

/** POST /api/verify/token — a TOTP or recovery code (with MFA on), else a prompt code or the account password. */
export type VerifyTokenBody = z.input<typeof verifyTokenSchema>;
export interface VerifyTokenResponse {
  /** Send as the Verify-Token header; reusable for MFA_TOKEN_REUSE_MS. */
  verifyToken: string;
  expiresAt: number;
}

/** Request headers of §7 the server reads. */
export const AuthHeader = {
  AUTHORIZATION: 'authorization',
  VERIFY_TOKEN: 'verify-token',
  MFA_CODE: 'mfa-code',
  /** `cookie`: a sign-in answers with the session cookies instead of a bearer token in the body (the web app). */
  SESSION_TRANSPORT: 'session-transport',
  /** Double-submit CSRF token: the value of the CSRF cookie, required on cookie-authenticated writes. */
  CSRF_TOKEN: 'x-csrf-token',
} as const;

/**
 * The cookies of a cookie session (web app). SESSION holds the token, HttpOnly so that no script reads it; CSRF is
 * readable: the web app sends it back as the X-CSRF-Token header, and its presence tells the app a session is open.
 * Both expire with the session (the server re-sets them, with the slid expiry, on every cookie-authenticated call).
 */
export const SessionCookie = {
  SESSION: 'tscloud_session',
  CSRF: 'tscloud_csrf',
} as const;
