import type { FastifyRequest } from 'fastify';
import { Privilege } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { InstanceRow } from '../../store/schema';
import { instanceInRegion } from '../instances/instance-access';

/**
 * What every data-in route shares (data-in.md §7): the path under which an instance's calls sit, its parameters, and
 * the policy of the Data In screens' reads — whoever opens Data In (replication:read on the instance). Each area keeps
 * its own write policy: they differ on purpose (tasks are resources, agents need db:write).
 */
export type ReplicationParams = { region: string; appId: string };
export const REPLICATION_BASE = '/api/region/:region/replication/:appId';
export const REPLICATION_READ_POLICY = { access: 'instance', privileges: { allOf: [Privilege.REPLICATION_READ] } } as const;

/** The instance a data-in call names, checked against the caller's organization and the region in the path. */
export function replicationInstance(deps: AppDeps, request: FastifyRequest<{ Params: ReplicationParams }>): Promise<InstanceRow> {
  return instanceInRegion(deps, request, request.params.appId, request.params.region);
}
