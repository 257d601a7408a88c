import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../store/database';
import { instances, tdengineClusters, type ClusterRow, type ClusterState } from '../../store/schema';
import { openWithKnownKeys, type SecretBox } from '../../secrets/secret-box';
import { basicAuthorization, type EngineTarget } from '../engine-client/rest-call';
import type { ClusterCheck } from './cluster-check';

/** Cluster names: what operators type in `ops cluster …`. */
const NAME = /^[a-z][a-z0-9-]{0,39}$/;

export const clusterPasswordContext = (clusterId: string) => `tdengine_clusters.admin_password:${clusterId}`;

export interface NewCluster {
  name: string;
  regionId: string;
  restUrl: string;
  adminUser: string;
  adminPassword: string;
  maxInstances: number;
}

/** The input's problems in the operator's words (none: an empty list). */
export function clusterInputProblems(input: NewCluster): string[] {
  const problems: string[] = [];
  if (!NAME.test(input.name)) problems.push('the name is 1–40 lower-case letters, digits and dashes, starting with a letter');
  if (!input.regionId) problems.push('a region is required');
  const url = URL.canParse(input.restUrl) ? new URL(input.restUrl) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    problems.push('the REST endpoint is an http(s) URL without credentials, query or fragment (e.g. http://taosadapter:6041)');
  }
  if (!input.adminUser) problems.push('the superuser name is required');
  if (!input.adminPassword) problems.push('the superuser password is required');
  if (!Number.isInteger(input.maxInstances) || input.maxInstances < 1) problems.push('the instance capacity is a whole number of at least 1');
  return problems;
}

/** Stores a cluster (its password sealed to its row), with what a first check found. */
export async function addCluster(db: Db, box: SecretBox, now: number, input: NewCluster, check: ClusterCheck): Promise<ClusterRow> {
  const id = randomUUID();
  const [row] = await db
    .insert(tdengineClusters)
    .values({
      id,
      name: input.name,
      regionId: input.regionId,
      restUrl: input.restUrl.replace(/\/+$/, ''),
      adminUser: input.adminUser,
      adminPassword: box.seal(input.adminPassword, clusterPasswordContext(id)),
      maxInstances: input.maxInstances,
      state: 'active',
      serverVersion: check.serverVersion,
      health: check.health,
      healthDetail: check.detail,
      checkedAt: now,
      createdAt: now,
    })
    .returning();
  return row;
}

export async function listClusters(db: Db): Promise<ClusterRow[]> {
  return db.select().from(tdengineClusters).orderBy(tdengineClusters.name);
}

/** What an instance shows of the cluster it lives on: its name and detected version. */
export type InstanceCluster = Pick<ClusterRow, 'id' | 'name' | 'serverVersion'>;

/** The clusters of these instances by id (one read for a list of instances). */
export async function clustersOfInstances(db: Db, rows: readonly { clusterId: string | null }[]): Promise<Map<string, InstanceCluster>> {
  const ids = [...new Set(rows.map((r) => r.clusterId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: tdengineClusters.id, name: tdengineClusters.name, serverVersion: tdengineClusters.serverVersion })
    .from(tdengineClusters)
    .where(inArray(tdengineClusters.id, ids));
  return new Map(found.map((c) => [c.id, c]));
}

export async function findClusterByName(db: Db, name: string): Promise<ClusterRow | null> {
  const [row] = await db.select().from(tdengineClusters).where(eq(tdengineClusters.name, name)).limit(1);
  return row ?? null;
}

/** How the server reaches the cluster as its superuser. */
export function clusterTarget(row: Pick<ClusterRow, 'id' | 'restUrl' | 'adminUser' | 'adminPassword'>): EngineTarget {
  return { url: row.restUrl, authorization: basicAuthorization(row.adminUser, openWithKnownKeys(row.adminPassword, clusterPasswordContext(row.id))) };
}

export async function recordCheck(db: Db, id: string, now: number, check: ClusterCheck): Promise<void> {
  await db
    .update(tdengineClusters)
    .set({ health: check.health, healthDetail: check.detail, serverVersion: check.serverVersion ?? undefined, checkedAt: now })
    .where(eq(tdengineClusters.id, id));
}

export async function setClusterState(db: Db, id: string, state: ClusterState): Promise<void> {
  await db.update(tdengineClusters).set({ state }).where(eq(tdengineClusters.id, id));
}

/** Instances living on the cluster (deleted ones aside). */
export async function clusterInstanceCount(db: Db, id: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(instances)
    .where(and(eq(instances.clusterId, id), ne(instances.status, 'Deleted')));
  return n;
}

/** Removes a cluster that holds no instance; deleted instances' rows let go of it. False when instances live on it. */
export async function removeCluster(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await clusterInstanceCount(tx, id)) > 0) return false;
    await tx.update(instances).set({ clusterId: null }).where(eq(instances.clusterId, id));
    await tx.delete(tdengineClusters).where(eq(tdengineClusters.id, id));
    return true;
  });
}
