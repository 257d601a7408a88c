import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MfaOperation, ORG_LIST_PAGE_SIZE, Privilege, ok, orgNameRequestSchema, transferOwnerSchema, type OrgDeleteCheck, type PrivilegeInfo, type PrivilegeName } from '@tscloud/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { slicePage } from '../../http/paging';
import { authOf } from '../accounts';
import { orgOf } from '../access/org-guard-plugin';
import { claimAutoJoinInvitations } from './invitations';
import { assertMayCreateOrganization } from '../accounts/org-quota';
import {
  createOrganization,
  deleteOrganization,
  ensureFirstOrganization,
  findOrganization,
  organizationsOf,
  renameOrganization,
  transferOwnership,
} from './org-service';

type IdParams = { Params: { id: string } };
const orgListQuery = z.object({
  current_page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(ORG_LIST_PAGE_SIZE).optional().default(ORG_LIST_PAGE_SIZE),
});

/** Organizations: list, create, rename, transfer ownership, delete, and the caller's privileges. */
export const orgsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const marketplace = deps.config.marketplace === 'none' ? null : deps.config.marketplace;

  /** The organization of the path must be the one the request acts in (Account-Id). */
  const pathOrg = async (id: string, orgId: string) => {
    if (id !== orgId) throw ApiError.forbidden();
    const org = await findOrganization(db, orgId);
    if (!org) throw ApiError.notFound();
    return org;
  };

  app.get('/api/org', { config: { policy: { access: 'user' } } }, async (request) => {
    const { user } = authOf(request);
    // Invitations to a then-unknown address are joined now that the account is active; a user with no
    // organization at all gets a personal one (docs/access-control.md).
    await claimAutoJoinInvitations(deps, user);
    await ensureFirstOrganization(db, deps.clock, user, marketplace);
    const orgs = await organizationsOf(db, deps.clock, user.id, marketplace);
    for (const org of orgs) org.stoppedForArrears = await app.accessExtensions.billing.stoppedForArrears(org.orgId);
    return ok(slicePage(orgs, parseWith(orgListQuery, request.query)));
  });

  app.post('/api/org', { config: { policy: { access: 'user', write: true, activity: { type: 'organization', operation: 'create' } } } }, async (request) => {
    const { user } = authOf(request);
    const { name } = parseWith(orgNameRequestSchema, request.body);
    await assertMayCreateOrganization(db, user.id, marketplace, deps.config.freePlanMaxOrganizations);
    const org = await createOrganization(db, deps.clock, { owner: user, name, marketplaceType: marketplace });
    if (!org) throw ApiError.conflict('error.orgNameUsed');
    request.orgActor = { orgId: org.id, instanceId: null };
    return ok({ orgId: org.id, name: org.name });
  });

  app.put<IdParams>(
    '/api/org/:id',
    { config: { policy: { access: 'org', privileges: { allOf: [Privilege.ORG_UPDATE] }, write: true, activity: { type: 'organization', operation: 'rename' } } } },
    async (request) => {
      const org = await pathOrg(request.params.id, orgOf(request).orgId);
      await renameOrganization(db, deps.clock, org, parseWith(orgNameRequestSchema, request.body).name);
      return ok(null);
    },
  );

  app.post<IdParams>(
    '/api/org/transfer-owner/:id',
    { config: { policy: { access: 'org', write: true, changesAccess: true, mfa: MfaOperation.ORG_TRANSFER_OWNER, activity: { type: 'organization', operation: 'transfer ownership' } } } },
    async (request) => {
      const ctx = orgOf(request);
      const org = await pathOrg(request.params.id, ctx.orgId);
      if (!ctx.isOwner) throw ApiError.forbidden('error.ownerOnly');
      await transferOwnership(db, deps.clock, org, ctx.memberId, parseWith(transferOwnerSchema, request.body).userId);
      return ok(null);
    },
  );

  /**
   * Why the organization of the request cannot be deleted now (a message key), or null: only its owner deletes it,
   * and only without instances and arrears. The delete's precondition and the dialog's check (below) both ask here.
   */
  const deleteRefusal = async (request: FastifyRequest<IdParams>): Promise<'error.ownerOnly' | 'error.orgHasInstances' | null> => {
    const ctx = orgOf(request);
    const org = await pathOrg(request.params.id, ctx.orgId);
    if (!ctx.isOwner) return 'error.ownerOnly';
    const { instances, billing } = app.accessExtensions;
    if ((await instances.countByOrg(org.id)) > 0 || (await billing.hasArrears(org.id))) return 'error.orgHasInstances';
    return null;
  };

  app.get<IdParams>('/api/org/remove/:id/check', { config: { policy: { access: 'org' } } }, async (request) => {
    const reason = await deleteRefusal(request);
    const check: OrgDeleteCheck = { deletable: reason === null, reason };
    return ok(check);
  });

  app.delete<IdParams>(
    '/api/org/remove/:id',
    {
      config: {
        policy: {
          access: 'org',
          write: true,
          mfa: MfaOperation.ORG_DELETE,
          // Refused before the second factor is asked for (issue 14 item 13).
          precondition: async (request) => {
            const reason = await deleteRefusal(request as FastifyRequest<IdParams>);
            if (reason === 'error.ownerOnly') throw ApiError.forbidden(reason);
            if (reason) throw ApiError.conflict(reason);
          },
          activity: { type: 'organization', operation: 'delete' },
        },
      },
    },
    async (request) => {
      // The precondition has checked the owner, instances and arrears.
      await deleteOrganization(db, orgOf(request).orgId);
      // The organization and its log are gone: nothing more to record.
      request.orgActor = null;
      return ok(null);
    },
  );

  app.get('/api/privilege', { config: { policy: { access: 'org' } } }, async (request) => {
    const ctx = orgOf(request);
    const info: PrivilegeInfo = { orgId: ctx.orgId, isOwner: ctx.isOwner, privileges: [...ctx.privileges].sort() as PrivilegeName[] };
    return ok(info);
  });
};
