import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Page, TaskActivity, TaskActivityKind, TaskListItem, TaskMetrics, TaskStatus } from '@tscloud/contracts';
import { likeEscape } from '@tscloud/contracts/sql';
import type { Db } from '../../../store/database';
import { datainTaskActivities, datainTaskMetrics, datainTasks, type DatainTaskRow } from '../../../store/schema';

/** The store side of data-in tasks: rows, their activities and metrics (docs/data-in.md "Tasks"). */

export function listItemOf(row: DatainTaskRow, rowsWritten: number): TaskListItem {
  return {
    id: row.id,
    name: row.name,
    connector: row.connector,
    target_db: row.targetDb,
    labels: row.labels,
    status: row.status,
    status_reason: row.statusReason,
    rows_written: rowsWritten,
    created_by: row.createdBy,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    started_at: row.startedAt,
    stopped_at: row.stoppedAt,
  };
}

export async function findTask(db: Db, instanceId: string, id: string): Promise<DatainTaskRow | undefined> {
  const [row] = await db.select().from(datainTasks).where(and(eq(datainTasks.instanceId, instanceId), eq(datainTasks.id, id))).limit(1);
  return row;
}

export async function rowsWrittenOf(db: Db, taskId: string): Promise<number> {
  const [metrics] = await db.select({ rowsWritten: datainTaskMetrics.rowsWritten }).from(datainTaskMetrics).where(eq(datainTaskMetrics.taskId, taskId));
  return metrics?.rowsWritten ?? 0;
}

interface ListFilter {
  current_page: number;
  page_size: number;
  labels: string;
  status: TaskStatus[];
  name?: string;
}

export async function listTasks(db: Db, instanceId: string, filter: ListFilter): Promise<Page<TaskListItem>> {
  const conditions: SQL[] = [eq(datainTasks.instanceId, instanceId), eq(datainTasks.labels, filter.labels)];
  if (filter.status.length > 0) conditions.push(inArray(datainTasks.status, filter.status));
  if (filter.name) conditions.push(ilike(datainTasks.name, `%${likeEscape(filter.name)}%`));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(datainTasks).where(where);
  const rows = await db
    .select({ task: datainTasks, rowsWritten: datainTaskMetrics.rowsWritten })
    .from(datainTasks)
    .leftJoin(datainTaskMetrics, eq(datainTaskMetrics.taskId, datainTasks.id))
    .where(where)
    .orderBy(desc(datainTasks.createdAt), desc(datainTasks.id))
    .limit(filter.page_size)
    .offset((filter.current_page - 1) * filter.page_size);
  return {
    list: rows.map(({ task, rowsWritten }) => listItemOf(task, rowsWritten ?? 0)),
    total,
    current_page: filter.current_page,
    page_size: filter.page_size,
  };
}

export async function addActivity(db: Db, task: Pick<DatainTaskRow, 'id' | 'instanceId'>, kind: TaskActivityKind, time: number, message: string | null = null): Promise<void> {
  await db.insert(datainTaskActivities).values({ taskId: task.id, instanceId: task.instanceId, kind, time, message });
}

export async function listActivities(
  db: Db,
  instanceId: string,
  page: { current_page: number; page_size: number; task_id?: string },
): Promise<Page<TaskActivity>> {
  const where = and(eq(datainTaskActivities.instanceId, instanceId), page.task_id ? eq(datainTaskActivities.taskId, page.task_id) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(datainTaskActivities).where(where);
  const rows = await db
    .select({ activity: datainTaskActivities, taskName: datainTasks.name })
    .from(datainTaskActivities)
    .innerJoin(datainTasks, eq(datainTasks.id, datainTaskActivities.taskId))
    .where(where)
    .orderBy(desc(datainTaskActivities.time), desc(datainTaskActivities.id))
    .limit(page.page_size)
    .offset((page.current_page - 1) * page.page_size);
  return {
    list: rows.map(({ activity, taskName }) => ({
      id: activity.id,
      task_id: activity.taskId,
      task_name: taskName,
      time: activity.time,
      kind: activity.kind,
      message: activity.message,
    })),
    total,
    current_page: page.current_page,
    page_size: page.page_size,
  };
}

export async function metricsOf(db: Db, task: DatainTaskRow, now: number): Promise<TaskMetrics> {
  const [m] = await db.select().from(datainTaskMetrics).where(eq(datainTaskMetrics.taskId, task.id));
  const running = task.status === 'running';
  return {
    task_id: task.id,
    status: task.status,
    rows_read: m?.rowsRead ?? 0,
    rows_written: m?.rowsWritten ?? 0,
    rows_failed: m?.rowsFailed ?? 0,
    bytes: m?.bytes ?? 0,
    // A task that is not running writes nothing now, whatever its last interval's rate was.
    rate: running ? (m?.rate ?? 0) : 0,
    lag_ms: m?.newestTs ? Math.max(0, now - m.newestTs) : 0,
    last_error: m?.lastError ?? null,
    updated_at: m?.updatedAt ?? null,
  };
}

export async function tableProgressOf(db: Db, taskId: string) {
  const [m] = await db.select({ tables: datainTaskMetrics.tables }).from(datainTaskMetrics).where(eq(datainTaskMetrics.taskId, taskId));
  return {
    tables: (m?.tables ?? []).map((t) => ({ ...t, percent: t.total ? Math.min(100, Math.round((t.done / t.total) * 1000) / 10) : t.total === 0 ? 100 : null })),
  };
}
