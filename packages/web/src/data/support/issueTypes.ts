import { useQuery } from '@tanstack/react-query';
import type { TicketType } from '@tscloud/contracts';
import { http } from '../../api/http';
import { supportKeys } from './keys';

/** GET /api/dict/issuetype: the issue types, labelled in the language the request names. */
export function fetchIssueTypes(): Promise<TicketType[]> {
  return http.get<TicketType[]>('/dict/issuetype');
}

export function useIssueTypes(language: string) {
  return useQuery({ queryKey: supportKeys.types(language), queryFn: fetchIssueTypes, staleTime: 10 * 60_000 });
}
