import type { Cloud } from '@tscloud/contracts';
import type { ClusterHealthMonitor } from './clusters/cluster-health';
import type { InstanceLifecycle } from './instances/lifecycle';
import type { LocalProvisioner } from './provisioner/local-provisioner';
import type { Provisioner } from './provisioner/provisioner';
import type { TrafficCounter } from './gateway/traffic';

/**
 * The region's own services, decorated on the app as `app.region` by the region plugin. Route plugins take the
 * app's dependencies (`AppDeps`) as their options, like every plugin of the server, and read these from the app.
 */
export interface RegionServices {
  clouds: readonly Cloud[];
  /** Each instance's provisioner (the local one, or a TDengine cluster's). */
  provisioner: Provisioner;
  /** The engine processes of ours this server runs: what monitoring samples from /proc. */
  localProvisioner: LocalProvisioner;
  lifecycle: InstanceLifecycle;
  traffic: TrafficCounter;
  /** The TDengine clusters' health, shown as their instances' status. */
  clusterHealth: ClusterHealthMonitor;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The region's services (route plugins of the region; tests wait on the lifecycle and flush the traffic counters). */
    region: RegionServices;
  }
}
