/** The region half of the server: instances, their lifecycle and provisioner, the gateway, the IP allow-list. */
export { regionPlugin } from './plugin';
export type { Provisioner, EngineSpec, EngineEndpoint } from './provisioner/provisioner';
export { LocalProvisioner } from './provisioner/local-provisioner';
export { engineConnectionOf, type EngineConnection } from './instances/engine-endpoint';
export { findInstance, findOrgInstance } from './instances/instance-repo';
export { requireInstance, instanceInRegion } from './instances/instance-access';
