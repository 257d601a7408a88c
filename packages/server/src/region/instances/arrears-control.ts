import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../store/database';
import { instances } from '../../store/schema';
import { requestState } from './instance-repo';

/**
 * What billing's arrears actions (platform/billing/arrears) ask of the region, as the control calls would: stop an
 * organization's instances, start again those it stopped, and delete them when the arrears ran past a month. Each
 * records what is wanted; the lifecycle does the work once nudged.
 */

/** The statuses a suspend is allowed from (as PUT …/cluster/suspend). */
const SUSPENDABLE = ['Running', 'Starting', 'Failed', 'Error', 'Warning', 'Ready'] as const;

/** Asks every live instance of the organization to stop; the ids of those it moved (others were stopped already). */
export async function suspendOrgInstances(db: Db, now: number, orgId: string): Promise<string[]> {
  const live = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.orgId, orgId), ne(instances.desiredState, 'deleted'), inArray(instances.status, [...SUSPENDABLE])));
  const moved: string[] = [];
  for (const { id } of live) if (await requestState(db, now, id, SUSPENDABLE, 'suspended', 'Suspending')) moved.push(id);
  return moved;
}

/** Starts again the instances arrears stopped (those still suspended: one deleted meanwhile stays so). */
export async function resumeInstances(db: Db, now: number, ids: readonly string[]): Promise<string[]> {
  const started: string[] = [];
  for (const id of ids) if (await requestState(db, now, id, ['Suspended', 'Suspending'], 'running', 'Starting')) started.push(id);
  return started;
}

/** Deletes the organization's suspended instances with their data (arrears of more than a month, §4). */
export async function deleteOrgInstances(db: Db, now: number, orgId: string): Promise<string[]> {
  const held = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.orgId, orgId), ne(instances.desiredState, 'deleted'), ne(instances.status, 'Deleted')));
  const deleted: string[] = [];
  for (const { id } of held) if (await requestState(db, now, id, ['Suspended', 'Suspending'], 'deleted', 'Suspended')) deleted.push(id);
  return deleted;
}
