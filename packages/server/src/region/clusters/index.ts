/** TDengine clusters as a region's backend (issue 23; docs/clusters.md): the registry, its checks, its ops commands. */
export { CLUSTER_COMMANDS } from './ops-commands';
export { checkCluster, type ClusterCheck } from './cluster-check';
export { featuresOf, type ClusterFeatures } from './cluster-features';
export { clustersOfInstances, type InstanceCluster } from './cluster-repo';
export { serverOfInstance } from './cluster-features';
