import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../store/database';
import { supportStaff, users } from '../../store/schema';
import type { Clock } from '../../clock';

/**
 * Support staff (docs/support.md "Desk"): accounts the operator names (`ops staff add EMAIL`). Being staff opens the
 * desk's calls and nothing else: staff read and answer every organization's issues, never its instances or members.
 */
export async function isStaff(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ userId: supportStaff.userId }).from(supportStaff).where(eq(supportStaff.userId, userId)).limit(1);
  return rows.length > 0;
}

export async function addStaff(db: Db, clock: Clock, userId: string): Promise<void> {
  await db.insert(supportStaff).values({ userId, addedAt: clock.now() }).onConflictDoNothing();
}

export async function removeStaff(db: Db, userId: string): Promise<void> {
  await db.delete(supportStaff).where(eq(supportStaff.userId, userId));
}

export async function listStaff(db: Db): Promise<Array<{ id: string; email: string; name: string }>> {
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, nickname: users.nickname })
    .from(supportStaff)
    .innerJoin(users, eq(users.id, supportStaff.userId))
    .orderBy(asc(users.email));
  return rows.map((row) => ({ id: row.id, email: row.email, name: personName(row) }));
}

/** How a person is named in a ticket: nickname, else full name, else the e-mail address. */
export function personName(user: { email: string; firstName: string; lastName: string; nickname: string }): string {
  return user.nickname || `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The people a set of ids name, for tickets' authors, actors and assignees. */
export async function peopleById(db: Db, ids: Iterable<string | null>): Promise<Map<string, { id: string; name: string; email: string }>> {
  const wanted = [...new Set([...ids].filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, { id: row.id, email: row.email, name: personName(row) }]));
}
