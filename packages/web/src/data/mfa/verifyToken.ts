import type { VerifyTokenBody, VerifyTokenResponse } from '@tscloud/contracts';
import { http } from '../../api/http';

/** POST /api/verify/token: a TOTP code (multi-factor on) or the account password buys a reusable Verify-Token. */
export function issueVerifyToken(body: VerifyTokenBody): Promise<VerifyTokenResponse> {
  return http.post<VerifyTokenResponse>('/verify/token', body);
}
