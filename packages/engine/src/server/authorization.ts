import type { UserDef } from '../catalog/model';
import type { Engine } from '../engine';
import { TdCode, toTdError } from '../errors';

/**
 * Outcome of the Authorization header: a user, an HTTP 401 problem, a TDengine error (wrong password → 200), or a
 * client outside the user's IP white list (taosAdapter answers 403, facts §1.5; code 0x0134).
 */
export type AuthResult =
  | { ok: true; user: UserDef }
  | { ok: false; status: 401 | 403; code: number; desc: string }
  | { ok: false; status: 200; code: number; desc: string };

const INVALID_TAOSD = 0x1125;

function unauthorized(code: number, desc: string): AuthResult {
  return { ok: false, status: 401, code, desc };
}

function refused(error: unknown): AuthResult {
  const e = toTdError(error);
  return { ok: false, status: e.code === TdCode.IP_NOT_IN_WHITE_LIST ? 403 : 200, code: e.code, desc: e.message };
}

/** `Basic base64(user:password)`, `Taosd <token>`, `Bearer <token>` (facts §1.2). */
export function authorize(engine: Engine, header: string | undefined): AuthResult {
  if (!header) return unauthorized(TdCode.NO_AUTH_INFO, 'no auth info input');
  const space = header.indexOf(' ');
  const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
  const value = space < 0 ? '' : header.slice(space + 1).trim();
  if (scheme === 'basic') {
    const text = Buffer.from(value, 'base64').toString('utf8');
    const colon = text.indexOf(':');
    if (!value || colon <= 0) return unauthorized(TdCode.INVALID_BASIC_AUTH, 'invalid basic auth');
    try {
      return { ok: true, user: engine.authenticate(text.slice(0, colon), text.slice(colon + 1)) };
    } catch (error) {
      return refused(error);
    }
  }
  if (scheme === 'taosd' || scheme === 'bearer') {
    let user: UserDef | undefined;
    try {
      user = value ? engine.userFromToken(value) : undefined;
    } catch (error) {
      return refused(error);
    }
    if (!user) return unauthorized(INVALID_TAOSD, scheme === 'taosd' ? 'invalid taosd auth' : 'invalid bearer token');
    return { ok: true, user };
  }
  return unauthorized(TdCode.INVALID_AUTH_TYPE, 'invalid type of Authorization');
}
