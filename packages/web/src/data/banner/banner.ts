import type { Banner } from '@tscloud/contracts';
import { http } from '../../api/http';

/** GET /api/banner (public): the maintenance banner or null. Quiet: no banner when the call fails. */
export async function fetchBanner(): Promise<Banner | null> {
  try {
    return (await http.get<Banner | null>('/banner', { public: true, silent: true })) ?? null;
  } catch {
    return null;
  }
}

export function isBlocking(banner: Banner | null): boolean {
  return banner?.type === 'ERROR';
}
