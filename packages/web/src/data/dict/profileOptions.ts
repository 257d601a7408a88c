import { useQuery } from '@tanstack/react-query';
import { PROFILE_OPTION_ERROR_TOAST_SECONDS, type CountryEntry, type DictEntry } from '@tscloud/contracts';
import { http, showCallError } from '../../api/http';
import { isApiError } from '../../api/errors';
import { dictKeys } from './keys';

export type ProfileOptionKind = 'industry' | 'position' | 'country';

/**
 * GET /api/dict/industry | position | country. §8: a failure shows the server message for 3 s (not the 30 s
 * message of other calls) and leaves the list empty.
 */
export async function fetchProfileOptions<K extends ProfileOptionKind>(kind: K): Promise<K extends 'country' ? CountryEntry[] : DictEntry[]> {
  try {
    return await http.get(`/dict/${kind}`, { silent: true });
  } catch (error) {
    showCallError(isApiError(error) ? error.message : String(error), PROFILE_OPTION_ERROR_TOAST_SECONDS, false);
    return [] as unknown as K extends 'country' ? CountryEntry[] : DictEntry[];
  }
}

export function useProfileOptions<K extends ProfileOptionKind>(kind: K, language: string) {
  return useQuery({ queryKey: dictKeys.list(kind, language), queryFn: () => fetchProfileOptions(kind), staleTime: Infinity });
}
