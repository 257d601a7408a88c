import type { Cloud, Instance } from '@tscloud/contracts';
import type { InstanceRow } from '../../store/schema';
import { planOf } from '../catalog/plans';

/** The engine version the local provisioner runs (shown as image_version). */
export const ENGINE_IMAGE_VERSION = '3.3.0.0-tscloud';

/** The gateway address users' own clients use for an instance. */
export function gatewayUrlOf(publicUrl: string, instanceId: string): string {
  return `${publicUrl}/gw/${instanceId}`;
}

/** An instance as the calls of §7 answer it (§3 Instance fields); never the engine credentials or token hash. */
export function toInstance(
  row: InstanceRow,
  clouds: readonly Cloud[],
  publicUrl: string,
  privileges: Iterable<string>,
  resourcePrivileges: Iterable<string>,
): Instance {
  const cloud = clouds.find((c) => c.id === row.cloudId);
  const region = cloud?.regions.find((r) => r.id === row.regionId);
  const plan = planOf(row.planLevel);
  const gateway = gatewayUrlOf(publicUrl, row.id);
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    region_id: row.regionId,
    cloud_id: row.cloudId,
    cloud_name: cloud?.name ?? row.cloudId,
    region_name: region?.name ?? row.regionId,
    td_cluster_id: row.name,
    cluster_status: row.status,
    status_reason: row.statusReason,
    image_version: ENGINE_IMAGE_VERSION,
    app_type: row.appType,
    ha: row.ha,
    gateway_url: gateway,
    type: row.appType,
    plan: row.planLevel,
    url: gateway,
    create_time: row.createdAt,
    privileges: [...privileges].sort(),
    resource_privileges: [...resourcePrivileges].sort(),
    quota_info: { storage: plan?.limits.storageGb ?? 0, egress: plan?.limits.egressGb ?? 0 },
    app_price_plan_name: plan?.name ?? '',
    app_price_plan_level: row.planLevel,
    additional_storage: { support: row.planLevel > 0, metricType: 'STORAGE', price: 0, storage: 0 },
    additional_connector: [],
  };
}
