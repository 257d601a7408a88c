import { ADDITIONAL_STORAGE, storageSupported, type Cloud, type Instance } from '@tscloud/contracts';
import type { InstanceRow } from '../../store/schema';
import { planOf, pricePlans } from '../catalog/plans';
import { serverOfInstance, type InstanceCluster } from '../clusters';


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
  /** The TDengine cluster it lives on (clustersOfInstances), none for an engine of ours. */
  cluster?: InstanceCluster,
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
    ...serverOfInstance(cluster),
    app_type: row.appType,
    ha: row.ha,
    gateway_url: gateway,
    type: row.appType,
    plan: row.planLevel,
    url: gateway,
    create_time: row.createdAt,
    privileges: [...privileges].sort(),
    resource_privileges: [...resourcePrivileges].sort(),
    // The storage quota is the plan's plus the additional storage bought with an upgrade (§5).
    quota_info: { storage: storageQuotaGb(row), egress: plan?.limits.egressGb ?? 0 },
    app_price_plan_name: plan?.name ?? '',
    app_price_plan_level: row.planLevel,
    additional_storage: {
      support: storageSupported(row.planLevel),
      metricType: 'STORAGE',
      price: ADDITIONAL_STORAGE.pricePerGbHour,
      storage: row.additionalStorageGb,
    },
    additional_connector: connectorsOf(row),
  };
}

/** The instance's connectors with their hourly price on its plan. */
function connectorsOf(row: InstanceRow): Instance['additional_connector'] {
  const offered = pricePlans(0).find((p) => p.level === row.planLevel)?.additionalConnector ?? [];
  return row.connectors.map((name) => offered.find((c) => c.name === name) ?? { name, price: 0, support: false });
}

/** The instance's storage quota: its plan's plus the additional storage added with the plan dialog (§5). */
export function storageQuotaGb(row: Pick<InstanceRow, 'planLevel' | 'additionalStorageGb'>): number {
  return (planOf(row.planLevel)?.limits.storageGb ?? 0) + row.additionalStorageGb;
}
