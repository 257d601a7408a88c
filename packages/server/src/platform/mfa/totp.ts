import { Secret, TOTP } from 'otpauth';

const ISSUER = 'tscloud';
const PERIOD_S = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secretBase32: string, email: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secretBase32), digits: 6, period: PERIOD_S, algorithm: 'SHA1' });
}

/**
 * The time step a code belongs to, or null when it is not valid at `now` (one step of drift either way).
 * Callers refuse a step not later than the last one used, so a code cannot be replayed.
 */
export function matchTotpStep(secretBase32: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secretBase32), period: PERIOD_S, digits: 6, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}
