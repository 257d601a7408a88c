import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../deps';
import { TaskRunner } from '../runner/task-runner';
import { taskRoutes } from './routes';

/**
 * Data-in tasks: their calls and the runner that runs them on this node. The runner starts once the app is ready
 * and stops before the instance engines do (preClose), handing its tasks back to the store for the next node.
 */
export const datainTasksPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const runner = new TaskRunner(deps.store.db, deps.clock, {
    dataDir: deps.config.dataDir,
    leaseMs: deps.config.datainLeaseMs,
    log: (message, error) => app.log.error({ err: error }, message),
    clusterRowsWritten: (instanceId, rows) => app.region.traffic.addStatement(instanceId, { rowsInserted: rows, queries: 0 }),
  });
  await app.register(taskRoutes(runner), deps);
  app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', async () => runner.shutdown());
};
