import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Table of migration 0130_mail_throttle.sql: account-mail counters per subject and window (epoch ms). */
export const mailThrottle = pgTable(
  'mail_throttle',
  {
    subject: text('subject').primaryKey(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    sends: integer('sends').notNull(),
  },
  (t) => [index('mail_throttle_window_idx').on(t.windowStart)],
);
