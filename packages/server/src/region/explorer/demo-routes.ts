import type { FastifyPluginAsync } from 'fastify';
import { Privilege, demoLoadSchema, ok } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { orgOf, requireOn } from '../../platform/access';
import { instanceInRegion } from '../instances/instance-access';
import { databaseExists, demoJobsOf, hasRunningDemoJob, startDemoJob } from './demo-loader';
import { memberEngine } from '../engine-client/member-engine';

type AppParams = { Params: { region: string; appId: string } };
type JobParams = { Params: { region: string; appId: string; jobId: string } };
const READ = { anyOf: [Privilege.DB_READ, Privilege.DB_WRITE, Privilege.STABLE_READ, Privilege.STABLE_WRITE] };

/**
 * The demo database loader (data-explorer.md §9; docs/explorer-server.md "Demo data"): starts a background job
 * writing taosBenchmark's meters as the member's engine user into the database the explorer has open (created only
 * when it does not exist: no free-plan database slot is taken for it), and answers its progress for the web to poll.
 */
export const demoRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.post<AppParams>(
    '/api/region/:region/data/demo/:appId',
    {
      config: {
        policy: {
          access: 'instance',
          // Writing into the database it is opened from (checked on that database below); creating it, when it
          // does not exist yet, also needs db:create instance-wide, like the create-database call.
          scope: 'resource',
          privileges: { allOf: [Privilege.DB_WRITE] },
          write: true,
          activity: { type: 'instance', operation: 'load demo data' },
        },
      },
    },
    async (request) => {
      const body = parseWith(demoLoadSchema, request.body ?? {});
      const row = await instanceInRegion(deps, request, request.params.appId, request.params.region);
      const org = orgOf(request);
      if (await hasRunningDemoJob(deps, org.orgId, row.id)) throw ApiError.conflict('error.demoRunning');
      requireOn(org, { allOf: [Privilege.DB_WRITE] }, { instanceId: row.id, databaseId: body.db_name });
      const target = await memberEngine(deps, request, row);
      const exists = await databaseExists(target, body.db_name);
      if (!exists) requireOn(org, { allOf: [Privilege.DB_CREATE] }, { instanceId: row.id });
      const job = await startDemoJob(deps, target, {
        orgId: org.orgId,
        instanceId: row.id,
        memberId: org.memberId,
        dbName: body.db_name,
        tables: body.tables,
        rowsPerTable: body.rows_per_table,
        createDatabase: !exists,
      });
      return ok(job);
    },
  );

  app.get<AppParams>('/api/region/:region/data/demo/:appId', { config: { policy: { access: 'instance', privileges: READ } } }, async (request) => {
    const row = await instanceInRegion(deps, request, request.params.appId, request.params.region);
    return ok(await demoJobsOf(deps, orgOf(request).orgId, row.id));
  });

  app.get<JobParams>('/api/region/:region/data/demo/:appId/:jobId', { config: { policy: { access: 'instance', privileges: READ } } }, async (request) => {
    const row = await instanceInRegion(deps, request, request.params.appId, request.params.region);
    const [job] = await demoJobsOf(deps, orgOf(request).orgId, row.id, request.params.jobId);
    if (!job) throw ApiError.notFound();
    return ok(job);
  });
};
