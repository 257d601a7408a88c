import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { Privilege, type Alert, type AlertTypeValue, type Page } from '@tscloud/contracts';
import type { Clock } from '../../clock';
import type { Db } from '../../store/database';
import { alerts, orgMembers, organizations } from '../../store/schema';
import { liveGrantsOf } from '../access/effective-grants';
import { grantCovers } from '../access/resource-access';

export interface NewAlert {
  orgId: string;
  type: AlertTypeValue;
  content: string;
  instanceId?: string | null;
  /** Recipients; by default the owner and every ACTIVE member holding alert:read on the organization or instance. */
  userIds?: string[];
}

async function defaultRecipients(db: Db, now: number, orgId: string, instanceId: string | null): Promise<string[]> {
  const rows = await db
    .select({ memberId: orgMembers.id, userId: orgMembers.userId, ownerId: organizations.ownerId })
    .from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.status, 'ACTIVE')));
  const recipients: string[] = [];
  for (const row of rows) {
    if (!row.userId) continue;
    if (row.userId === row.ownerId) {
      recipients.push(row.userId);
      continue;
    }
    const grants = await liveGrantsOf(db, now, orgId, row.memberId);
    const covers = (g: (typeof grants)[number]) => g.resType === 'ORG' || (instanceId !== null && grantCovers(g, { instanceId }));
    if (grants.some((g) => g.privileges.includes(Privilege.ALERT_READ) && covers(g))) recipients.push(row.userId);
  }
  return recipients;
}

/** Records an alert for its recipients (the monitoring area calls this when a CPU, memory or disk limit is hit). */
export async function createAlert(db: Db, clock: Clock, alert: NewAlert): Promise<string[]> {
  const now = clock.now();
  const instanceId = alert.instanceId ?? null;
  const userIds = alert.userIds ?? (await defaultRecipients(db, now, alert.orgId, instanceId));
  if (userIds.length === 0) return [];
  const rows = userIds.map((userId) => ({ id: randomUUID(), orgId: alert.orgId, userId, instanceId, type: alert.type, content: alert.content, createdAt: now }));
  await db.insert(alerts).values(rows);
  return rows.map((r) => r.id);
}

function mine(userId: string, orgId: string, extra?: SQL): SQL {
  return and(eq(alerts.userId, userId), eq(alerts.orgId, orgId), extra) as SQL;
}

export async function listAlerts(db: Db, userId: string, orgId: string, query: { current_page: number; page_size: number; status?: number }): Promise<Page<Alert>> {
  const where = mine(userId, orgId, query.status === undefined ? undefined : eq(alerts.read, query.status === 1));
  const rows = await db
    .select()
    .from(alerts)
    .where(where)
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(query.page_size)
    .offset((query.current_page - 1) * query.page_size);
  const total = Number((await db.select({ n: count() }).from(alerts).where(where))[0]?.n ?? 0);
  return {
    list: rows.map((r) => ({ id: r.id, type: r.type, content: r.content, instanceId: r.instanceId, read: r.read, createdAt: r.createdAt })),
    total,
    current_page: query.current_page,
    page_size: query.page_size,
  };
}

export async function unreadCount(db: Db, userId: string, orgId: string): Promise<number> {
  return Number((await db.select({ n: count() }).from(alerts).where(mine(userId, orgId, eq(alerts.read, false))))[0]?.n ?? 0);
}

/** Marks the caller's own alerts read; ids of other users' alerts are ignored. Returns how many changed. */
export async function markRead(db: Db, userId: string, orgId: string, ids: string[]): Promise<number> {
  const rows = await db.update(alerts).set({ read: true }).where(mine(userId, orgId, inArray(alerts.id, ids))).returning({ id: alerts.id });
  return rows.length;
}

export async function deleteAlerts(db: Db, userId: string, orgId: string, ids: string[]): Promise<number> {
  const rows = await db.delete(alerts).where(mine(userId, orgId, inArray(alerts.id, ids))).returning({ id: alerts.id });
  return rows.length;
}
