/** Business constants and limits of platform-shell.md §9 and data-explorer.md §9, written once. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const SQL_TIMEOUT_MS = 600_000;
export const ERROR_TOAST_SECONDS = 30;
export const SESSION_ERROR_TOAST_SECONDS = 5;
export const PROFILE_OPTION_ERROR_TOAST_SECONDS = 3;
export const SESSION_LIFETIME_MS = 2 * 60 * 60 * 1000; // 1/12 day
/** However active, a session ends this long after sign-in (the idle expiry never slides past it). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const KEEP_ALIVE_DELAY_MS = 5_000;
export const MAX_RETRIES_439 = 5;
export const ALERT_POLL_MIN_MS = 30_000;
export const ALERT_PAGE_SIZE = 10;
export const INSTANCE_LIST_POLL_MS = 15_000;
export const INSTANCE_LIST_POLL_MAX = 20;
export const INSTANCE_STATUS_POLL_MS = 10_000;
export const MFA_TOKEN_REUSE_MS = 540_000;
export const MFA_DEFAULT_DISABLE_MINUTES = 10;
export const ORG_LIST_PAGE_SIZE = 10_000;
export const FETCH_ALL_PAGE_SIZE = 10_000;
export const DEFAULT_PAGE_SIZE = 10;
export const ISSUE_PAGE_SIZE = 10;
export const MONITOR_CLUSTER_INFO_TIMEOUT_MS = 30_000;
export const AUTH_CLIENT_LOAD_TIMEOUT_MS = 10_000;
export const ACTIVATION_REDIRECT_MS = 3_000;
/** How long an activation e-mail link stays valid ("e-mail wait 10 min"). */
export const ACTIVATION_LINK_TTL_MS = 10 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Account mails on request (sign-up, resend activation, forgot password, re-invitation) are rate-limited so that
 * nobody can flood a mailbox: per e-mail address, and per client address for the calls anyone can repeat.
 */
export const MAIL_MAX_PER_ADDRESS = 3;
export const MAIL_ADDRESS_WINDOW_MS = 15 * 60 * 1000;
export const MAIL_MAX_PER_CLIENT = 20;
export const MAIL_CLIENT_WINDOW_MS = 60 * 60 * 1000;
export const VERIFICATION_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
/** E-mail verification codes follow the phone-code rules (§5): 6 digits, valid 10 minutes, at most 5 per 10 minutes. */
export const EMAIL_CODE_TTL_MS = PHONE_CODE_TTL_MS;
export const EMAIL_CODE_MAX_PER_TTL = 5;
/** How long a token for one IDMP (asset) instance's console is valid: as long as a console session. */
export const ASSET_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
/** §1: the free plan allows 2 organizations (a parameter; marketplace organizations do not count). */
export const FREE_PLAN_MAX_ORGANIZATIONS = 2;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const COUPON_CODE_LENGTH = 32;
export const ACCESS_CODE_LENGTH = 32;
export const TICKET_TITLE_MIN = 3;
export const TICKET_TITLE_MAX = 255;
export const REFUND_DESCRIPTION_MIN = 20;
export const LONG_PRESS_MS = 2_000;
export const DEFAULT_DISCOUNT = 1;
export const THEME_COLOR = '#4259ce';
export const SLOW_QUERY_THRESHOLD_MS = 1_000;
/**
 * Minimum lead time of a role grant's expiration (platform-shell.md §5: "the lead constant: not shown").
 * Chosen: 5 minutes, long enough that a grant never expires before the user has saved it.
 */
export const ROLE_EXPIRATION_MIN_LEAD_MS = 5 * 60 * 1000;
/**
 * Sign-in throttling (docs/accounts.md): guesses admitted at once per (account, client address), per account from
 * addresses it never signed in from, and per address across accounts it never signed in to; beyond them each
 * further guess waits a delay that doubles from LOGIN_DELAY_BASE_MS up to LOGIN_DELAY_MAX_MS. A counter left alone
 * for LOGIN_ATTEMPT_WINDOW_MS starts over.
 */
export const LOGIN_FREE_ATTEMPTS_PER_CLIENT = 5;
export const LOGIN_FREE_ATTEMPTS_PER_ACCOUNT = 20;
export const LOGIN_FREE_ATTEMPTS_PER_ADDRESS = 20;
export const LOGIN_DELAY_BASE_MS = 30_000;
export const LOGIN_DELAY_MAX_MS = 15 * 60 * 1000;
export const LOGIN_ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
/** An address counts as the account's own for this long after a sign-in from it. */
export const LOGIN_KNOWN_CLIENT_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** The e-mailed link that lets a throttled account's owner sign in. */
export const SIGNIN_UNLOCK_TTL_MS = 30 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
export const ORG_NAME_MAX_LENGTH = 64;
export const INSTANCE_NAME_MAX_LENGTH = 64;
export const DEFAULT_DIALING_PREFIX = '+86';
export const CONSOLE_MAX_ROWS = 1000;
export const CONSOLE_PAGE_SIZE = 10;
export const SQL_HISTORY_MAX = 100;
export const STABLE_PAGE_SIZE = 8;
export const STABLE_SEARCH_LIMIT = 100;
export const SCROLL_DEBOUNCE_MS = 200;

export const AccountStatus = { INCOMPLETE_0: 0, INCOMPLETE_1: 1, NORMAL: 2 } as const;
export const UserStatus = ['INVITED', 'REGISTERING', 'ACTIVE', 'DISABLED', 'DELETED'] as const;
export type UserStatusValue = (typeof UserStatus)[number];
export const OrgStatus = { ACTIVE: 'ACTIVE', DELETING: 'DELETING' } as const;
export const MemberStatus = ['INVITED', 'ACTIVE', 'DISABLED'] as const;
export const ResType = ['ORG', 'INSTANCE', 'DATABASE', 'STABLE', 'VIEW'] as const;
export type ResTypeValue = (typeof ResType)[number];
export const GrantStatus = ['ACTIVE', 'DISABLED', 'EXPIRED'] as const;
export const BannerType = ['ERROR', 'WARNING', 'INFO'] as const;
export const AlertType = ['CPU', 'MEMORY', 'DISK'] as const;

/**
 * The TDengine version the engine reports (SERVER_VERSION(), information_schema, the TMQ handshake) and the console
 * shows as an instance's image_version: one string everywhere, whatever the instance's status.
 */
export const ENGINE_VERSION = '3.3.7.5';
