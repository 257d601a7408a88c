import { and, eq, ne } from 'drizzle-orm';
import { AppType, PlanLevel } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { secretBox } from '../../secrets/secret-box';
import { instances } from '../../store/schema';
import { cloudsFrom } from '../catalog/clouds';
import { newInstanceRow } from './new-instance';

export interface SeededInstance {
  id: string;
  /**
   * The token of an instance created by this seed; null for one that existed: it keeps its token, which only its
   * hash records (so it cannot be shown again), and gateway clients using it keep working across restarts.
   */
  token: string | null;
}

/**
 * An organization's instance by alias, for seeding outside a request (the demo of `npm start`): created on the free
 * plan in the first configured cloud and region when the organization has none by that alias, and started by the
 * lifecycle of the running server like any instance asked to run. An existing one is left as it is: its state (a user
 * may have suspended it) and its token (reset in the console when lost; docs/operations.md "The demo instance").
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
  if (existing) return { id: existing.id, token: null };
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
