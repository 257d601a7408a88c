import { useQuery } from '@tanstack/react-query';
import type { MfaStatus } from '@tscloud/contracts';
import { http } from '../../api/http';
import { mfaKeys } from './keys';

/** GET /api/user/mfa. Quiet (§8: the multi-factor list degrades to nothing). */
export async function fetchMfaStatus(): Promise<MfaStatus> {
  try {
    return await http.get<MfaStatus>('/user/mfa', { silent: true });
  } catch {
    return { enabled: false, recoveryCodesRemaining: 0 };
  }
}

export function useMfaStatus() {
  return useQuery({ queryKey: mfaKeys.status(), queryFn: fetchMfaStatus });
}
