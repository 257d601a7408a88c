/**
 * The validation rules of platform-shell.md §5 as plain predicates, so that server, web and tests share one
 * definition. The zod schemas in ./schemas.ts wrap them with message keys.
 */

/** Lowercase letters and digits, optional single separators (- . _ +) between them, then domain labels. */
export const EMAIL_PATTERN = /^[a-z0-9]+(?:[-._+][a-z0-9]+)*@[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*\.[a-z]{2,}$/;

/** The special characters a password may use. One variant of the spec also lists a comma: see PasswordPolicy. */
export const PASSWORD_SPECIALS = '._~!@#$^&*';
export const PASSWORD_SPECIALS_WITH_COMMA = `${PASSWORD_SPECIALS},`;

export interface PasswordPolicy {
  allowComma: boolean;
}
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { allowComma: false };

function escapeForClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, '\\$&');
}

export function isValidPassword(value: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): boolean {
  const specials = policy.allowComma ? PASSWORD_SPECIALS_WITH_COMMA : PASSWORD_SPECIALS;
  const cls = escapeForClass(specials);
  const allowed = new RegExp(`^[A-Za-z0-9${cls}]{8,20}$`);
  return allowed.test(value) && /[A-Za-z]/.test(value) && /[0-9]/.test(value) && new RegExp(`[${cls}]`).test(value);
}

export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;

/** Digits, spaces, + - ( ) , ; and at least one digit. */
export const PHONE_PATTERN = /^(?=.*\d)[\d +\-(),;]{1,32}$/;

/** English and Chinese letters; a dash or underscore only between letters (never first or last). */
export const ORG_NAME_PATTERN = /^[A-Za-z\u4e00-\u9fa5]+(?:[-_][A-Za-z\u4e00-\u9fa5]+)*$/;

/** Registration names (first/last name, company) allow no special characters: letters, digits and spaces. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*$/u;

/**
 * Company names: letters, digits and spaces, plus the punctuation registered company names carry ("AT&T",
 * "Acme, Inc.", "O'Neil (Asia)", "Hewlett-Packard"); markup and other special characters (< > " / \\ ; …) are refused.
 */
export const COMPANY_NAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} .,&'()-]*[\p{L}\p{N}.)])?$/u;

const RESERVED_DEVICE_NAMES = /^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])$/i;
const FORBIDDEN_NAME_CHARS = /[<>:"/\\|?*]/;

/** Instance names, table and file names: none of < > : " / \ | ? * and not a reserved device name. */
export function isValidResourceName(value: string): boolean {
  return value.trim().length > 0 && !FORBIDDEN_NAME_CHARS.test(value) && !RESERVED_DEVICE_NAMES.test(value.trim());
}

export const COUPON_CODE_PATTERN = /^[A-Z0-9]{32}$/;
export const ACCESS_CODE_PATTERN = /^[A-Za-z0-9]{32}$/;

/** IPv4 dotted quad, optionally with a /prefix. */
export function isValidIPv4(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  if (prefix !== undefined && !(/^\d{1,2}$/.test(prefix) && Number(prefix) <= 32)) return false;
  const parts = address.split('.');
  return parts.length === 4 && parts.every((p) => /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(p));
}

/** Full eight-group IPv6 (data-explorer.md §5: "full eight-group IPv6"), optionally with a /prefix. */
export function isValidIPv6(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  if (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= 128)) return false;
  const groups = address.split(':');
  return groups.length === 8 && groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g));
}

export function isValidIpAddress(value: string): boolean {
  return isValidIPv4(value) || isValidIPv6(value);
}

export const AVATAR_FILE_PATTERN = /\.(jpe?g|png|gif)$/i;
