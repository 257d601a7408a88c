import type { Cloud } from '@tscloud/contracts';
import type { AppDeps } from '../deps';
import type { InstanceLifecycle } from './instances/lifecycle';
import type { Provisioner } from './provisioner/provisioner';
import type { TrafficCounter } from './gateway/traffic';

/** What the region's route files share: the app's dependencies plus the region's own services. */
export interface RegionContext {
  deps: AppDeps;
  clouds: readonly Cloud[];
  provisioner: Provisioner;
  lifecycle: InstanceLifecycle;
  traffic: TrafficCounter;
}
