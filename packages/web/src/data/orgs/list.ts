import { useQuery } from '@tanstack/react-query';
import { ORG_LIST_PAGE_SIZE, type OrgSummary, type Page } from '@tscloud/contracts';
import { http } from '../../api/http';
import { fetchAll } from '../../api/fetchAll';
import { orgKeys } from './keys';

/** GET /api/org with page size 10000, all pages. */
export function fetchOrgList(): Promise<OrgSummary[]> {
  return fetchAll((page) => http.get<Page<OrgSummary>>('/org', { query: { ...page } }), ORG_LIST_PAGE_SIZE);
}

export function useOrgList(enabled = true) {
  return useQuery({ queryKey: orgKeys.list(), queryFn: fetchOrgList, enabled });
}
