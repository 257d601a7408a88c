import type { TenantNamespace } from './namespace';
import type { GuardedStatement } from './tenant-guard';

/** The REST answer's parts that can carry the cluster's names (TDengine's `/rest/sql` body). */
export interface RestAnswer {
  code: number;
  desc?: string;
  data?: unknown[][];
}

/**
 * The cluster's answer as the tenant should read it: an error message or a SHOW CREATE text without the namespace's
 * prefix (TDengine quotes names in both). Rows of data are never touched: they are the tenant's own values.
 */
export function stripAnswer<T extends RestAnswer>(answer: T, guarded: GuardedStatement | null, ns: TenantNamespace): T {
  if (typeof answer.desc === 'string') return { ...answer, desc: ns.stripText(answer.desc) };
  if (guarded?.stripResultText && answer.data) {
    return { ...answer, data: answer.data.map((row) => row.map((cell) => (typeof cell === 'string' ? ns.stripText(cell) : cell))) };
  }
  return answer;
}
