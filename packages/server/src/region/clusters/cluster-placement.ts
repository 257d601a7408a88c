import { randomInt } from 'node:crypto';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../store/database';
import { instances, tdengineClusters } from '../../store/schema';
import { newNamespaceId } from './tenant-guard';

/** Where a new instance of a region goes when the region has TDengine clusters (docs/clusters.md decision 2). */
export interface ClusterPlacement {
  clusterId: string;
  namespace: string;
}

/**
 * The active cluster of the region with the most room, or null when it has none with room (the instance then runs
 * on the local provisioner, an engine process of ours). Called in the create's transaction: one placement at a
 * time per region, so two creates cannot both take a cluster's last place.
 */
export async function placeOnCluster(tx: Db, regionId: string): Promise<ClusterPlacement | null> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`clusters:${regionId}`}))`);
  const clusters = await tx
    .select({ id: tdengineClusters.id, maxInstances: tdengineClusters.maxInstances, used: count(instances.id) })
    .from(tdengineClusters)
    .leftJoin(instances, and(eq(instances.clusterId, tdengineClusters.id), ne(instances.status, 'Deleted')))
    .where(and(eq(tdengineClusters.regionId, regionId), eq(tdengineClusters.state, 'active'), ne(tdengineClusters.health, 'unreachable')))
    .groupBy(tdengineClusters.id, tdengineClusters.maxInstances);
  const roomy = clusters.filter((c) => c.used < c.maxInstances).sort((a, b) => b.maxInstances - b.used - (a.maxInstances - a.used));
  return roomy.length > 0 ? { clusterId: roomy[0].id, namespace: newNamespaceId() } : null;
}

/** The engine user an instance's statements run as on its cluster: the namespace's own administrator. */
export const namespaceAdminUser = (namespace: string) => `${namespace}_admin`;

/**
 * A password TDengine 3.3.7 takes for a user (8–16 characters of at least three classes: error 0x0353 otherwise):
 * 16 letters and digits, each class present.
 */
export function newClusterUserPassword(): string {
  const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];
  const all = classes.join('');
  const chars = classes.map((set) => set[randomInt(set.length)]);
  while (chars.length < 16) chars.push(all[randomInt(all.length)]);
  // The three guaranteed characters at random places.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
