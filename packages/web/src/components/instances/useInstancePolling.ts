import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Instance } from '@tscloud/contracts';
import { usePageVisible } from '../../app/pageVisibility';
import { instanceKeys } from '../../data/instances/keys';
import { readInstanceList } from '../../data/instances/list';
import { useInstanceStatus } from '../../data/instances/status';
import { queryClient } from '../../data/queryClient';
import { chooseInstance, loadOrgScope } from '../../routes/rebuild';
import { patchBoot } from '../../state/boot';
import { session, useSession } from '../../state/session';
import { listPollDelay, statusPollDelay, transitionsRestarted } from './polling';

/**
 * The React side of the §4 polling rules (polling.ts): the organization's instance list while any instance is
 * transitional (15 s, at most 20 refreshes per wave of transitions) and the current instance's status (10 s), both
 * stopped while the page is hidden. What they read goes into the shell's boot state, so the switcher, the side menu
 * and every screen see the new statuses without a reload.
 */
interface PollCount {
  statuses: Map<string, string>;
  done: number;
}
const counts = new Map<string, PollCount>();

/**
 * The list call, counting refreshes per wave (the count is kept before the poll asks for its next delay). A failed
 * poll rejects, so the query keeps the last list instead of an empty one (which would deselect the instance).
 */
async function fetchCounted(orgId: string): Promise<Instance[]> {
  const list = await readInstanceList();
  const previous = counts.get(orgId);
  const restarted = !previous || transitionsRestarted(previous.statuses, list);
  counts.set(orgId, { statuses: new Map(list.map((i) => [i.id, i.cluster_status])), done: restarted ? 0 : previous.done + 1 });
  return list;
}

/**
 * The organization's instance list. Only the watcher polls (`poll`): every observer with an interval keeps its own
 * timer, so screens read the same query without one.
 */
export function useInstanceListQuery(orgId: string | null, poll = false) {
  const pageVisible = usePageVisible();
  return useQuery({
    queryKey: instanceKeys.list(orgId),
    queryFn: () => fetchCounted(orgId!),
    enabled: orgId !== null,
    refetchInterval: (query) =>
      poll && listPollDelay({ instances: (query.state.data as Instance[] | undefined) ?? [], pollsDone: counts.get(orgId ?? '')?.done ?? 0, pageVisible }),
  });
}

/** Mounted once by the console frame: keeps the list and the current instance's status fresh. */
export function useInstanceWatcher(): void {
  const { orgId, instanceId } = useSession((s) => s.current);
  const pageVisible = usePageVisible();
  const list = useInstanceListQuery(orgId, true);
  const instances = list.data ?? null;
  const current = instances?.find((i) => i.id === instanceId) ?? null;
  const status = useInstanceStatus(current, statusPollDelay({ instanceId: current?.id ?? null, pageVisible }));

  // The list → the shell. A current instance that went away (deleted), or a first one that appeared, is chosen again.
  useEffect(() => {
    if (!instances || session.get().current.orgId !== orgId) return;
    patchBoot({ instances });
    const selected = session.get().current.instanceId;
    if (!instances.some((i) => i.id === selected) && (selected !== null || instances.length > 0)) {
      void loadOrgScope(orgId, chooseInstance(instances, null)?.id ?? null);
    }
  }, [instances, orgId]);

  // A status that differs from the list's: the list is read again (which restarts its poll on a new transition).
  const polled = status.data?.cluster_status;
  useEffect(() => {
    if (polled && current && polled !== current.cluster_status) void queryClient.invalidateQueries({ queryKey: instanceKeys.list(orgId) });
  }, [polled, current, orgId]);
}

/** A component form for frames that are not React hooks' natural home (the console layout, bare pages). */
export function InstanceWatcher() {
  useInstanceWatcher();
  return null;
}
