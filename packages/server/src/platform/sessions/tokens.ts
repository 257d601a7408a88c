import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque secrets handed to clients (session tokens, mail-link tokens, tickets, verify tokens): 32 random bytes,
 * base64url. The store keeps only the sha256, so a leaked table gives no usable token.
 */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
