import { useQuery } from '@tanstack/react-query';
import type { MfaExemptionState } from '@tscloud/contracts';
import { http } from '../../api/http';
import { mfaKeys } from './keys';

const NONE: MfaExemptionState = { enabled: false, remaining: 0, certified: false, expiration: null, urlIds: [] };

/** GET /api/verify/user-mfa-urls: the temporary exemption. Quiet: a failure reads as "remaining 0" (§8). */
export async function fetchExemption(): Promise<MfaExemptionState> {
  try {
    return await http.get<MfaExemptionState>('/verify/user-mfa-urls', { silent: true });
  } catch {
    return NONE;
  }
}

export function useExemption() {
  return useQuery({ queryKey: mfaKeys.exemption(), queryFn: fetchExemption });
}
