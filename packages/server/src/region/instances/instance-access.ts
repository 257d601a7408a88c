import type { FastifyRequest } from 'fastify';
import { satisfies, type PrivilegeRequirement } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { instancePrivileges, orgOf, reachingPrivileges, requireOn, type OrgContext, type ResourceRef } from '../../platform/access';
import type { InstanceRow } from '../../store/schema';
import { findOrgInstance } from './instance-repo';

/** Instance-wide privileges of the caller in each of several instances (ORG and INSTANCE grants only). */
export function privilegesByInstance(org: OrgContext, instanceIds: string[]): Map<string, Set<string>> {
  return new Map(instanceIds.map((id) => [id, instancePrivileges(org.grants, org.isOwner, id)]));
}

/** Privileges the caller holds somewhere in each instance (database, super table and view grants included). */
export function reachingByInstance(org: OrgContext, instanceIds: string[]): Map<string, Set<string>> {
  return new Map(instanceIds.map((id) => [id, reachingPrivileges(org.grants, org.isOwner, id)]));
}

/**
 * For the instance calls that name the instance in the body or query (alias, IP allow-list, privileges, views)
 * rather than the path, so the organization guard cannot: the instance must be a live one of the caller's
 * organization (else not-found, as the guard answers) and the caller must hold `requirement` instance-wide —
 * or, when the call is about one resource inside it (`resource`), on that resource; 'anywhere' is for the SQL
 * console's own records (favorites), which any grant in the instance that opens the console reaches.
 */
export async function requireInstance(
  deps: AppDeps,
  request: FastifyRequest,
  instanceId: string,
  requirement: PrivilegeRequirement,
  resource?: Omit<ResourceRef, 'instanceId'> | 'anywhere',
): Promise<InstanceRow> {
  const org = orgOf(request);
  const row = await findOrgInstance(deps.store.db, org.orgId, instanceId);
  if (!row) throw ApiError.notFound();
  if (request.orgActor) request.orgActor.instanceId = row.id;
  if (resource === 'anywhere') {
    if (!satisfies(reachingPrivileges(org.grants, org.isOwner, row.id), requirement)) throw ApiError.forbidden();
  } else if (resource) requireOn(org, requirement, { ...resource, instanceId: row.id });
  else if (!satisfies(instancePrivileges(org.grants, org.isOwner, row.id), requirement)) throw ApiError.forbidden();
  return row;
}

/** For instance routes with the instance in the path: the guard checked the organization; the region must match. */
export async function instanceInRegion(deps: AppDeps, request: FastifyRequest, instanceId: string, regionId: string): Promise<InstanceRow> {
  const row = await findOrgInstance(deps.store.db, orgOf(request).orgId, instanceId);
  if (!row || row.regionId !== regionId) throw ApiError.notFound();
  return row;
}
