import { useQuery } from '@tanstack/react-query';
import type { TableProgressResponse, TaskActivitiesResponse, TaskMetrics } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { replicationPath } from './base';
import { dataInKeys } from './keys';

/** How often the detail page refreshes metrics, activities and progress while it is open. */
export const TASK_WATCH_MS = 3000;

const taskPath = (instance: InstanceRef, id: string, what: string) => replicationPath(instance, `tasks/${encodeURIComponent(id)}/${what}`);

/** GET /tasks/{id}/activities: start/stop/failure events, newest first. */
export function useTaskActivities(instance: InstanceRef | null, id: string) {
  return useQuery({
    queryKey: dataInKeys.activities(instance?.id ?? '', id),
    queryFn: () => http.get<TaskActivitiesResponse>(taskPath(instance!, id, 'activities'), { query: { page_size: '50' } }),
    enabled: !!instance,
    refetchInterval: TASK_WATCH_MS,
  });
}

/** GET /tasks/{id}/metrics: counters and rate, polled; the page keeps the history it has seen for the charts. */
export function useTaskMetrics(instance: InstanceRef | null, id: string) {
  return useQuery({
    queryKey: dataInKeys.metrics(instance?.id ?? '', id),
    queryFn: () => http.get<TaskMetrics>(taskPath(instance!, id, 'metrics'), { silent: true }),
    enabled: !!instance,
    refetchInterval: TASK_WATCH_MS,
  });
}

/** GET /tasks/{id}/table_progress (or vgroup_progress, a tmq source's vgroups): rows done of each source table. */
export function useTableProgress(instance: InstanceRef | null, id: string, kind: 'table_progress' | 'vgroup_progress' = 'table_progress') {
  return useQuery({
    queryKey: [...dataInKeys.progress(instance?.id ?? '', id), kind],
    queryFn: () => http.get<TableProgressResponse>(taskPath(instance!, id, kind), { silent: true }),
    enabled: !!instance,
    refetchInterval: TASK_WATCH_MS,
  });
}
