import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ApiCode,
  Privilege,
  cpuPercentOfPlan,
  monitorClusterQuerySchema,
  monitorRangeQuerySchema,
  ok,
  type MonitorClusterInfo,
  type MonitorMetricValue,
  type MonitorSeries,
  type MonitorUnit,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import type { InstanceRow } from '../../store/schema';
import { planOf } from '../catalog/plans';
import { storageQuotaGb } from '../instances/instance-view';
import { requireInstance } from '../instances/instance-access';
import { chooseInterval } from './interval';
import type { MetricsDb } from './metrics-db';
import { enginePasswordOf } from '../instances/engine-password';
import { RestSql } from './metrics-sql';
import { engineCounters } from './process-readings';

const GIB = 1024 ** 3;

/** The range calls of data-explorer.md §7 (their paths as the spec writes them) and what they chart. */
const RANGE_CALLS: ReadonlyArray<{ path: string; metric: MonitorMetricValue; unit: MonitorUnit }> = [
  { path: 'cpu/range', metric: 'cpu', unit: 'plan_percent' },
  { path: 'mem/range', metric: 'mem', unit: 'bytes' },
  { path: 'disk-used/range', metric: 'disk-used', unit: 'bytes' },
  { path: 'qps-insert', metric: 'qps-insert', unit: 'per_second' },
  { path: 'qps-query', metric: 'qps-query', unit: 'per_second' },
  { path: 'ingress/range', metric: 'ingress', unit: 'bytes' },
  { path: 'egress/range', metric: 'egress', unit: 'bytes' },
];

/** The spec lists the calls both with and without the region prefix: both are served by the same handlers. */
const PREFIXES = ['/api/region/:region/monitor', '/api/monitor'];

type MonitorRequest = FastifyRequest<{ Params: { region?: string } }>;

function limitOf(row: InstanceRow, metric: MonitorMetricValue): number | null {
  const plan = planOf(row.planLevel)?.limits;
  if (!plan) return null;
  // CPU is charted in percent of the plan: every core of the plan is 100.
  if (metric === 'cpu') return 100;
  if (metric === 'mem') return plan.memoryGb * GIB;
  if (metric === 'disk-used') return storageQuotaGb(row) * GIB;
  return null;
}

/**
 * GET …/monitor/…: the instance is named by app_id in the query, so each call checks it itself (a live instance
 * of the caller's organization, in the region of the path, with monitor:read inside it). A Suspended instance
 * answers its status and empty series, as the dashboard shows the state instead of charts.
 */
export const monitoringRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { metrics } = app.monitoring;
  const instanceFor = async (request: MonitorRequest, appId: string): Promise<InstanceRow> => {
    const row = await requireInstance(deps, request, appId, { allOf: [Privilege.MONITOR_READ] });
    if (request.params.region !== undefined && row.regionId !== request.params.region) throw ApiError.notFound();
    return row;
  };
  const metricsDb = async (): Promise<MetricsDb> => {
    try {
      return await metrics();
    } catch (error) {
      app.log.error({ err: error }, 'metrics database unavailable');
      throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.serviceUnavailable');
    }
  };

  for (const prefix of PREFIXES) {
    for (const call of RANGE_CALLS) {
      app.get(`${prefix}/${call.path}`, { config: { policy: { access: 'org' } } }, async (request: MonitorRequest) => {
        const query = parseWith(monitorRangeQuerySchema, request.query);
        const row = await instanceFor(request, query.app_id);
        const intervalMs = chooseInterval(query.start, query.end, query.interval);
        // Nothing is sampled in the future: the range ends now at the latest.
        const end = Math.min(query.end, deps.clock.now() + 1);
        const sampled = row.status === 'Suspended' || end <= query.start ? [] : await (await metricsDb()).series(row.id, call.metric, query.start, end, intervalMs);
        const points = call.metric === 'cpu' ? inPlanPercent(sampled, row) : sampled;
        const series: MonitorSeries = {
          app_id: row.id,
          status: row.status,
          metric: call.metric,
          unit: call.unit,
          start: query.start,
          end: query.end,
          interval_ms: intervalMs,
          limit: limitOf(row, call.metric),
          points,
        };
        return ok(series);
      });
    }

    app.get(`${prefix}/user-cluster`, { config: { policy: { access: 'org' } } }, async (request: MonitorRequest) => {
      const query = parseWith(monitorClusterQuerySchema, request.query);
      const row = await instanceFor(request, query.app_id);
      const plan = planOf(row.planLevel)?.limits;
      const live = row.status === 'Running' && row.engineUrl ? row.engineUrl : null;
      const [counters, version, latest] = await Promise.all([
        live ? engineCounters(live) : null,
        live ? engineVersion(live, row) : null,
        row.status === 'Suspended' ? null : (await metricsDb()).latest(row.id),
      ]);
      const info: MonitorClusterInfo = {
        app_id: row.id,
        status: row.status,
        version,
        uptime_ms: counters?.uptimeMs ?? null,
        databases: counters?.databases ?? null,
        stables: counters?.stables ?? null,
        tables: counters?.tables ?? null,
        cpu: cpuPercentOfPlan(latest?.cpu ?? null, plan?.cores ?? 0),
        mem_bytes: latest?.memBytes ?? null,
        disk_bytes: latest?.diskBytes ?? null,
        sampled_at: latest?.at ?? null,
        cores: plan?.cores ?? 0,
        mem_limit_bytes: (plan?.memoryGb ?? 0) * GIB,
        storage_limit_bytes: storageQuotaGb(row) * GIB,
      };
      return ok(info);
    });
  }
};

/** CPU points (sampled in percent of one core) in percent of the instance's plan. */
function inPlanPercent(points: MonitorSeries['points'], row: InstanceRow): MonitorSeries['points'] {
  const cores = planOf(row.planLevel)?.limits.cores ?? 0;
  return points.map(([at, value]) => [at, cpuPercentOfPlan(value, cores) ?? 0]);
}

/** The engine's version, asked with the instance's engine credentials; null when it does not answer. */
async function engineVersion(engineUrl: string, row: InstanceRow): Promise<string | null> {
  try {
    const rows = await new RestSql(engineUrl, { user: row.engineUser, password: enginePasswordOf(row) }).run('SELECT SERVER_VERSION()');
    return typeof rows[0]?.[0] === 'string' ? rows[0][0] : null;
  } catch {
    return null;
  }
}
