import crypto from 'node:crypto';
import type { Catalog } from '../catalog/catalog';
import type { UserDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import { admit } from './clients';
import { verifyPassword } from './password';
import type { TokenSigner } from './token';

/** Who a request is: name/password pairs and REST login tokens checked against the catalog's users. */
export class Authenticator {
  /** "user\nsha256(password)" → the password hash it was verified against */
  private readonly verified = new Map<string, string>();

  constructor(
    private readonly catalog: Catalog,
    private readonly tokens: TokenSigner,
  ) {}

  /** The user for a name/password pair; 855 `Authentication failure` otherwise. */
  authenticate(user: string, password: string): UserDef {
    const u = this.catalog.findUser(user);
    if (!u || !u.enable) throw new TdError(TdCode.AUTH_FAILURE, 'Authentication failure');
    // scrypt costs tens of ms: remember pairs already verified against the user's current hash.
    const key = `${user}\n${crypto.createHash('sha256').update(password).digest('hex')}`;
    if (this.verified.get(key) !== u.password) {
      if (!verifyPassword(password, u.password)) throw new TdError(TdCode.AUTH_FAILURE, 'Authentication failure');
      if (this.verified.size > 1000) this.verified.clear();
      this.verified.set(key, u.password);
    }
    // the client's address against the user's white list (0x0134), and its entry in perf_connections
    admit(this.catalog, u);
    return u;
  }

  /** GET /rest/login: a token for `Taosd`/`Bearer` authorization. */
  loginToken(user: string, password: string): string {
    const u = this.authenticate(user, password);
    return this.tokens.sign(u.name, u.password);
  }

  /** The user a token names, if the token is valid for that user's current password (0x0134 outside its white list). */
  userFromToken(token: string): UserDef | undefined {
    const name = this.tokens.userOf(token);
    const u = name ? this.catalog.findUser(name) : undefined;
    if (!u || !u.enable || !this.tokens.verify(token, u.name, u.password)) return undefined;
    admit(this.catalog, u);
    return u;
  }
}
