import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { AppType, PlanLevel } from '@tscloud/contracts';
import type { Clock } from '../../clock';
import type { Db } from '../../store/database';
import { instances } from '../../store/schema';
import { cloudsFrom } from '../../region/catalog/clouds';
import { ENGINE_ADMIN_USER, newInstanceToken } from '../../region/instances/credentials';
import { newSealedEnginePassword } from '../../region/instances/engine-password';
import type { SecretBox } from '../../secrets/secret-box';

export const DEMO_INSTANCE_ALIAS = 'demo';

export interface DemoInstance {
  id: string;
  alias: string;
  /** A fresh instance token: only its hash is stored, so every seed resets it and hands out the new one. */
  token: string;
}

/**
 * The demo instance "demo" of the Demo organization: created (free plan, first configured cloud and region) when
 * the organization has none by that alias; the lifecycle of the running server starts it like any instance asked to
 * run. An existing one keeps its state (a user may have suspended it) and only gets a new token.
 */
export async function seedDemoInstance(db: Db, clock: Clock, secrets: SecretBox, orgId: string, createdBy: string): Promise<DemoInstance> {
  const { token, hash } = newInstanceToken();
  const now = clock.now();
  const [existing] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.orgId, orgId), eq(instances.alias, DEMO_INSTANCE_ALIAS), ne(instances.status, 'Deleted')))
    .limit(1);
  if (existing) {
    await db.update(instances).set({ tokenHash: hash, updatedAt: now }).where(eq(instances.id, existing.id));
    return { id: existing.id, alias: DEMO_INSTANCE_ALIAS, token };
  }
  const cloud = cloudsFrom()[0];
  const id = randomUUID();
  await db.insert(instances).values({
    id,
    orgId,
    name: `tsdb-${randomBytes(6).toString('hex')}`,
    alias: DEMO_INSTANCE_ALIAS,
    appType: AppType.TSDB,
    cloudId: cloud.id,
    regionId: cloud.regions[0].id,
    planLevel: PlanLevel.FREE,
    ha: 0,
    desiredState: 'running',
    status: 'Starting',
    engineUser: ENGINE_ADMIN_USER,
    enginePassword: newSealedEnginePassword(secrets, id),
    tokenHash: hash,
    createdBy,
    createdAt: now,
    updatedAt: now,
  });
  return { id, alias: DEMO_INSTANCE_ALIAS, token };
}
