import type { VerifyTokenBody, VerifyTokenResponse } from '@tscloud/contracts';
import { http } from '../../api/http';

/**
 * POST /api/verify/token buys a reusable Verify-Token: with multi-factor on only with a TOTP or recovery code; without
 * it with the password or a prompt code. Silent: the verification prompt shows a refusal itself.
 */
export function issueVerifyToken(body: VerifyTokenBody): Promise<VerifyTokenResponse> {
  return http.post<VerifyTokenResponse>('/verify/token', body, { silent: true });
}
