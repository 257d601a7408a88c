import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACTIVE_TASK_STATUSES,
  Privilege,
  connectorDefinition,
  ok,
  taskActivitiesQuerySchema,
  taskBodySchema,
  taskDetailsQuerySchema,
  taskIdQuerySchema,
  taskListQuerySchema,
  type TaskDetails,
  type TaskListItem,
} from '@tscloud/contracts';
import type { AppDeps } from '../../../deps';
import { ApiError } from '../../../http/api-error';
import { parseWith } from '../../../http/validate';
import { orgOf, requireOn } from '../../../platform/access';
import { datainTasks, type DatainTaskRow } from '../../../store/schema';
import type { TaskRunner } from '../runner/task-runner';
import { checkTaskBody, requestLanguage } from './task-input';
import { addActivity, findTask, listActivities, listItemOf, listTasks, metricsOf, rowsWrittenOf, tableProgressOf } from './task-repo';
import { REPLICATION_BASE, REPLICATION_READ_POLICY, replicationInstance, type ReplicationParams } from '../route-base';

type TaskParams = ReplicationParams & { id: string };

const READ = REPLICATION_READ_POLICY;
/** Writes also need db:write on the target database, checked in the handler (scope 'resource'). */
const WRITE = { ...READ, scope: 'resource', write: true } as const;

const isActive = (task: DatainTaskRow) => ACTIVE_TASK_STATUSES.includes(task.status);

/**
 * The data-in task calls (data-in.md §7; docs/data-in.md "Tasks"): create, list, details, update, delete, start,
 * stop, activities, metrics and progress. Start and stop only change the stored status; the runner does the work.
 */
