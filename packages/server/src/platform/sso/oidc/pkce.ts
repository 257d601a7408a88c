import { createHash, randomBytes } from 'node:crypto';

/** A PKCE pair (RFC 7636, S256), and random state and nonce values. */
export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function randomValue(): string {
  return randomBytes(24).toString('base64url');
}
