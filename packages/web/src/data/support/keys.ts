import type { DeskListQuery, TicketListQuery } from '@tscloud/contracts';

/**
 * Query keys of support issues. Everything of an organization sits under `org(orgId)`, so a change to an issue
 * refreshes its list and detail; the desk's (across organizations) under `desk`.
 */
export const supportKeys = {
  all: ['support'] as const,
  types: (language: string) => [...supportKeys.all, 'types', language] as const,
  org: (orgId: string | null) => [...supportKeys.all, 'org', orgId] as const,
  list: (orgId: string | null, query: TicketListQuery) => [...supportKeys.org(orgId), 'list', query] as const,
  issue: (orgId: string | null, id: string) => [...supportKeys.org(orgId), 'issue', id] as const,
  desk: () => [...supportKeys.all, 'desk'] as const,
  deskList: (query: DeskListQuery) => [...supportKeys.desk(), 'list', query] as const,
  deskIssue: (id: string) => [...supportKeys.desk(), 'issue', id] as const,
  deskStaff: () => [...supportKeys.desk(), 'staff'] as const,
  deskMe: () => [...supportKeys.all, 'me'] as const,
};

/**
 * The other side changes an issue at any time (a reply, a move): issues and queues are read again whenever they are
 * shown, and an open issue every half minute.
 */
export const ISSUE_FRESHNESS = { staleTime: 0, refetchInterval: 30_000 } as const;
