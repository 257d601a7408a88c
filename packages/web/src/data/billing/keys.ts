import type { LedgerTypeValue } from '@tscloud/contracts';
import type { PageRequest } from '../../api/fetchAll';

export type { PageRequest };

/** The usage filter the usage page sends (GET /billing/usage/page); days are YYYY-MM-DD in the edition's zone. */
export interface UsageFilter {
  instance_id?: string;
  start_day?: string;
  end_day?: string;
}

/** The changelog filter (GET /billing/balance/changelog and -day-agg). */
export interface ChangelogFilter {
  type: LedgerTypeValue[];
  start_day?: string;
  end_day?: string;
}

/** Every billing query sits under ['billing', orgId]: a redeemed coupon refreshes them all at once. */
export const billingKeys = {
  all: ['billing'] as const,
  org: (orgId: string | null) => [...billingKeys.all, orgId] as const,
  overview: (orgId: string | null) => [...billingKeys.org(orgId), 'overview'] as const,
  usagePage: (orgId: string | null, filter: UsageFilter, page: PageRequest) => [...billingKeys.org(orgId), 'usage', 'page', filter, page] as const,
  usageAll: (orgId: string | null, filter: UsageFilter) => [...billingKeys.org(orgId), 'usage', 'all', filter] as const,
  cdrList: (orgId: string | null, dayId: string | null) => [...billingKeys.org(orgId), 'usage', 'cdr', dayId] as const,
  changelog: (orgId: string | null, filter: ChangelogFilter, page: PageRequest) => [...billingKeys.org(orgId), 'changelog', filter, page] as const,
  changelogDays: (orgId: string | null, filter: ChangelogFilter) => [...billingKeys.org(orgId), 'changelog', 'days', filter] as const,
  changelogDay: (orgId: string | null, day: string | null, types: LedgerTypeValue[]) => [...billingKeys.org(orgId), 'changelog', 'day', day, types] as const,
  paymentProvider: (orgId: string | null) => [...billingKeys.org(orgId), 'provider'] as const,
  card: (orgId: string | null) => [...billingKeys.org(orgId), 'card'] as const,
  cardPage: (orgId: string | null, page: PageRequest) => [...billingKeys.org(orgId), 'card', 'page', page] as const,
  payments: (orgId: string | null, page: PageRequest) => [...billingKeys.org(orgId), 'payments', page] as const,
  paymentEmails: (orgId: string | null) => [...billingKeys.org(orgId), 'emails'] as const,
  bills: (orgId: string | null, page: PageRequest) => [...billingKeys.org(orgId), 'bills', page] as const,
  bill: (orgId: string | null, id: string) => [...billingKeys.org(orgId), 'bill', id] as const,
};
