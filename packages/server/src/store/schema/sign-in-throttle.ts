import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Tables of migration 0140_sign_in_throttle.sql. Times are epoch milliseconds from the server's Clock. */
const int8 = (name: string) => bigint(name, { mode: 'number' });

export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    subject: text('subject').notNull(),
    client: text('client').notNull(),
    attempts: integer('attempts').notNull(),
    lastAttemptAt: int8('last_attempt_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.client] }), index('sign_in_throttle_last_idx').on(t.lastAttemptAt)],
);

export const signInKnownClients = pgTable(
  'sign_in_known_clients',
  {
    subject: text('subject').notNull(),
    client: text('client').notNull(),
    lastSuccessAt: int8('last_success_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.client] })],
);

export const signInUnlocks = pgTable(
  'sign_in_unlocks',
  {
    tokenHash: text('token_hash').primaryKey(),
    subject: text('subject').notNull(),
    createdAt: int8('created_at').notNull(),
    expiresAt: int8('expires_at').notNull(),
    usedAt: int8('used_at'),
  },
  (t) => [index('sign_in_unlocks_subject_idx').on(t.subject, t.createdAt)],
);
