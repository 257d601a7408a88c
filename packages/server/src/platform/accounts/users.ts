import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AccountStatus, type Language } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import type { Clock } from '../../clock';
import { users, type UserRow } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { hashPassword } from './passwords';

/** E-mail addresses are kept in lower case (the §5 rule accepts lower case only; this also folds look-ups). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updateUser(db: Db, clock: Clock, id: string, changes: Partial<Omit<UserRow, 'id' | 'createdAt'>>): Promise<UserRow> {
  const rows = await db
    .update(users)
    .set({ ...changes, updatedAt: clock.now() })
    .where(eq(users.id, id))
    .returning();
  if (!rows[0]) throw ApiError.notFound();
  return rows[0];
}

/**
 * Activates a pending (REGISTERING) account, provided its password is still `passwordHash` (the one the activation
 * was proved with): false when a newer sign-up replaced it meanwhile, or the account is no longer pending.
 */
export async function activatePendingUser(db: Db, clock: Clock, id: string, passwordHash: string): Promise<boolean> {
  const now = clock.now();
  const rows = await db
    .update(users)
    .set({ status: 'ACTIVE', activatedAt: now, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.status, 'REGISTERING'), eq(users.passwordHash, passwordHash)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export interface NewUser {
  email: string;
  /** Plain password; null leaves the account without one (the user sets it through "forgot password"). */
  password?: string | null;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  language?: Language;
  /** Defaults to 1 (incomplete: the user completes company/industry/position/country at /register). */
  accountStatus?: number;
}

/**
 * Creates an account that can sign in at once (status ACTIVE): used by invitation acceptance and the demo seed.
 * An INVITED placeholder with the same e-mail is taken over; any other existing account is refused with
 * 'error.emailUsed'.
 */
export async function createActiveUser(db: Db, clock: Clock, input: NewUser): Promise<UserRow> {
  return upsertAccount(db, clock, input, 'ACTIVE');
}

/**
 * Creates a self-signed-up account waiting for its activation mail (status REGISTERING). An address still
 * waiting (INVITED, or REGISTERING: nobody proved the mailbox yet) is signed up again: the new sign-up's password
 * and names replace the pending ones, so an earlier sign-up by someone else never blocks the mailbox's owner; the
 * caller then issues a new activation link, which drops the older ones (account-tokens).
 */
export async function createRegisteringUser(db: Db, clock: Clock, input: NewUser): Promise<UserRow> {
  return upsertAccount(db, clock, input, 'REGISTERING');
}

/**
 * The account of an invited e-mail: the existing one, or a placeholder with status INVITED that sign-up or
 * createActiveUser later completes.
 */
export async function ensureInvitedUser(db: Db, clock: Clock, email: string, language: Language = 'en'): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  const now = clock.now();
  const rows = await db
    .insert(users)
    .values({ id: randomUUID(), email: normalizeEmail(email), status: 'INVITED', accountStatus: AccountStatus.INCOMPLETE_1, language, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0] ?? (await findUserByEmail(db, email))!;
}

/** Whether an existing account may be overwritten by a new account of that status (see the creators above). */
export function replaceableBy(existing: UserRow, status: 'ACTIVE' | 'REGISTERING'): boolean {
  return existing.status === 'INVITED' || (status === 'REGISTERING' && existing.status === 'REGISTERING');
}

async function upsertAccount(db: Db, clock: Clock, input: NewUser, status: 'ACTIVE' | 'REGISTERING'): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  const now = clock.now();
  const values = {
    passwordHash: input.password ? await hashPassword(input.password) : null,
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    companyName: input.companyName ?? '',
    language: input.language ?? 'en',
    status,
    accountStatus: input.accountStatus ?? AccountStatus.INCOMPLETE_1,
    activatedAt: status === 'ACTIVE' ? now : null,
    updatedAt: now,
  } as const;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!replaceableBy(existing, status)) throw ApiError.conflict('error.emailUsed');
    return updateUser(db, clock, existing.id, values);
  }
  const rows = await db
    .insert(users)
    .values({ id: randomUUID(), email, createdAt: now, ...values })
    .onConflictDoNothing({ target: users.email })
    .returning();
  // Lost a race with a concurrent sign-up of the same address.
  if (!rows[0]) throw ApiError.conflict('error.emailUsed');
  return rows[0];
}
