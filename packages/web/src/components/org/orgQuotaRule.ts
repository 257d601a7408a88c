import type { OrgQuota } from '@tscloud/contracts';

export interface OrgQuotaNotice {
  /** 'info' shows the rule; 'error' also blocks sending. */
  type: 'info' | 'error';
  key: 'org.limit.rule' | 'org.limit.full';
  values: { max: number; owned: number };
}

/**
 * What the create-organization dialog says before sending: nothing without a limit (a paid plan), the rule while
 * the user may still create one, and the refusal (the server's rule, same wording) once the limit is reached.
 */
export function orgQuotaNotice(quota: OrgQuota | undefined): OrgQuotaNotice | null {
  if (!quota || quota.max === null) return null;
  const values = { max: quota.max, owned: quota.owned };
  return quota.canCreate ? { type: 'info', key: 'org.limit.rule', values } : { type: 'error', key: 'org.limit.full', values };
}
