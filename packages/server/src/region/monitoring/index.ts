/** Watching instances: the metrics database, the sampler, threshold alerts and the monitoring calls. */
export { monitoringPlugin } from './plugin';
export { loadMonitoringConfig, type MonitoringConfig } from './config';
