import type { MonitorMetricValue } from '@tscloud/contracts';

export const monitoringKeys = {
  all: ['monitoring'] as const,
  series: (instanceId: string, metric: MonitorMetricValue, start: number, end: number) => [...monitoringKeys.all, instanceId, metric, start, end] as const,
  cluster: (instanceId: string | null) => [...monitoringKeys.all, instanceId, 'user-cluster'] as const,
};
