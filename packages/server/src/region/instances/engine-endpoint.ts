import type { InstanceRow } from '../../store/schema';
import type { Limits } from 'tscloud-engine';
import { engineLimitsFor } from '../catalog/plans';
import { TenantNamespace } from '../clusters/tenant-guard';
import type { EngineTarget } from '../engine-client/rest-call';
import { enginePasswordOf } from './engine-password';

/**
 * How the server reaches a running instance's engine: its base URL and the Authorization header to send, and for an
 * instance on a TDengine cluster its namespace (the tenant guard maps every statement into it).
 */
export type EngineConnection = EngineTarget;

/**
 * The engine connection of an instance, or null unless it is Running (or Warning on a degraded TDengine cluster). Every server-side caller of an engine (the
 * gateway, and the explorer, SQL and monitoring calls of the region) goes through this, with the instance's own
 * superuser credentials (ARCHITECTURE.md "Server → engine").
 */
export function engineConnectionOf(row: InstanceRow): EngineConnection | null {
  // An instance on a degraded TDengine cluster (Warning) is still served by the cluster's other dnodes.
  const operable = row.status === 'Running' || (row.status === 'Warning' && row.clusterNamespace !== null);
  if (!operable || !row.engineUrl) return null;
  const authorization = `Basic ${Buffer.from(`${row.engineUser}:${enginePasswordOf(row)}`).toString('base64')}`;
  if (!row.clusterNamespace) return { url: row.engineUrl, authorization };
  return { url: row.engineUrl, authorization, tenant: new TenantNamespace(row.clusterNamespace), tenantLimits: engineLimitsFor(row.planLevel, row.ha === 1) as Limits };
}
