import { INSTANCE_LIST_POLL_MAX, INSTANCE_LIST_POLL_MS, INSTANCE_STATUS_POLL_MS, TRANSITIONAL_STATUSES, type InstanceStatusValue } from '@tscloud/contracts';

/**
 * The polling rules of platform-shell.md §4 as pure functions (the React adapters are in useInstancePolling.ts):
 * - the instance list refreshes every 15 s, at most 20 times, while any instance is transitional;
 * - the current instance's status is polled every 10 s;
 * - both stop while the page is hidden.
 */
interface HasStatus {
  cluster_status: string;
}

export function isTransitional(status: string): boolean {
  return (TRANSITIONAL_STATUSES as readonly string[]).includes(status);
}

export function anyTransitional(instances: readonly HasStatus[]): boolean {
  return instances.some((i) => isTransitional(i.cluster_status));
}

export interface ListPollState {
  instances: readonly HasStatus[];
  /** Refreshes made by the poll since it (re)started. */
  pollsDone: number;
  pageVisible: boolean;
}

/** Delay before the next list refresh, or false: no refresh. */
export function listPollDelay({ instances, pollsDone, pageVisible }: ListPollState): number | false {
  if (!pageVisible || pollsDone >= INSTANCE_LIST_POLL_MAX || !anyTransitional(instances)) return false;
  return INSTANCE_LIST_POLL_MS;
}

/**
 * The poll count restarts when a new wave of transitions begins: an action (start, suspend, create) or an
 * instance that was settled turning transitional. `before` and `after` are the statuses by id.
 */
export function transitionsRestarted(before: ReadonlyMap<string, string>, after: readonly (HasStatus & { id: string })[]): boolean {
  return after.some((i) => isTransitional(i.cluster_status) && (!before.has(i.id) || !isTransitional(before.get(i.id)!)));
}

/** Delay before the next status poll of the current instance, or false. */
export function statusPollDelay({ instanceId, pageVisible }: { instanceId: string | null; pageVisible: boolean }): number | false {
  return instanceId && pageVisible ? INSTANCE_STATUS_POLL_MS : false;
}

/** §4: which warning selecting an instance shows (Suspended its own, Failed/Error/Warning the generic one). */
export type SelectionWarning = 'suspended' | 'abnormal' | null;

export function selectionWarning(status: InstanceStatusValue | string): SelectionWarning {
  if (status === 'Suspended') return 'suspended';
  if (status === 'Failed' || status === 'Error' || status === 'Warning') return 'abnormal';
  return null;
}