export function taskRoutes(runner: TaskRunner): FastifyPluginAsync<AppDeps> {
  return async (app, deps) => {
    const { db } = deps.store;
    const now = () => deps.clock.now();
    const taskOf = async (request: FastifyRequest<{ Params: ReplicationParams }>, id: string) => {
      const row = await replicationInstance(deps, request);
      const task = await findTask(db, row.id, id);
      if (!task) throw ApiError.notFound('datasource.error.taskNotFound');
      return { row, task };
    };
    /** Deleting, starting and stopping write into the task's target database too: db:write there. */
    const writableTaskOf = async (request: FastifyRequest<{ Params: TaskParams }>) => {
      const found = await taskOf(request, request.params.id);
      requireOn(orgOf(request), { allOf: [Privilege.DB_WRITE] }, { instanceId: found.row.id, databaseId: found.task.targetDb });
      return found;
    };
    const itemOf = async (task: DatainTaskRow): Promise<TaskListItem> => listItemOf(task, await rowsWrittenOf(db, task.id));
    const setStatus = async (task: DatainTaskRow, changes: Partial<DatainTaskRow>) => {
      const [updated] = await db.update(datainTasks).set({ ...changes, updatedAt: now() }).where(eq(datainTasks.id, task.id)).returning();
      return updated;
    };

    app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/tasks/datasource`, { config: { policy: READ } }, async (request) => {
      const row = await replicationInstance(deps, request);
      return ok(await listTasks(db, row.id, parseWith(taskListQuerySchema, request.query)));
    });

    app.post<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/task/create-data-source`, { config: { policy: { ...WRITE, activity: { type: 'replication', operation: 'create data-in task' } } } }, async (request) => {
      const row = await replicationInstance(deps, request);
      const body = parseWith(taskBodySchema, request.body);
      await checkTaskBody(request, row, body);
      const at = now();
      const [task] = await db
        .insert(datainTasks)
        .values({
          id: randomUUID(),
          instanceId: row.id,
          orgId: row.orgId,
          ...storedFields(body),
          status: 'created',
          createdBy: request.auth?.userId ?? null,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await addActivity(db, task, 'create', at);
      return ok(await itemOf(task));
    });

    app.put<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/tasks`, { config: { policy: { ...WRITE, activity: { type: 'replication', operation: 'update data-in task' } } } }, async (request) => {
      const { id } = parseWith(taskIdQuerySchema, request.query);
      const { row, task } = await taskOf(request, id);
      if (isActive(task)) throw ApiError.conflict('datasource.error.taskRunning');
      const body = parseWith(taskBodySchema, request.body);
      await checkTaskBody(request, row, body);
      // A new source (or target) reads from its configured start again; a renamed task or new transform resumes.
      const sameSource = task.connector === body.connector && task.targetDb === body.target_db && JSON.stringify(task.config) === JSON.stringify(body.from_expand);
      const updated = await setStatus(task, { ...storedFields(body), ...(sameSource ? {} : { checkpoint: null }) });
      await addActivity(db, task, 'update', now());
      return ok(await itemOf(updated));
    });

    app.delete<{ Params: TaskParams }>(`${REPLICATION_BASE}/task/datasource/:id`, { config: { policy: { ...WRITE, activity: { type: 'replication', operation: 'delete data-in task' } } } }, async (request) => {
      const { task } = await writableTaskOf(request);
      if (isActive(task)) throw ApiError.conflict('datasource.error.taskRunning');
      await db.delete(datainTasks).where(eq(datainTasks.id, task.id));
      return ok(null);
    });

    app.put<{ Params: TaskParams }>(`${REPLICATION_BASE}/tasks/:id/start`, { config: { policy: { ...WRITE, activity: { type: 'replication', operation: 'start data-in task' } } } }, async (request) => {
      const { task } = await writableTaskOf(request);
      if (isActive(task)) return ok(await itemOf(task));
      const updated = await setStatus(task, { status: 'queued', statusReason: null, nodeId: null, leaseUntil: null });
      runner.nudge();
      return ok(await itemOf(updated));
    });

    app.put<{ Params: TaskParams }>(`${REPLICATION_BASE}/tasks/:id/stop`, { config: { policy: { ...WRITE, activity: { type: 'replication', operation: 'stop data-in task' } } } }, async (request) => {
      const { task } = await writableTaskOf(request);
      if (!isActive(task)) return ok(await itemOf(task));
      // A queued task nobody runs yet stops at once; a running one is stopped by the node that runs it.
      const stoppedNow = task.status === 'queued' && task.nodeId === null;
      const updated = await setStatus(task, stoppedNow ? { status: 'stopped', stoppedAt: now() } : { status: 'stopping' });
      if (stoppedNow) await addActivity(db, task, 'stop', now());
      runner.nudge();
      return ok(await itemOf(updated));
    });

    app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/task/details`, { config: { policy: READ } }, async (request) => {
      const query = parseWith(taskDetailsQuerySchema, request.query);
      const { task } = await taskOf(request, query.id);
      const language = query.lang ?? requestLanguage(request);
      const details: TaskDetails = {
        ...(await itemOf(task)),
        from_expand: { ...task.config, id: task.id },
        from_detail: connectorDefinition(task.connector, language)!,
        transform: task.transform,
      };
      return ok(details);
    });

    app.get<{ Params: TaskParams }>(`${REPLICATION_BASE}/tasks/:id/activities`, { config: { policy: READ } }, async (request) => {
      const { row, task } = await taskOf(request, request.params.id);
      return ok(await listActivities(db, row.id, { ...parseWith(taskActivitiesQuerySchema, request.query), task_id: task.id }));
    });

    app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/tasks/activities`, { config: { policy: READ } }, async (request) => {
      const row = await replicationInstance(deps, request);
      return ok(await listActivities(db, row.id, parseWith(taskActivitiesQuerySchema, request.query)));
    });

    app.get<{ Params: TaskParams }>(`${REPLICATION_BASE}/tasks/:id/metrics`, { config: { policy: READ } }, async (request) => {
      const { task } = await taskOf(request, request.params.id);
      return ok(await metricsOf(db, task, now()));
    });

    // A tmq source reports its vgroups as its tables, so both progress calls read the same rows.
    for (const kind of ['table_progress', 'vgroup_progress']) {
      app.get<{ Params: TaskParams }>(`${REPLICATION_BASE}/tasks/:id/${kind}`, { config: { policy: READ } }, async (request) => {
        const { task } = await taskOf(request, request.params.id);
        return ok(await tableProgressOf(db, task.id));
      });
    }
  };
}

/** The columns a task body sets, on create and on update. */
function storedFields(body: z.output<typeof taskBodySchema>) {
  return { connector: body.connector, name: body.name, labels: body.labels, targetDb: body.target_db, config: body.from_expand, transform: body.transform };
}
