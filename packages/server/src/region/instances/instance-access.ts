import type { FastifyRequest } from 'fastify';
import { satisfies, type PrivilegeRequirement } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { instancePrivileges, liveGrantsOf, orgOf, type OrgContext } from '../../platform/access';
import type { InstanceRow } from '../../store/schema';
import { findOrgInstance } from './instance-repo';

/** Privileges of the caller inside each of several instances (one grant lookup for a whole list). */
export async function privilegesByInstance(deps: AppDeps, org: OrgContext, instanceIds: string[]): Promise<Map<string, Set<string>>> {
  const grants = org.isOwner ? [] : await liveGrantsOf(deps.store.db, deps.clock.now(), org.orgId, org.memberId);
  return new Map(instanceIds.map((id) => [id, instancePrivileges(grants, org.isOwner, id)]));
}

/**
 * For the few instance calls that name the instance in the body or query (alias, IP allow-list) rather than
 * the path, so the organization guard cannot: the instance must be a live one of the caller's organization
 * (else not-found, as the guard answers) and the caller must hold `requirement` inside it.
 */
export async function requireInstance(deps: AppDeps, request: FastifyRequest, instanceId: string, requirement: PrivilegeRequirement): Promise<InstanceRow> {
  const org = orgOf(request);
  const row = await findOrgInstance(deps.store.db, org.orgId, instanceId);
  if (!row) throw ApiError.notFound();
  if (request.orgActor) request.orgActor.instanceId = row.id;
  const privileges = (await privilegesByInstance(deps, org, [row.id])).get(row.id)!;
  if (!satisfies(privileges, requirement)) throw ApiError.forbidden();
  return row;
}

/** For instance routes with the instance in the path: the guard checked the organization; the region must match. */
export async function instanceInRegion(deps: AppDeps, request: FastifyRequest, instanceId: string, regionId: string): Promise<InstanceRow> {
  const row = await findOrgInstance(deps.store.db, orgOf(request).orgId, instanceId);
  if (!row || row.regionId !== regionId) throw ApiError.notFound();
  return row;
}
