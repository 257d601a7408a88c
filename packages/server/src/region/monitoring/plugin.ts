import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { MetricsDb } from './metrics-db';
import { InProcessMetricsSql, RestSql, type MetricsSql } from './metrics-sql';
import { monitoringRoutes } from './routes';
import { Sampler, processViewOf } from './sampler';
import { ThresholdAlerts } from './threshold-alerts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics sampler (tests read how many rounds it completed). */
    monitoring: { sampler: Sampler | null; metrics: () => Promise<MetricsDb> };
  }
}

/**
 * Monitoring: the platform's metrics database, the sampler of the engines this server runs, threshold alerts and
 * the monitoring calls (docs/monitoring.md). The metrics database is opened on first use, so a server without
 * running instances never opens it.
 */
const registerMonitoring: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const log = (message: string, error?: unknown) => app.log.error({ err: error }, message);
  let opening: Promise<MetricsDb> | null = null;
  const metrics = (): Promise<MetricsDb> => {
    opening ??= (async () => {
      const url = deps.config.monitoring.metricsEngineUrl;
      const sql: MetricsSql = url ? new RestSql(url) : await InProcessMetricsSql.open(join(deps.config.dataDir, 'platform-metrics'));
      const db = new MetricsDb(sql);
      await db.init();
      return db;
    })();
    // A failed open (the files held by another process, say) is tried again on the next use.
    opening.catch(() => (opening = null));
    return opening;
  };

  const processes = processViewOf(app.region.localProvisioner);
  const sampler = processes ? new Sampler(deps, app.region.lifecycle, processes, metrics, new ThresholdAlerts(deps, log), log) : null;
  if (!processes) app.log.warn('monitoring: the provisioner runs no local processes; nothing is sampled here');
  app.decorate('monitoring', { sampler, metrics });

  await app.register(monitoringRoutes, deps);

  app.addHook('onReady', async () => sampler?.start());
  app.addHook('onClose', async () => {
    await sampler?.stop();
    if (opening) await (await opening.catch(() => null))?.close();
  });
};

export const monitoringPlugin = fp(registerMonitoring, { name: 'region-monitoring', dependencies: ['region-instances'] });
