import { z } from 'zod';
import type { Page } from '../envelope';
import type { FromExpand } from './task-shape';
import { CONNECTOR_IDS, type ConnectorDefinition, type ConnectorId } from './types';

/**
 * Data-in tasks (data-in.md §3, §7, §8; docs/data-in.md "Tasks"): the calls under /region/{region}/replication/{appId}
 * that create, list, show, update, start, stop and delete a task, and what they answer. A task reads one source
 * (its connector and from_expand values, validated by validateTask), runs its records through a transform and
 * writes the rows into one database of the instance.
 */

/** The statuses a data-in task takes, a subset of the platform's task status catalogue (platform-shell.md). */
export const TASK_STATUSES = ['created', 'queued', 'running', 'stopping', 'stopped', 'completed', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses in which a task's runner may hold it: such a task cannot be edited or deleted (§8), and pins its database. */
export const ACTIVE_TASK_STATUSES: readonly TaskStatus[] = ['queued', 'running', 'stopping'];

/** The label of data-source tasks in the list call (§7: labels=ds). */
export const DATA_SOURCE_LABEL = 'ds';

const paramValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

/** §3 from_expand: the connection fields on top, every other form value in params (fromExpandOf builds it). */
export const fromExpandSchema = z.object({
  id: z.string().optional(),
  host: z.string().optional(),
  port: z.coerce.number().int().optional(),
  subject: z.string().optional(),
  protocol: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  params: z.record(z.string(), paramValueSchema).default({}),
});

/**
 * POST /task/create-data-source and PUT /tasks?id= (body). The server checks from_expand with validateTask against
 * the connector's definition (400: the first message, and field → message in data). `transform` is the transform
 * configuration (transform.ts), kept as the task saved it.
 */
export const taskBodySchema = z.object({
  connector: z.enum(CONNECTOR_IDS, { message: 'validation.formFormat' }),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(64, { message: 'validation.formFormat' }),
  target_db: z.string().trim().min(1, { message: 'validation.required' }).max(64, { message: 'validation.formFormat' }),
  from_expand: fromExpandSchema,
  transform: z.record(z.string(), z.unknown()).default({}),
  labels: z.string().default(DATA_SOURCE_LABEL),
});
export type TaskBody = z.input<typeof taskBodySchema>;

/** A comma-separated list of statuses (status=running,stopped); empty means every status. */
const statusListSchema = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const statuses = (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = statuses.find((s) => !(TASK_STATUSES as readonly string[]).includes(s));
    if (unknown) ctx.addIssue({ code: 'custom', message: 'validation.formFormat' });
    return statuses as TaskStatus[];
  });

/** GET /tasks/datasource (query): labels=ds, an optional status filter and name search, and the page. */
export const taskListQuerySchema = z.object({
  labels: z.string().optional().default(DATA_SOURCE_LABEL),
  status: statusListSchema,
  name: z.string().trim().max(64).optional(),
  current_page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(10_000).optional().default(10),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

/** GET /task/details (query). */
export const taskDetailsQuerySchema = z.object({
  id: z.string().min(1),
  lang: z.enum(['en', 'zh'], { message: 'validation.formFormat' }).optional(),
});

/** PUT /tasks?id= and DELETE-style calls taking the id in the query. */
export const taskIdQuerySchema = z.object({ id: z.string().min(1) });

/** GET /tasks/activities (query): every task's activities of this instance, newest first, paged; task_id narrows. */
export const taskActivitiesQuerySchema = z.object({
  task_id: z.string().optional(),
  current_page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(10_000).optional().default(20),
});
export type TaskActivitiesQuery = z.input<typeof taskActivitiesQuerySchema>;

/** One row of the task list. Times are epoch milliseconds. */
export interface TaskListItem {
  id: string;
  name: string;
  connector: ConnectorId;
  target_db: string;
  labels: string;
  status: TaskStatus;
  /** Why the task is in its status (a failure's error, "source finished"); null when nothing to say. */
  status_reason: string | null;
  rows_written: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  stopped_at: number | null;
}

export type TaskListResponse = Page<TaskListItem>;

/** GET /task/details: the task with from_expand (§3) and from_detail, the connector's definition in the asked language. */
export interface TaskDetails extends TaskListItem {
  from_expand: FromExpand;
  from_detail: ConnectorDefinition;
  transform: Record<string, unknown>;
}

export const TASK_ACTIVITY_KINDS = ['create', 'update', 'start', 'stop', 'fail', 'complete', 'resume'] as const;
export type TaskActivityKind = (typeof TASK_ACTIVITY_KINDS)[number];

/** GET /tasks/{id}/activities and /tasks/activities: start/stop/failure events with their messages (errors). */
export interface TaskActivity {
  id: number;
  task_id: string;
  task_name: string;
  time: number;
  kind: TaskActivityKind;
  message: string | null;
}

export type TaskActivitiesResponse = Page<TaskActivity>;

/** GET /tasks/{id}/metrics: counters since the task was created, and the rate over the last metrics interval. */
export interface TaskMetrics {
  task_id: string;
  status: TaskStatus;
  rows_read: number;
  rows_written: number;
  /** Rows the transform could not map plus rows the engine refused: counted, never dropped silently. */
  rows_failed: number;
  bytes: number;
  /** Rows written per second over the last interval. */
  rate: number;
  /** Milliseconds between now and the newest row written (0 when nothing written yet). */
  lag_ms: number;
  last_error: string | null;
  updated_at: number | null;
}

/** GET /tasks/{id}/table_progress: one row per source table (SQL tables, CSV files, tmq vgroups). */
export interface TableProgress {
  name: string;
  done: number;
  total: number | null;
  /** 0–100 when the total is known, else null. */
  percent: number | null;
}

export interface TableProgressResponse {
  tables: TableProgress[];
}

/** GET /tasks/{id}/vgroup_progress: the same rows for a tmq source, by vgroup. */
export type VgroupProgressResponse = TableProgressResponse;

/** Answer of create, update, start and stop: the task as the list shows it. */
export type TaskResponse = TaskListItem;
