import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The engine superuser of every instance; its password is random per instance and never leaves the server. */
export const ENGINE_ADMIN_USER = 'root';

/** 24 random characters (the engine allows passwords of 1–31 bytes). */
export function newEnginePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** An instance token: shown to the user once (create, reset), stored only as its SHA-256. */
export function newInstanceToken(): { token: string; hash: string } {
  const token = `tsc_${randomBytes(24).toString('hex')}`;
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokenMatches(token: string, hash: string): boolean {
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
