import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * REST login tokens (`GET /rest/login/u/p` → `Taosd <token>`, also accepted as `Bearer <token>`).
 * TDengine encrypts user/password with DES; we instead sign `user` plus the user's password hash with a per-instance
 * key, so a token names its user, cannot be forged, and dies when the password changes.
 */
export class TokenSigner {
  private constructor(private readonly key: Buffer) {}

  /** Reads DIR/secret, creating it on first start. */
  static open(dataDir: string): TokenSigner {
    const file = path.join(dataDir, 'secret');
    try {
      return new TokenSigner(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const key = crypto.randomBytes(32);
      fs.writeFileSync(file, key.toString('hex'), { mode: 0o600 });
      return new TokenSigner(key);
    }
  }

  private mac(user: string, passwordHash: string): string {
    return crypto.createHmac('sha256', this.key).update(`${user}\n${passwordHash}`).digest('base64url');
  }

  sign(user: string, passwordHash: string): string {
    return Buffer.from(`${user}:${this.mac(user, passwordHash)}`).toString('base64');
  }

  /** The user the token names (unverified) — the caller checks it with `verify`. */
  userOf(token: string): string | undefined {
    const text = Buffer.from(token, 'base64').toString('utf8');
    const i = text.lastIndexOf(':');
    return i > 0 ? text.slice(0, i) : undefined;
  }

  verify(token: string, user: string, passwordHash: string): boolean {
    const expected = Buffer.from(this.sign(user, passwordHash));
    const actual = Buffer.from(token);
    return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
  }
}
