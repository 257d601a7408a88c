import { and, eq, ne } from 'drizzle-orm';
import { AppType, PlanLevel } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { secretBox } from '../../secrets/secret-box';
import { instances } from '../../store/schema';
import { cloudsFrom } from '../catalog/clouds';
import { newInstanceToken } from './credentials';
import { newInstanceRow } from './new-instance';

export interface SeededInstance {
  id: string;
  /** A fresh instance token: only its hash is stored, so every seed resets it and hands out the new one. */
  token: string;
}

/**
 * An organization's instance by alias, for seeding outside a request (the demo of `npm start`): created on the free
 * plan in the first configured cloud and region when the organization has none by that alias, and started by the
 * lifecycle of the running server like any instance asked to run. An existing one keeps its state (a user may have
 * suspended it) and only gets a new token.
 */
export async function seedInstance(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
  wanted: { orgId: string; alias: string; createdBy: string },
): Promise<SeededInstance> {
  const { db } = deps.store;
  const now = deps.clock.now();
  const [existing] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.orgId, wanted.orgId), eq(instances.alias, wanted.alias), ne(instances.status, 'Deleted')))
    .limit(1);
  if (existing) {
    const { token, hash } = newInstanceToken();
    await db.update(instances).set({ tokenHash: hash, updatedAt: now }).where(eq(instances.id, existing.id));
    return { id: existing.id, token };
  }
  const cloud = cloudsFrom()[0];
  const { row, token } = newInstanceRow(secretBox(deps.config.secrets), now, {
    ...wanted,
    appType: AppType.TSDB,
    cloudId: cloud.id,
    regionId: cloud.regions[0].id,
    planLevel: PlanLevel.FREE,
    ha: 0,
  });
  await db.insert(instances).values(row);
  return { id: row.id, token };
}
