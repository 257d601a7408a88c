import type { FastifyPluginAsync } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  ApiCode,
  marketplaceCheckSchema,
  marketplaceRegisterSchema,
  ok,
  type MarketplaceCheckResponse,
  type MarketplaceKindValue,
  type MarketplaceRegisterResponse,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { Db } from '../../store/database';
import { marketplaceCustomers, organizations, type UserRow } from '../../store/schema';
import { parseWith } from '../../http/validate';
import { ApiError } from '../../http/api-error';
import { checkPassword, requireSecondFactorAlong, startSession } from '../auth/signin-service';
import { createOrganization, deleteOrganization } from '../orgs/org-service';
import type { OrganizationRow } from '../../store/schema';
import { marketplaceProviders, type MarketplaceSubscription } from './marketplace';
import { createActiveUser, findUserByEmail, normalizeEmail } from './users';
import { consumeVerifiedEmail } from './email-codes';

const ORG_NAME: Record<MarketplaceKindValue, string> = { aws: 'AWS-Marketplace', azure: 'Azure-Marketplace' };
/** Further names when the owner already has one (organization names take letters only, §5). */
const SUFFIXES = ['', ...'BCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((c) => `-${c}`)];

/** Whether the subscription is linked to an organization that still exists (a stale link is dropped). */
async function isBound(db: Db, sub: MarketplaceSubscription): Promise<boolean> {
  const key = and(eq(marketplaceCustomers.marketplace, sub.marketplace), eq(marketplaceCustomers.customerId, sub.customerId));
  const rows = await db
    .select({ orgId: marketplaceCustomers.orgId, org: organizations.id })
    .from(marketplaceCustomers)
    .leftJoin(organizations, eq(organizations.id, marketplaceCustomers.orgId))
    .where(key)
    .limit(1);
  if (!rows[0]) return false;
  if (rows[0].org) return true;
  await db.delete(marketplaceCustomers).where(key);
  return false;
}

async function marketplaceOrganization(db: Db, deps: AppDeps, owner: UserRow, marketplace: MarketplaceKindValue): Promise<OrganizationRow> {
  for (const suffix of SUFFIXES) {
    try {
      const org = await createOrganization(db, deps.clock, { owner, name: `${ORG_NAME[marketplace]}${suffix}`, marketplaceType: marketplace });
      if (org) return org;
    } catch (error) {
      if (!(error instanceof ApiError && error.messageKey === 'error.orgNameUsed')) throw error;
    }
  }
  throw ApiError.conflict('error.orgNameUsed');
}

/**
 * Marketplace landing (§2 /auth/aws, /auth/azure): check the registration token, then register or sign in and
 * link the subscription to a new organization of that marketplace type (marketplaceType, §3).
 */
export const marketplaceRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const providers = marketplaceProviders(deps.config.marketplaces);

  const resolve = async (marketplace: MarketplaceKindValue, token: string): Promise<MarketplaceSubscription> => {
    const sub = await providers[marketplace].resolve(token, deps.clock.now());
    if (!sub) throw new ApiError(ApiCode.BAD_REQUEST, 'error.marketplaceTokenInvalid');
    return sub;
  };

  app.post('/uc/api/auth/marketplace/check', { config: { policy: { access: 'public' } } }, async (request) => {
    const body = parseWith(marketplaceCheckSchema, request.body);
    const sub = await resolve(body.marketplace, body.token);
    return ok<MarketplaceCheckResponse>({ marketplace: sub.marketplace, customerId: sub.customerId, productCode: sub.productCode, email: sub.email, bound: await isBound(db, sub) });
  });

  app.post('/uc/api/auth/register/marketplace', { config: { policy: { access: 'public' } } }, async (request, reply) => {
    const body = parseWith(marketplaceRegisterSchema, request.body);
    const sub = await resolve(body.marketplace, body.token);
    if (await isBound(db, sub)) throw ApiError.conflict('error.marketplaceBound');
    const email = normalizeEmail(body.email);

    let user: UserRow;
    if (body.newAccount) {
      const existing = await findUserByEmail(db, email);
      if (existing && existing.status !== 'INVITED') throw ApiError.conflict('error.emailUsed');
      if (!(await consumeVerifiedEmail(db, deps.clock, email))) throw new ApiError(ApiCode.BAD_REQUEST, 'error.emailNotVerified', [email]);
      user = await createActiveUser(db, deps.clock, { email, password: body.password, firstName: body.firstName, lastName: body.lastName, language: request.lang });
    } else {
      user = await checkPassword(deps, request, { email, password: body.password });
      await requireSecondFactorAlong(deps, request, user, body.mfaCode);
    }

    const org = await marketplaceOrganization(db, deps, user, sub.marketplace);
    const linked = await db
      .insert(marketplaceCustomers)
      .values({ marketplace: sub.marketplace, customerId: sub.customerId, productCode: sub.productCode, userId: user.id, orgId: org.id, createdAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ orgId: marketplaceCustomers.orgId });
    if (linked.length === 0) {
      // A concurrent registration of the same subscription won.
      await deleteOrganization(db, org.id);
      throw ApiError.conflict('error.marketplaceBound');
    }
    return ok<MarketplaceRegisterResponse>({ ...(await startSession(deps, request, reply, user)), orgId: org.id });
  });
};
