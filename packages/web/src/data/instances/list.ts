import type { Instance } from '@tscloud/contracts';
import { http } from '../../api/http';

/** GET /api/app/list: the current organization's instances (only those the caller may read). Quiet; rejects. */
export async function readInstanceList(): Promise<Instance[]> {
  const data = await http.get<Instance[] | { list: Instance[] }>('/app/list', { silent: true });
  return Array.isArray(data) ? data : (data?.list ?? []);
}

/** The same for the shell's rebuild, which works with no instances when the call fails. */
export async function fetchInstanceList(): Promise<Instance[]> {
  return readInstanceList().catch(() => []);
}

// The hook over this call is useInstanceListQuery (pages/instances/useInstancePolling.ts): it counts the polls.
