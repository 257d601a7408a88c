import { useMutation } from '@tanstack/react-query';
import type { InstanceToken } from '@tscloud/contracts';
import { http } from '../../api/http';
import { withVerification } from '../mfa/verification';
import type { InstanceRef } from './control';
import { rememberInstanceToken } from './tokens';

/**
 * PUT /api/region/{r}/apptoken/reset/{id}: a new token (the old one stops working at once). A protected operation:
 * a 433 asks for the multi-factor code and the call is made again.
 */
export async function resetInstanceToken(instance: InstanceRef): Promise<InstanceToken> {
  const path = `/region/${encodeURIComponent(instance.region_id)}/apptoken/reset/${encodeURIComponent(instance.id)}`;
  const answer = await withVerification((silent) => http.put<InstanceToken>(path, undefined, { silent }));
  rememberInstanceToken(instance.id, answer.token);
  return answer;
}

export function useResetInstanceToken() {
  return useMutation({ mutationFn: resetInstanceToken });
}
