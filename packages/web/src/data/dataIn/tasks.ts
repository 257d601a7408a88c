import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language, TaskBody, TaskDetails, TaskListQuery, TaskListResponse, TaskResponse } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { replicationPath } from './base';
import { dataInKeys } from './keys';

/** GET /tasks/datasource?labels=ds&status=&current_page=&page_size= (data-in.md §7). */
export function fetchTasks(instance: InstanceRef, query: TaskListQuery) {
  const text = Object.fromEntries(Object.entries({ labels: 'ds', ...query }).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
  return http.get<TaskListResponse>(replicationPath(instance, 'tasks/datasource'), { query: text });
}

/** The task list, paged, filtered by status; polled so statuses move while the page is open. */
export function useTasks(instance: InstanceRef | null, query: TaskListQuery, refetchInterval = 5000) {
  return useQuery({
    queryKey: dataInKeys.taskList(instance?.id ?? '', query as Record<string, unknown>),
    queryFn: () => fetchTasks(instance!, query),
    enabled: !!instance,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/**
 * GET /task/details?id=&lang=: the task with from_expand and from_detail (the definition in `lang`). The detail page
 * watches it (`refetchInterval`) so the status moves on screen; the edit form reads it once.
 */
export function useTaskDetails(instance: InstanceRef | null, id: string | null, lang: Language, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: dataInKeys.task(instance?.id ?? '', id ?? '', lang),
    queryFn: () => http.get<TaskDetails>(replicationPath(instance!, 'task/details'), { query: { id: id!, lang } }),
    enabled: !!instance && !!id,
    refetchInterval,
  });
}

/**
 * Create (POST /task/create-data-source), update (PUT /tasks?id=), delete (DELETE /task/datasource/{id}), start
 * and stop (PUT /tasks/{id}/start|stop). Silent: the screens show refusals where they belong (§8).
 */
export function useTaskMutations(instance: InstanceRef) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: dataInKeys.tasks(instance.id) });
  const path = (what: string) => replicationPath(instance, what);
  const action = (what: 'start' | 'stop') => (id: string) => http.put<TaskResponse>(path(`tasks/${encodeURIComponent(id)}/${what}`), undefined, { silent: true });
  return {
    create: useMutation({ mutationFn: (body: TaskBody) => http.post<TaskResponse>(path('task/create-data-source'), body, { silent: true }), onSuccess: refresh }),
    update: useMutation({ mutationFn: (v: { id: string; body: TaskBody }) => http.put<TaskResponse>(path('tasks'), v.body, { query: { id: v.id }, silent: true }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => http.delete<unknown>(path(`task/datasource/${encodeURIComponent(id)}`), { silent: true }), onSuccess: refresh }),
    start: useMutation({ mutationFn: action('start'), onSuccess: refresh }),
    stop: useMutation({ mutationFn: action('stop'), onSuccess: refresh }),
  };
}
