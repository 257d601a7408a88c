/**
 * The region half of the server: instances, their lifecycle and provisioner, the gateway, the IP allow-list.
 * This file is the region's public interface: platform/, main.ts and ops/ import only from here (the monitoring
 * area and the configuration loader from region/monitoring's own index and config).
 */
export { regionPlugin } from './plugin';
export type { Provisioner, EngineSpec, EngineEndpoint } from './provisioner/provisioner';
export { LocalProvisioner } from './provisioner/local-provisioner';
export { engineConnectionOf, type EngineConnection } from './instances/engine-endpoint';
export { findInstance, findOrgInstance } from './instances/instance-repo';
export { requireInstance, instanceInRegion } from './instances/instance-access';
export { seedInstance, type SeededInstance } from './instances/seed-instance';
export { gatewayUrlOf } from './instances/instance-view';
export { BILLING_COMMANDS } from './billing-account/ops-commands';
export { PLATFORM_DB_COMMANDS } from './explorer/ops-commands';
export { CLUSTER_COMMANDS } from './clusters';
// What billing (platform/billing) reads of the region: the account of the credit check, the plan catalogue's prices,
// and the sampler's usage samples it meters.
export { billingAccountOf, type BillingAccount } from './billing-account/account';
export { planOf, pricePlans } from './catalog/plans';
export type { MetricsDb, UsageSample } from './monitoring/metrics-db';
// What billing's arrears actions ask of the instances: stop, start again, delete after a month.
export { suspendOrgInstances, resumeInstances, deleteOrgInstances } from './instances/arrears-control';
