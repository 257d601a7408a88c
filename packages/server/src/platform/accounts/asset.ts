import { and, eq, lte, ne } from 'drizzle-orm';
import { ASSET_TOKEN_TTL_MS, AppType, Privilege, type AssetTokenInfo, type AssetTokenResponse } from '@tscloud/contracts';
import type { Clock } from '../../clock';
import type { Db } from '../../store/database';
import { assetTokens, instances, users, type UserRow } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { hashToken, newOpaqueToken } from '../sessions';
import { mayAccess } from '../access/resource-access';

/**
 * Tokens for one IDMP (asset, app_type TDASSET) instance's console. The console of an IDMP instance signs its
 * users in with their tscloud account: the user must be an active member of the instance's organization with
 * instance:read on that instance (owner, or a live grant covering it). The token works for that instance only
 * and is checked by the instance at POST /uc/api/auth/asset/verify; it is not a console session.
 */
export async function findAssetInstance(db: Db, instanceId: string): Promise<{ id: string; orgId: string; alias: string } | null> {
  const rows = await db
    .select({ id: instances.id, orgId: instances.orgId, alias: instances.alias })
    .from(instances)
    .where(and(eq(instances.id, instanceId), eq(instances.appType, AppType.TDASSET), ne(instances.status, 'Deleted')))
    .limit(1);
  return rows[0] ?? null;
}

/** The IDMP instance the user may open, or 'error.assetNotFound' alike for a missing instance and one without access. */
export async function assetInstanceFor(db: Db, clock: Clock, user: UserRow, instanceId: string): Promise<{ id: string; orgId: string; alias: string }> {
  const instance = await findAssetInstance(db, instanceId);
  const allowed =
    instance !== null &&
    (await mayAccess(db, clock, { userId: user.id, orgId: instance.orgId, privilege: Privilege.INSTANCE_READ, resource: { instanceId: instance.id } }));
  if (!instance || !allowed) throw ApiError.notFound('error.assetNotFound');
  return instance;
}

export async function issueAssetToken(db: Db, clock: Clock, userId: string, instance: { id: string; alias: string }): Promise<AssetTokenResponse> {
  const { token, hash } = newOpaqueToken();
  const now = clock.now();
  await db.delete(assetTokens).where(and(eq(assetTokens.userId, userId), lte(assetTokens.expiresAt, now)));
  const expiresAt = now + ASSET_TOKEN_TTL_MS;
  await db.insert(assetTokens).values({ tokenHash: hash, userId, instanceId: instance.id, createdAt: now, expiresAt });
  return { token, tokenType: 'Bearer', expiresAt, instanceId: instance.id, instanceAlias: instance.alias };
}

/**
 * What the IDMP instance learns of a token: the user, while the token is unexpired, issued for that instance,
 * the account still ACTIVE and the access still there (a grant may have been taken away meanwhile).
 */
export async function checkAssetToken(db: Db, clock: Clock, token: string, instanceId: string): Promise<AssetTokenInfo> {
  const rows = await db
    .select({ token: assetTokens, user: users })
    .from(assetTokens)
    .innerJoin(users, eq(users.id, assetTokens.userId))
    .where(eq(assetTokens.tokenHash, hashToken(token)))
    .limit(1);
  const found = rows[0];
  if (!found || found.token.instanceId !== instanceId || found.token.expiresAt <= clock.now() || found.user.status !== 'ACTIVE') {
    throw new ApiError(401, 'error.assetTokenInvalid');
  }
  await assetInstanceFor(db, clock, found.user, instanceId).catch(() => {
    throw new ApiError(401, 'error.assetTokenInvalid');
  });
  return { userId: found.user.id, email: found.user.email, instanceId, expiresAt: found.token.expiresAt };
}
