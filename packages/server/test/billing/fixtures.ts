import { randomUUID } from 'node:crypto';
import type { PlanLevelValue } from '@tscloud/contracts';
import type { Sample } from '../../src/region/monitoring/metrics-db';
import type { Store } from '../../src/store/database';
import { instances } from '../../src/store/schema';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const GB = 2 ** 30;

/**
 * An instance row of an organization that runs no engine (suspended as far as the lifecycle is concerned): metering
 * reads only the samples written for it, so a test decides exactly what it "did".
 */
export async function instanceRow(store: Store, orgId: string, alias: string, planLevel: PlanLevelValue = 1, ha: 0 | 1 = 0): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await store.db.insert(instances).values({
    id,
    orgId,
    name: `tsdb-${id.slice(0, 8)}`,
    alias,
    appType: 'TSDB',
    cloudId: 'local',
    regionId: 'local',
    planLevel,
    ha,
    desiredState: 'suspended',
    status: 'Suspended',
    engineUser: 'root',
    enginePassword: 'unused',
    tokenHash: 'unused',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** A sample as the sampler writes it, with the plan the instance ran on. */
export function sample(instanceId: string, at: number, spanMs: number | null, planLevel: number, ha: 0 | 1, fields: Partial<Sample> = {}): Sample {
  return { instanceId, at, spanMs, cpu: 1, memBytes: 1, diskBytes: 0, inserts: 0, queries: 0, ingress: 0, egress: 0, planLevel, ha, ...fields };
}
