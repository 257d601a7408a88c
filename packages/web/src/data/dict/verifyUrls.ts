import type { VerifyUrl } from '@tscloud/contracts';
import { http } from '../../api/http';

/** GET /api/dict/verify-urls: the protected operations (global data of rule 4). Quiet: no list means no prompt. */
export async function fetchVerifyUrls(): Promise<VerifyUrl[]> {
  try {
    return await http.get<VerifyUrl[]>('/dict/verify-urls', { silent: true });
  } catch {
    return [];
  }
}
