import { useQuery } from '@tanstack/react-query';
import { dictKeys } from '../dict/keys';
import { fetchVerifyUrls } from '../dict/verifyUrls';

/** The protected operations (GET /api/dict/verify-urls), through the shell's call and key. */
export function useVerifyUrls() {
  return useQuery({ queryKey: dictKeys.verifyUrls(), queryFn: fetchVerifyUrls, staleTime: Infinity });
}
