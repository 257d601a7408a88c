import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoJob, DemoLoadRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { explorerKeys } from './keys';

/** Demo data (contracts api/explorer-data.ts): start a load job, then poll it until done or failed. */
const base = (i: InstanceRef) => `/region/${encodeURIComponent(i.region_id)}/data/demo/${encodeURIComponent(i.id)}`;
/** How often a running job is asked for its progress. */
export const DEMO_POLL_MS = 1000;

export function useStartDemo(instance: InstanceRef) {
  return useMutation({ mutationFn: (body: DemoLoadRequest) => http.post<DemoJob>(base(instance), body, { silent: true }) });
}

export function useDemoJob(instance: InstanceRef, jobId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...explorerKeys.instance(instance.id), 'demo', jobId ?? ''],
    queryFn: async () => {
      const job = await http.get<DemoJob>(`${base(instance)}/${encodeURIComponent(jobId!)}`);
      if (job.status === 'done') void client.invalidateQueries({ queryKey: explorerKeys.dblist(instance.id) });
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'running' ? false : DEMO_POLL_MS),
  });
}
