import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { InstanceStatusValue } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { instances, type DesiredState, type InstanceRow } from '../../store/schema';

/** Store queries on instances, written once for routes, lifecycle and gateway. Deleted rows stay as history. */

export async function findInstance(db: Db, id: string): Promise<InstanceRow | null> {
  const rows = await db.select().from(instances).where(eq(instances.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A live (not deleted) instance of an organization. */
export async function findOrgInstance(db: Db, orgId: string, id: string): Promise<InstanceRow | null> {
  const rows = await db
    .select()
    .from(instances)
    .where(and(eq(instances.id, id), eq(instances.orgId, orgId), ne(instances.status, 'Deleted')))
    .limit(1);
  return rows[0] ?? null;
}

export async function listOrgInstances(db: Db, orgId: string): Promise<InstanceRow[]> {
  return db
    .select()
    .from(instances)
    .where(and(eq(instances.orgId, orgId), ne(instances.status, 'Deleted')))
    .orderBy(instances.createdAt);
}

export async function countOrgInstances(db: Db, orgId: string, planLevel?: number): Promise<number> {
  const conditions = [eq(instances.orgId, orgId), ne(instances.status, 'Deleted')];
  if (planLevel !== undefined) conditions.push(eq(instances.planLevel, planLevel as InstanceRow['planLevel']));
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(instances).where(and(...conditions));
  return Number(rows[0]?.n ?? 0);
}

export async function aliasTaken(db: Db, orgId: string, alias: string, exceptId?: string): Promise<boolean> {
  const conditions = [eq(instances.orgId, orgId), ne(instances.status, 'Deleted'), sql`lower(${instances.alias}) = lower(${alias})`];
  if (exceptId) conditions.push(ne(instances.id, exceptId));
  const rows = await db.select({ id: instances.id }).from(instances).where(and(...conditions)).limit(1);
  return rows.length > 0;
}

/**
 * Asks for a state change, atomically: only when the instance is in one of `from` (so two concurrent calls
 * cannot both start a deletion, say). Returns the changed row, or null when the status did not allow it.
 */
export async function requestState(
  db: Db,
  now: number,
  id: string,
  from: readonly InstanceStatusValue[],
  desired: DesiredState,
  status: InstanceStatusValue,
): Promise<InstanceRow | null> {
  const rows = await db
    .update(instances)
    .set({ desiredState: desired, status, statusReason: null, updatedAt: now })
    .where(and(eq(instances.id, id), inArray(instances.status, [...from]), ne(instances.desiredState, 'deleted')))
    .returning();
  return rows[0] ?? null;
}

/** The live instance whose token has this hash (the token-routed gateway entry); tokens are unique by chance. */
export async function findInstanceByTokenHash(db: Db, tokenHash: string): Promise<InstanceRow | null> {
  const rows = await db
    .select()
    .from(instances)
    .where(and(eq(instances.tokenHash, tokenHash), ne(instances.status, 'Deleted')))
    .limit(1);
  return rows[0] ?? null;
}
