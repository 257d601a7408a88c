import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MonitorMetricValue, MonitorSeries } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { monitoringKeys } from './keys';

/** data-explorer.md §7 Monitoring: the path of each metric's range call. */
export const METRIC_PATHS: Record<MonitorMetricValue, string> = {
  cpu: 'cpu/range',
  mem: 'mem/range',
  'disk-used': 'disk-used/range',
  'qps-insert': 'qps-insert',
  'qps-query': 'qps-query',
  ingress: 'ingress/range',
  egress: 'egress/range',
};

/** GET /api/region/{r}/monitor/{metric path}?app_id=&start=&end= (epoch ms): one chart's series. */
export function fetchMonitorSeries(instance: InstanceRef, metric: MonitorMetricValue, start: number, end: number): Promise<MonitorSeries> {
  return http.get<MonitorSeries>(`/region/${encodeURIComponent(instance.region_id)}/monitor/${METRIC_PATHS[metric]}`, {
    query: { app_id: instance.id, start, end },
    silent: true,
  });
}

export function useMonitorSeries(instance: InstanceRef | null, metric: MonitorMetricValue, range: { start: number; end: number }, enabled = true) {
  return useQuery({
    queryKey: monitoringKeys.series(instance?.id ?? '', metric, range.start, range.end),
    queryFn: () => fetchMonitorSeries(instance!, metric, range.start, range.end),
    enabled: enabled && instance !== null,
    placeholderData: keepPreviousData,
  });
}
