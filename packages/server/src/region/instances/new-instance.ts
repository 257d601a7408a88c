import { randomBytes, randomUUID } from 'node:crypto';
import { AppType, type AppTypeValue, type PlanLevelValue } from '@tscloud/contracts';
import type { SecretBox } from '../../secrets/secret-box';
import type { instances } from '../../store/schema';
import { ENGINE_ADMIN_USER, newInstanceToken } from './credentials';
import { enginePasswordContext, newSealedEnginePassword } from './engine-password';
import { namespaceAdminUser, newClusterUserPassword, type ClusterPlacement } from '../clusters/cluster-placement';

/** What the creator chooses for a new instance; the rest (name, credentials, state) is decided here. */
export interface NewInstanceChoice {
  orgId: string;
  alias: string;
  appType: AppTypeValue;
  cloudId: string;
  regionId: string;
  planLevel: PlanLevelValue;
  ha: 0 | 1;
  createdBy: string;
}

/**
 * The stored row of a new instance asked to run (the lifecycle starts it): a random name, the engine superuser
 * with a fresh password sealed to the instance, and a fresh token, returned once since only its hash is stored.
 * Written once for the create call and for seeding.
 */
export function newInstanceRow(box: SecretBox, now: number, choice: NewInstanceChoice): { row: typeof instances.$inferInsert; token: string } {
  const { token, hash } = newInstanceToken();
  const id = randomUUID();
  const row = {
    ...choice,
    id,
    name: `${choice.appType === AppType.TDASSET ? 'idmp' : 'tsdb'}-${randomBytes(6).toString('hex')}`,
    desiredState: 'running' as const,
    status: 'Starting' as const,
    engineUser: ENGINE_ADMIN_USER,
    enginePassword: newSealedEnginePassword(box, id),
    tokenHash: hash,
    createdAt: now,
    updatedAt: now,
  };
  return { row, token };
}

/**
 * The new row placed on a TDengine cluster (docs/clusters.md): its namespace, and the namespace's administrator as
 * the engine user, with a password of the shape the cluster takes. Unchanged without a placement.
 */
export function placedRow(box: SecretBox, row: typeof instances.$inferInsert, placement: ClusterPlacement | null): typeof instances.$inferInsert {
  if (!placement) return row;
  return {
    ...row,
    clusterId: placement.clusterId,
    clusterNamespace: placement.namespace,
    engineUser: namespaceAdminUser(placement.namespace),
    enginePassword: box.seal(newClusterUserPassword(), enginePasswordContext(row.id)),
  };
}
